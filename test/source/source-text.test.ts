import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SourceText } from "../../src/source/source-text.js";

/** Line starts the plain way: after every LF, CRLF or lone CR. */
function naiveStarts(text: string): number[] {
  const starts = [0];
  for (const m of text.matchAll(/\r\n|\r|\n/g)) starts.push(m.index + m[0].length);
  return starts;
}

describe("the line table", () => {
  it("starts a line after every LF, CRLF and lone CR, however many lines there are", () => {
    for (const text of ["", "a", "\n", "a\nb", "a\r\nb\rc\n", "\n".repeat(5000), "ab\n".repeat(40_000), "x".repeat(100) + "\n"]) {
      expect([...new SourceText(text).lineStarts]).toEqual(naiveStarts(text));
    }
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", " ", "\n", "\r", "é") }), (text) => {
        expect([...new SourceText(text).lineStarts]).toEqual(naiveStarts(text));
      }),
    );
  });
});
