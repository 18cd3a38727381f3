import { describe, expect, it } from "vitest";
import { advanceCodePoints, codePointLength } from "../../src/lower/code-points.js";

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
