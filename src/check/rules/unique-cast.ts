import { diagnostic } from "../../diagnostics/report.js";
import type { Rule } from "../rule.js";

/** Each label is cast once in a script: a second entry would silently win. */
export const uniqueCast: Rule = {
  name: "each speaker is cast once",
  create: (ctx) => {
    const seen = new Map<string, number>();
    return {
      CastEntry(entry) {
        const first = seen.get(entry.label.text);
        if (first === undefined) {
          seen.set(entry.label.text, entry.span.start.line);
          return;
        }
        ctx.report(
          diagnostic("POD0204", entry.label.span, `${entry.label.text} is already cast on line ${first}; this entry wins`, {
            help: "keep one entry per speaker",
          }),
        );
      },
    };
  },
};
