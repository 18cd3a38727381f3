import type { Spoken } from "../../ast/nodes.js";
import { diagnostic } from "../../diagnostics/report.js";
import type { Rule } from "../rule.js";

// An emoji or a symbol in a speech (`🎉`, `★`, `♥`) is sent as written: one voice reads its name aloud ("party
// popper"), another skips it, and the writer hears neither until the episode is paid for. Each is a warning naming the
// character, with the fix that removes it; words say what the symbol meant.

const SYMBOL =
  /(?:\p{Extended_Pictographic}|(?!\ufffd)\p{So}|\p{Regional_Indicator})(?:\u200d|\ufe0f|\u20e3|\p{Emoji_Modifier}|\p{Extended_Pictographic}|\p{Regional_Indicator})*/gu;

/** Whether a text may hold a symbol: every one lies past U+00A8 (©, ®, and the emoji far beyond). */
function mayHoldSymbol(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0xa9) return true;
  return false;
}

/** Emoji and symbols in spoken text, each reported with the fix that removes it. */
export const spokenSymbols: Rule = {
  name: "speeches hold no symbol a voice would read aloud",
  codes: ["POD0604"],
  create: (ctx) => {
    let reported = 0;
    const check = (part: Spoken) => {
      if (!mayHoldSymbol(part.text)) return;
      // The part's text is its source slice unless a note was cut out of it: then the symbol has no exact place.
      const exact = part.span.end.offset - part.span.start.offset === part.text.length;
      for (const m of part.text.matchAll(SYMBOL)) {
        if (reported++ >= 100) return; // bounded output on hostile input
        const symbol = m[0];
        const code = symbol.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
        // The fix takes one space with it, so that no double space is left.
        const before = m.index > 0 && part.text[m.index - 1] === " " ? 1 : 0;
        const after = !before && part.text[m.index + symbol.length] === " " ? 1 : 0;
        const start = part.span.start.offset + m.index;
        const span = exact ? ctx.source.span(start, start + symbol.length) : part.span;
        ctx.report(
          diagnostic(
            "POD0604",
            span,
            { symbol, code },
            {
              help: "remove it, or say in words what it means",
              ...(exact
                ? { fixes: [{ title: `Remove ${symbol}`, span: ctx.source.span(start - before, start + symbol.length + after), replacement: "" }] }
                : {}),
            },
          ),
        );
      }
    };
    return {
      Speech(speech) {
        for (const part of speech.parts) if (part.type === "Spoken") check(part);
      },
    };
  },
};
