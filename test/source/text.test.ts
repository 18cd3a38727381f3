import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { advanceCodePoints, codePointLength, collapseWhiteSpace, isWhiteSpaceAt } from "../../src/source/text.js";

describe("code points", () => {
  it("counts a character outside the BMP once", () => {
    expect(codePointLength("a😀b")).toBe(3);
    expect(codePointLength("a😀b", 1, 3)).toBe(1);
    expect(codePointLength("\ud800x")).toBe(2);
    expect(codePointLength("")).toBe(0);
  });

  it("advances by code points without splitting a pair, and stops at the end", () => {
    expect(advanceCodePoints("a😀b", 0, 2)).toBe(3);
    expect(advanceCodePoints("a😀b", 0, 10)).toBe(4);
    expect(advanceCodePoints("a😀b", 1, 1, 2)).toBe(2);
  });
});

describe("white space", () => {
  it("collapses exactly like replacing every \\s+ run with one space, then trimming", () => {
    const text = fc.string({ unit: fc.constantFrom("a", " ", "  ", "\t", "\n", "\r", "\u00a0", "\u3000", "\ufeff", "中") });
    fc.assert(
      fc.property(text, (input) => {
        expect(collapseWhiteSpace(input)).toBe(input.replace(/\s+/g, " ").trim());
      }),
    );
  });

  it("answers per character, and false past the end", () => {
    expect(["a", " ", "\t", "\u00a0", "\u3000", "x"].map((c) => isWhiteSpaceAt(c, 0))).toEqual([false, true, true, true, true, false]);
    expect(isWhiteSpaceAt("a", 1)).toBe(false);
  });
});
