import type { TitleEntry } from "../../ast/nodes.js";
import { insertLinesBefore, removeLines } from "../../diagnostics/line-fixes.js";
import { diagnostic } from "../../diagnostics/report.js";
import { nearest } from "../../diagnostics/suggest.js";
import { MEANINGFUL_TITLE_KEYS, TITLE_KEYS } from "../../language/title-keys.js";
import type { Rule } from "../rule.js";
import { hasLowerCase } from "../../language/letters.js";

// Keys with meaning, and common metadata keys that are only kept: a typo of a meaningful one is worth a word.
const KNOWN: readonly string[] = MEANINGFUL_TITLE_KEYS;
const ALL = new Set(TITLE_KEYS.map((k) => k.toLowerCase()));

/** Title-page keys are given once; a near-miss of a known key, and dialogue that ran into the title page, are flagged. */
export const titleKeys: Rule = {
  name: "title-page keys are meant",
  codes: ["POD0113", "POD0116", "POD0117"],
  create: (ctx) => {
    const seen = new Map<string, TitleEntry>();
    return {
      TitleEntry(entry) {
        const earlier = seen.get(entry.name);
        if (earlier !== undefined) {
          const line = earlier.span.start.line;
          ctx.report(
            diagnostic(
              "POD0117",
              entry.key.span,
              { key: entry.key.text, line },
              {
                help: "keep one entry per key",
                // Both Casts count (each entry casts its speakers): removing one would lose voices.
                ...(entry.name !== "cast" && {
                  fixes: [removeLines(ctx.source, line, earlier.span.end.line, `Remove the earlier ${earlier.key.text} (line ${line})`)],
                }),
              },
            ),
          );
        }
        seen.set(entry.name, entry);
        if (ALL.has(entry.name)) return;
        if (!hasLowerCase(entry.key.text) && ctx.cast.has(entry.key.text)) {
          ctx.report(
            diagnostic(
              "POD0113",
              entry.key.span,
              { key: entry.key.text },
              {
                help: "the title page runs until the first blank line: put a blank line before the dialogue",
                fixes: [insertLinesBefore(ctx.source, entry.span.start.line, [""], "Put a blank line before the dialogue")],
              },
            ),
          );
          return;
        }
        const near = nearest(entry.key.text, KNOWN);
        if (near) {
          ctx.report(
            diagnostic(
              "POD0116",
              entry.key.span,
              { key: entry.key.text },
              {
                help: `did you mean ${near}?`,
                fixes: [{ title: `Change to ${near}`, span: entry.key.span, replacement: near }],
              },
            ),
          );
        }
      },
    };
  },
};
