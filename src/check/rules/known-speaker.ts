import { diagnostic } from "../../diagnostics/report.js";
import { nearest } from "../../diagnostics/suggest.js";
import type { Rule } from "../rule.js";

/** Every speaker has a voice in the cast (the script's or the project's). */
export const knownSpeaker: Rule = {
  name: "every speaker is cast",
  create: (ctx) => ({
    Speech(speech) {
      const name = speech.speaker.name;
      if (ctx.cast.has(name)) return;
      const near = nearest(name, ctx.cast.keys());
      ctx.report(
        diagnostic("POD0201", speech.speaker.span, `unknown speaker ${name}`, {
          help: near
            ? `a declared speaker has a similar name: ${near}`
            : `declare ${name} in the title page's Cast, such as \`    ${name}: ${ctx.config.voices[0] ?? "Ethan"}\``,
          ...(near && { fixes: [{ title: `Change to ${near}`, span: speech.speaker.span, replacement: near }] }),
        }),
      );
    },
  }),
};
