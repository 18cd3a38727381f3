import type { CastEntry } from "../../ast/nodes.js";
import { removeLines } from "../../diagnostics/line-fixes.js";
import { diagnostic } from "../../diagnostics/report.js";
import type { Rule } from "../rule.js";

/** Each label is cast once in a script: a second entry would silently win. */
export const uniqueCast: Rule = {
  name: "each speaker is cast once",
  codes: ["POD0204"],
  create: (ctx) => {
    const seen = new Map<string, CastEntry>();
    return {
      CastEntry(entry) {
        const first = seen.get(entry.label.text);
        seen.set(entry.label.text, entry);
        if (first === undefined) return;
        const line = first.span.start.line;
        ctx.report(
          diagnostic(
            "POD0204",
            entry.label.span,
            { label: entry.label.text, line },
            {
              help: "keep one entry per speaker",
              // Removing the earlier entry keeps the voice the script speaks with: this one wins either way.
              fixes: [removeLines(ctx.source, line, first.span.end.line, `Remove the earlier entry (line ${line})`)],
            },
          ),
        );
      },
    };
  },
};
