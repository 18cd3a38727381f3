import { describe, expect, it } from "vitest";
import { withoutEmphasis } from "../../src/ast/emphasis.js";

describe("withoutEmphasis: what the voice reads", () => {
  it("drops the markers of emphasis and keeps the words", () => {
    expect(withoutEmphasis("a *b* **c** ***d*** _e_")).toBe("a b c d e");
  });

  it("leaves markers inside a word as written", () => {
    expect(withoutEmphasis("2*3*4 and snake_case_name")).toBe("2*3*4 and snake_case_name");
  });

  it("drops an escaping backslash and keeps the character literally", () => {
    expect(withoutEmphasis("\\*not emphasis\\* and \\\\ and \\#")).toBe("*not emphasis* and \\ and #");
  });

  it("an escaped letter still belongs to its word, so markers after it stay as written", () => {
    // Import escapes a line of dialogue that reads like a label (`A_:_`) with a backslash; it must be said the same.
    expect(withoutEmphasis("\\A_:_")).toBe(withoutEmphasis("A_:_"));
    expect(withoutEmphasis("\\x*y*")).toBe("x*y*");
  });
});
