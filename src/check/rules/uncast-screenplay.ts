import type { Speech } from "../../ast/nodes.js";
import type { Fix } from "../../diagnostics/diagnostic.js";
import { insertLinesAfter, insertLinesBefore } from "../../diagnostics/line-fixes.js";
import { diagnostic } from "../../diagnostics/report.js";
import { hasLowerCase } from "../../language/letters.js";
import type { CheckContext } from "../context.js";
import type { Rule } from "../rule.js";

// A Fountain screenplay has no Cast of its own: one opened as it came (no `Cast:` key, and none of its characters in
// podc.json's cast) is not a script with a hundred mistakes but one missing piece. It is said once, at the title page,
// with the fix that writes the whole Cast; known-speaker holds a screenplay's unknown speakers until the end and
// drops them when this rule speaks. A screenplay cast in part gets known-speaker's error at each uncast cue.

/** The names shown in the message before "and N more". */
const SHOWN = 3;

/**
 * Follows a walk's speeches to tell, at its end, whether the script is a screenplay nobody has cast yet: Fountain,
 * no Cast on its title page, and no speaker with a voice from podc.json.
 */
export function screenplayCast(ctx: CheckContext): { seen(speech: Speech): void; uncast(): boolean } {
  const screenplay = ctx.dialect === "fountain" && !ctx.script.titlePage?.entries.some((e) => e.name === "cast");
  let anyCast = false;
  return {
    seen: (speech) => {
      if (!anyCast && ctx.cast.has(speech.speaker.name)) anyCast = true;
    },
    uncast: () => screenplay && !anyCast,
  };
}

/** A Fountain screenplay with no cast at all gets one diagnostic, and a fix that casts every character. */
export const castScreenplay: Rule = {
  name: "a screenplay is cast",
  codes: ["POD0205"],
  create: (ctx) => {
    const speakers = new Map<string, Speech>();
    const cast = screenplayCast(ctx);
    return {
      Speech(speech) {
        cast.seen(speech);
        if (ctx.dialect === "fountain" && !speakers.has(speech.speaker.name)) speakers.set(speech.speaker.name, speech);
      },
      done() {
        const first = [...speakers.values()][0];
        if (first === undefined || !cast.uncast()) return;
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
  // Voices nobody in podc.json's cast speaks with first.
  const taken = new Set([...ctx.cast.values()].map((member) => member.voice));
  const all = ctx.config.voices.length > 0 ? ctx.config.voices : ["Ethan"];
  const voices = [...all.filter((v) => !taken.has(v)), ...all.filter((v) => taken.has(v))];
  const entries = speeches.map((speech, i) => {
    const { name, forced } = speech.speaker;
    return `    ${forced && hasLowerCase(name) ? `@${name}` : name}: ${voices[i % voices.length]}`;
  });
  const title = `Add a Cast of ${speeches.length === 1 ? "the character" : `all ${speeches.length} characters`} to the title page`;
  const page = ctx.script.titlePage;
  if (page) return insertLinesAfter(ctx.source, page.span.end.line, ["Cast:", ...entries], title);
  return insertLinesBefore(ctx.source, 1, ["Cast:", ...entries, ""], title);
}
