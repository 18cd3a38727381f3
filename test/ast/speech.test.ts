import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withoutEmphasis } from "../../src/ast/emphasis.js";
import { spokenText } from "../../src/ast/speech.js";
import { collapseWhiteSpace } from "../../src/source/text.js";
import { note, paren, speech, spoken } from "../lower/build.js";

describe("spokenText", () => {
  it("joins lines with single spaces", () => {
    expect(spokenText(speech("HOST", ["Tonight we talk about the people", "who keep the city running."]))).toBe(
      "Tonight we talk about the people who keep the city running.",
    );
  });

  it("collapses runs of white space and trims the ends", () => {
    expect(spokenText(speech("HOST", ["  Hello,\t\t there  ", "   my   friend  "]))).toBe("Hello, there my friend");
  });

  it("collapses Unicode white space too (no-break space, ideographic space)", () => {
    expect(spokenText(speech("HOST", ["a\u00a0\u00a0b\u3000c"]))).toBe("a b c");
  });

  it("does not speak parentheticals", () => {
    const s = speech("GUEST", [paren("laughing", 1, 8), spoken("Thanks for having me.", 1, 19), paren("beat", 2), "Really."]);
    expect(spokenText(s)).toBe("Thanks for having me. Really.");
  });

  it("does not speak notes, on their own line or inline", () => {
    const s = speech("HOST", ["Welcome", note("check this", 2), "back."]);
    expect(spokenText(s)).toBe("Welcome back.");
    // `Hello [[x]] world` on one line: the white space around the note collapses to one space.
    const inline = speech("HOST", [spoken("Hello ", 1, 7), note("x", 1, 13), spoken(" world", 1, 18)]);
    expect(spokenText(inline)).toBe("Hello world");
  });

  it("does not split a word when a note sits inside it", () => {
    // `Reyk[[sp?]]javik`: the parts touch the note on both sides.
    const s = speech("HOST", [spoken("Reyk", 1, 7), note("sp?", 1, 11), spoken("javik", 1, 18)]);
    expect(spokenText(s)).toBe("Reykjavik");
  });

  it("joins lines with a space even when their spans touch", () => {
    const first = spoken("one", 1, 7);
    const second = spoken("two", 2, 1);
    const s = speech("HOST", [{ ...first, span: { start: first.span.start, end: second.span.start } }, second]);
    expect(spokenText(s)).toBe("one two");
  });

  it("joins parts that do not touch with a space even when the parser trimmed them", () => {
    const s = speech("HOST", [spoken("Hello", 1, 7), note("x", 1, 13), spoken("world", 1, 19)]);
    expect(spokenText(s)).toBe("Hello world");
  });

  it("is the joined lines collapsed", () => {
    // Mostly plain lines, some with a space at an end, some with what is not plain.
    const unit = fc.oneof(
      { arbitrary: fc.constantFrom("a", "B", ".", " "), weight: 12 },
      { arbitrary: fc.constantFrom("  ", "\t", '"', "\\", "*", "_", "é", "😀"), weight: 1 },
    );
    const line = fc.string({ unit, maxLength: 10 });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 4 }), (lines) => {
        const text = spokenText(speech("HOST", lines));
        const joined = lines.map(withoutEmphasis).join(" ");
        expect(text).toBe(collapseWhiteSpace(joined));
      }),
      { numRuns: 500 },
    );
  });

  it("is empty when nothing is spoken", () => {
    expect(spokenText(speech("HOST", [paren("sighs", 1, 7), note("todo", 2)]))).toBe("");
    expect(spokenText(speech("HOST", ["   ", "\t"]))).toBe("");
    expect(spokenText(speech("HOST", []))).toBe("");
  });
});
