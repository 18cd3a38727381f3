import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { collapseWhiteSpace, isWhiteSpaceAt } from "../../src/lower/white-space.js";

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
