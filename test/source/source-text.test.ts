import { inspect } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SourceText } from "../../src/source/source-text.js";
import { codePointLength } from "../../src/source/text.js";

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

/** The position of an offset the plain way: its line from the naive table, its column in code points from the line start. */
function naivePosition(text: string, offset: number) {
  const starts = naiveStarts(text);
  let line = 0;
  while (line + 1 < starts.length && starts[line + 1]! <= offset) line++;
  return { line: line + 1, column: codePointLength(text, starts[line], offset) + 1, offset };
}

describe("positions", () => {
  // Emoji (surrogate pairs), lone halves of pairs, and lines long enough to cross the blocks pairs are counted in.
  const unit = fc.constantFrom("a", " ", "\n", "\r\n", "é", "😀", "\ud800", "\udc00", "x".repeat(70), "😀".repeat(40));

  it("are the same whatever order they are asked for in, on any text", () => {
    fc.assert(
      fc.property(fc.string({ unit }), fc.array(fc.nat(), { maxLength: 20 }), (text, picks) => {
        const source = new SourceText(text);
        for (const pick of picks) {
          const offset = pick % (text.length + 1);
          expect(source.positionAt(offset)).toEqual(naivePosition(text, offset));
        }
      }),
    );
  });

  it("of a span are read from its offsets when asked for, and it writes to JSON as a plain span", () => {
    const text = "HOST: 😀 hello\nGUEST: hi";
    const source = new SourceText(text);
    const span = source.span(text.indexOf("hello"), text.length);
    expect(span.start).toEqual({ line: 1, column: 9, offset: 9 });
    expect(span.end).toEqual({ line: 2, column: 10, offset: text.length });
    expect(JSON.parse(JSON.stringify(span))).toEqual({ start: span.start, end: span.end });
    expect(inspect(span)).toBe(inspect({ start: span.start, end: span.end }));
    // An end before the start is an empty span at the start.
    expect(source.span(5, 2).end).toEqual(source.span(5, 2).start);
  });
});
