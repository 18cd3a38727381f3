import type { Speech } from "../../ast/nodes.js";
import { diagnostic } from "../../diagnostics/report.js";
import type { Rule } from "../rule.js";

/**
 * A segment (the speech between two section headings or songs) uses at most `voicesPerRequest` voices: the service
 * renders a conversation between two voices. Reported once per segment, at the first speech over the limit.
 */
export const segmentVoices: Rule = {
  name: "a segment has at most two voices",
  create: (ctx) => {
    const limit = ctx.config.limits.voicesPerRequest;
    let voices = new Map<string, Speech>();
    let reported = false;
    const reset = () => {
      voices = new Map();
      reported = false;
    };
    return {
      Section: reset,
      Song: reset,
      Speech(speech) {
        const voice = ctx.cast.get(speech.speaker.name)?.voice;
        if (voice === undefined || voices.has(voice) || !speech.parts.some((p) => p.type === "Spoken")) return;
        voices.set(voice, speech);
        if (voices.size <= limit || reported) return;
        reported = true;
        const before = [...voices.values()]
          .slice(0, limit)
          .map((s) => `${s.speaker.name} (line ${s.speaker.span.start.line})`)
          .join(" and ");
        ctx.report(
          diagnostic("POD0403", speech.speaker.span, `a third voice in this segment: ${speech.speaker.name} (${voice})`, {
            help: `this segment already has ${before}; a podcast request holds ${limit} voices: start a new section (# heading) before ${speech.speaker.name} speaks`,
          }),
        );
      },
    };
  },
};
