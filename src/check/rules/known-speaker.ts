import type { Script } from "../../ast/nodes.js";
import type { Fix } from "../../diagnostics/diagnostic.js";
import { insertLinesAfter, insertLinesBefore } from "../../diagnostics/line-fixes.js";
import { diagnostic } from "../../diagnostics/report.js";
import { nearest } from "../../diagnostics/suggest.js";
import type { SourceText } from "../../source/source-text.js";
import type { CheckContext } from "../context.js";
import type { Rule } from "../rule.js";
import { hasLowerCase } from "../../language/letters.js";
import { screenplayCast } from "./uncast-screenplay.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";

/** Every speaker has a voice in the cast (the script's or the project's). */
export const knownSpeaker: Rule = {
  name: "every speaker is cast",
  codes: ["POD0201"],
  create: (ctx) => {
    // Each new speaker gets its own voice: the first of the project's voices nobody speaks with yet.
    const proposed = new Map<string, string>();
    const voiceFor = (label: string) => {
      let voice = proposed.get(label);
      if (voice === undefined) {
        const taken = new Set([...[...ctx.cast.values()].map((m) => m.voice), ...proposed.values()]);
        voice = ctx.config.voices.find((v) => !taken.has(v)) ?? ctx.config.voices[0] ?? "Ethan";
        proposed.set(label, voice);
      }
      return voice;
    };
    // A screenplay's are held to the end: if nobody in it is cast, uncast-screenplay says so once instead.
    const cast = screenplayCast(ctx);
    const held: Diagnostic[] | undefined = ctx.dialect === "fountain" ? [] : undefined;
    const report = (d: Diagnostic) => (held ? held.push(d) : ctx.report(d));
    return {
      Speech(speech) {
        cast.seen(speech);
        const name = speech.speaker.name;
        if (ctx.cast.has(name)) return;
        const near = nearest(name, ctx.cast.keys());
        const written = speech.speaker.forced && hasLowerCase(name) ? `@${name}` : name;
        const voice = voiceFor(name);
        const fixes: Fix[] = [];
        if (near) fixes.push({ title: `Change to ${near}`, span: speech.speaker.span, replacement: near });
        fixes.push(addToCast(ctx, written, voice));
        report(
          diagnostic(
            "POD0201",
            speech.speaker.span,
            { name },
            {
              help: near ? `a declared speaker has a similar name: ${near}` : `declare ${name} in the title page's Cast, such as \`    ${written}: ${voice}\``,
              fixes,
            },
          ),
        );
      },
      done() {
        if (held && !cast.uncast()) for (const d of held) ctx.report(d);
      },
    };
  },
};

/** The edit giving `label` the voice `voice` in the script's Cast: a new entry, a new Cast key, or a new title page. */
function addToCast(ctx: CheckContext, label: string, voice: string): Fix {
  const title = `Add ${label} to the Cast with the voice ${voice}`;
  const entry = `${label}: ${voice}`;
  const { script, source } = ctx;
  const page = script.titlePage;
  const cast = page?.entries.find((e) => e.name === "cast");
  if (cast) return insertLinesAfter(source, cast.span.end.line, [castIndent(script, source) + entry], title);
  if (page) return insertLinesAfter(source, page.span.end.line, ["Cast:", `    ${entry}`], title);
  return insertLinesBefore(source, 1, ["Cast:", `    ${entry}`, ""], title);
}

/** The indentation of the script's last Cast entry, so a new one lines up with it. */
function castIndent(script: Script, source: SourceText): string {
  const members = script.titlePage?.entries.flatMap((e) => e.cast ?? []) ?? [];
  const last = members[members.length - 1];
  if (!last) return "    ";
  return /^[ \t]*/.exec(source.lineText(last.span.start.line))![0] || "    ";
}
