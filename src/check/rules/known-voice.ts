import { diagnostic } from "../../diagnostics/report.js";
import { nearest } from "../../diagnostics/suggest.js";
import type { Rule } from "../rule.js";

/** Every voice in the script's Cast is one the project's voice list knows. */
export const knownVoice: Rule = {
  name: "every cast voice is a known voice",
  codes: ["POD0121", "POD0202"],
  create: (ctx) => {
    const voices = new Set(ctx.config.voices);
    return {
      CastEntry(entry) {
        const voice = entry.voice.text;
        if (voices.has(voice)) return;
        if (voice === "") {
          ctx.report(
            diagnostic(
              "POD0121",
              entry.span,
              { label: entry.label.text },
              {
                help: `give one of: ${ctx.config.voices.join(", ")}`,
              },
            ),
          );
          return;
        }
        const near = nearest(voice, voices);
        ctx.report(
          diagnostic(
            "POD0202",
            entry.voice.span,
            { voice },
            {
              help: near ? `a known voice has a similar name: ${near}` : `known voices: ${ctx.config.voices.join(", ")} (add more under "voices" in podc.json)`,
              ...(near && { fixes: [{ title: `Change to ${near}`, span: entry.voice.span, replacement: near }] }),
            },
          ),
        );
      },
    };
  },
};
