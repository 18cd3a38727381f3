import type { Parenthetical, Spoken } from "../../ast/nodes.js";
import { diagnostic } from "../../diagnostics/report.js";
import { MAX_PAUSE_MS, MIN_PAUSE_MS, readPause } from "../../language/pauses.js";
import type { Rule } from "../rule.js";
import { asParenthetical } from "./inline-tags.js";

// A pause is a parenthetical (`(beat)`, `(pause)`, `(pause 2s)`) and becomes silence in the episode. Two slips would
// lose it: a length podc cannot read (the pause is then no pause, so it is an error, never a guess at the unit), and a
// pause typed in the middle of a line, where a parenthetical is spoken text.

const PAUSE_IN_LINE = /\((beat|pause(?:\s[^()\n]{0,30})?)\)/gi;

/** Pauses are written so that podc can render them. */
export const pauses: Rule = {
  name: "pauses are readable and on a line of their own",
  codes: ["POD0901", "POD0902"],
  create: (ctx) => {
    const eol = ctx.source.text.includes("\r\n") ? "\r\n" : ctx.source.text.includes("\r") ? "\r" : "\n";
    const parenthetical = (part: Parenthetical) => {
      const reading = readPause(part.text);
      if (reading.kind !== "unreadable") return;
      const bare = /^\d+(?:[.,]\d+)?$/.test(reading.length);
      const range = `between ${MIN_PAUSE_MS / 1000} and ${MAX_PAUSE_MS / 1000} seconds`;
      const help = bare
        ? `write the unit: (pause ${reading.length}s) for seconds, (pause ${reading.length}ms) for milliseconds`
        : `write its length in seconds or milliseconds, ${range}: (pause 2s), (pause 500ms); or (beat), (pause)`;
      const fixes = bare ? [{ title: `Change to (pause ${reading.length}s)`, span: part.span, replacement: `(pause ${reading.length}s)` }] : [];
      ctx.report(diagnostic("POD0901", part.span, { length: reading.length }, { help, ...(fixes.length > 0 ? { fixes } : {}) }));
    };
    const spoken = (part: Spoken) => {
      if (part.text.indexOf("(") === -1) return;
      // The part's text is its source slice unless a note was cut out of it; then the whole part is underlined.
      const exact = part.span.end.offset - part.span.start.offset === part.text.length;
      for (const m of part.text.matchAll(PAUSE_IN_LINE)) {
        if (readPause(m[1]!).kind !== "pause") continue;
        const start = part.span.start.offset + m.index;
        const span = exact ? ctx.source.span(start, start + m[0].length) : part.span;
        const help = "a pause is a parenthetical on a line of its own, or right after the label's colon";
        const fix = asParenthetical(part, m.index, m[0].length, m[1]!, false, eol, ctx);
        ctx.report(diagnostic("POD0902", span, { pause: m[0] }, { help, ...(exact ? { fixes: [fix] } : {}) }));
      }
    };
    return {
      Speech(speech) {
        for (const part of speech.parts) {
          if (part.type === "Parenthetical") parenthetical(part);
          else if (part.type === "Spoken") spoken(part);
        }
      },
    };
  },
};
