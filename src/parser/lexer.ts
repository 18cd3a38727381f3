import { Lexer, type IToken } from "chevrotain";
import { contentEndOf, LineEnds, lineEndAt, opensWithTitlePage } from "./line-kinds.js";
import { beginLexing, Blank, endLexing, lexerDefinition } from "./tokens.js";

let lexer: Lexer | undefined;

/** About how many characters are lexed at a time. */
const CHUNK = 1 << 15;

/**
 * Splits masked text into line tokens, starting on the title page when the script has one. Offsets are into the whole
 * text; `lineStarts` is its line table (that of the source: masking keeps every line break).
 *
 * The tokens come a chunk at a time, each chunk ending with a blank line of the body (a Blank token): the grammar takes
 * a Blank only as a whole body item, so there it stands between two body items, and the chunks parse one after the
 * other exactly as the whole would (grammar.ts). Tokens then live only as long as their chunk, so a large script never
 * holds a token per line at once, which keeps its memory and garbage collection down. A chunk with no blank line is
 * lexed again twice as long, so lexing stays linear whatever the script.
 */
export function* lineTokens(masked: string, lineStarts: readonly number[]): Generator<IToken[]> {
  const ends = new LineEnds(masked, lineStarts);
  let mode = opensWithTitlePage(masked) ? "title" : "body";
  const length = masked.length;
  let start = 0;
  while (start < length) {
    for (let size = CHUNK; ; size *= 2) {
      const end = start + size >= length ? length : lineEndAt(masked, contentEndOf(masked, start + size));
      const tokens = tokenize(masked, ends, start, end, mode);
      let cut = tokens.length;
      if (end < length) {
        while (cut > 0 && tokens[cut - 1]!.tokenType !== Blank) cut--;
        if (cut === 0) continue;
        tokens.length = cut;
      }
      if (start > 0) {
        for (const token of tokens) {
          token.startOffset += start;
          token.endOffset! += start;
        }
      }
      const last = tokens[cut - 1];
      start = end === length ? length : last!.startOffset + last!.image.length;
      mode = "body";
      yield tokens;
      break;
    }
  }
}

/** The tokens of masked[start, end), lexed from `mode`; offsets are into the piece. */
function tokenize(masked: string, ends: LineEnds, start: number, end: number, mode: string): IToken[] {
  // Built on first use, so that commands which never parse do not pay for it.
  lexer ??= new Lexer(lexerDefinition, {
    positionTracking: "onlyOffset",
    ensureOptimizations: false,
    skipValidations: true,
  });
  beginLexing(masked, ends, start);
  let result;
  try {
    result = lexer.tokenize(start === 0 && end === masked.length ? masked : masked.slice(start, end), mode);
  } finally {
    endLexing();
  }
  // Every line matches some token of every mode, so the lexer cannot fail; an error here is a bug in podc.
  if (result.errors.length > 0) throw new Error(`internal: lexer could not classify offset ${result.errors[0]!.offset}`);
  return result.tokens;
}
