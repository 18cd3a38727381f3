import type { Speech } from "../../ast/nodes.js";
import type { Fix } from "../../diagnostics/diagnostic.js";
import { insertLinesAfter, insertLinesBefore } from "../../diagnostics/line-fixes.js";
import { diagnostic } from "../../diagnostics/report.js";
import { hasLowerCase } from "../../language/letters.js";
import type { CheckContext } from "../context.js";
import type { Rule } from "../rule.js";

// A Fountain screenplay has no Cast of its own: one opened as it came (no `Cast:` key, no cast in podc.json) is not a
// script with a hundred mistakes but one missing piece. It is said once, at the title page, with the fix that writes
// the whole Cast; known-speaker leaves such a screenplay's cues alone.

/** The names shown in the message before "and N more". */
const SHOWN = 3;

/** Whether a script is a screenplay nobody has cast yet: the rule below speaks for it, not one error per cue. */
export function uncastScreenplay(ctx: CheckContext): boolean {
  return ctx.dialect === "fountain" && ctx.cast.size === 0;
}

/** A Fountain screenplay with no cast at all gets one diagnostic, and a fix that casts every character. */
export const castScreenplay: Rule = {
  name: "a screenplay is cast",
  codes: ["POD0205"],
  create: (ctx) => {
    const speakers = new Map<string, Speech>();
    return {
      Speech(speech) {
        if (uncastScreenplay(ctx) && !speakers.has(speech.speaker.name)) speakers.set(speech.speaker.name, speech);
      },
      done() {
        const first = [...speakers.values()][0];
        if (first === undefined) return;
        const names = [...speakers.keys()];
        const { source, script } = ctx;
        const page = script.titlePage;
        const span = page ? source.span(source.lineStarts[page.span.start.line - 1]!, source.lineEnd(page.span.start.line)) : first.speaker.span;
        const more = names.length > SHOWN ? ` and ${names.length - SHOWN} more` : "";
        ctx.report(
          diagnostic(
            "POD0205",
            span,
            { count: names.length, names: names.slice(0, SHOWN).join(", ") + more },
            {
              help: "give each character a voice in a `Cast:` key on the title page (the quick fix writes one), or in podc.json's cast",
              fixes: [castFix(ctx, [...speakers.values()])],
            },
          ),
        );
      },
    };
  },
};

/** The Cast of every speaker, each with the next of the project's voices (round again when there are more speakers). */
function castFix(ctx: CheckContext, speeches: Speech[]): Fix {
  const voices = ctx.config.voices.length > 0 ? ctx.config.voices : ["Ethan"];
  const entries = speeches.map((speech, i) => {
    const { name, forced } = speech.speaker;
    return `    ${forced && hasLowerCase(name) ? `@${name}` : name}: ${voices[i % voices.length]}`;
  });
  const title = `Add a Cast of ${speeches.length === 1 ? "the character" : `all ${speeches.length} characters`} to the title page`;
  const page = ctx.script.titlePage;
  if (page) return insertLinesAfter(ctx.source, page.span.end.line, ["Cast:", ...entries], title);
  return insertLinesBefore(ctx.source, 1, ["Cast:", ...entries, ""], title);
}
