import { diagnostic } from "../../diagnostics/report.js";
import { nearest } from "../../diagnostics/suggest.js";
import { COMMON_TITLE_KEYS, isKnownTitleKey, MEANINGFUL_TITLE_KEYS } from "../../language/title-keys.js";
import type { Rule } from "../rule.js";

// Keys with meaning, and common metadata keys that are only kept: a typo of one of them is worth a word.
const KNOWN: readonly string[] = MEANINGFUL_TITLE_KEYS;
const COMMON: readonly string[] = COMMON_TITLE_KEYS;

/** Title-page keys are given once; a near-miss of a known key, and dialogue that ran into the title page, are flagged. */
export const titleKeys: Rule = {
  name: "title-page keys are meant",
  create: (ctx) => {
    const seen = new Map<string, number>();
    return {
      TitleEntry(entry) {
        const earlier = seen.get(entry.name);
        if (earlier !== undefined) {
          ctx.report(
            diagnostic("POD0117", entry.key.span, `${entry.key.text} is already given on line ${earlier}; this value wins`, {
              help: "keep one entry per key",
            }),
          );
        }
        seen.set(entry.name, entry.span.start.line);
        if (isKnownTitleKey(entry.name)) return;
        if (!/\p{Ll}/u.test(entry.key.text) && ctx.cast.has(entry.key.text)) {
          ctx.report(
            diagnostic("POD0113", entry.key.span, `${entry.key.text}: is read as title-page metadata, not dialogue`, {
              help: "the title page runs until the first blank line: put a blank line before the dialogue",
            }),
          );
          return;
        }
        const near = nearest(entry.key.text, KNOWN);
        if (near) {
          ctx.report(
            diagnostic("POD0116", entry.key.span, `unknown title-page key ${entry.key.text} is kept as metadata`, {
              help: `did you mean ${near}?`,
              fixes: [{ title: `Change to ${near}`, span: entry.key.span, replacement: near }],
            }),
          );
        }
      },
    };
  },
};
