import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { codePointLength } from "../../src/source/text.js";
import { splitSpeech } from "../../src/lower/sentences.js";

describe("splitSpeech", () => {
  it("keeps a text that fits as one chunk", () => {
    expect(splitSpeech("Short. Text.", 12)).toEqual({ chunks: ["Short. Text."], longSentences: [] });
    expect(splitSpeech("", 12)).toEqual({ chunks: [], longSentences: [] });
  });

  it("packs as many whole sentences as fit into each chunk", () => {
    const text = "Aaaa. Bbbb! Cccc? Dddd… Eeee.";
    expect(splitSpeech(text, 11).chunks).toEqual(["Aaaa. Bbbb!", "Cccc? Dddd…", "Eeee."]);
    expect(splitSpeech(text, 17).chunks).toEqual(["Aaaa. Bbbb! Cccc?", "Dddd… Eeee."]);
    expect(splitSpeech(text, 10).chunks).toEqual(["Aaaa.", "Bbbb!", "Cccc?", "Dddd…", "Eeee."]);
  });

  it("splits CJK text at full-width terminators, keeping no space between sentences", () => {
    expect(splitSpeech("一二三。四五六！七八九？十", 7).chunks).toEqual(["一二三。", "四五六！", "七八九？十"]);
    expect(splitSpeech("一二三。 四五六！", 4).chunks).toEqual(["一二三。", "四五六！"]);
  });

  it("counts code points, not UTF-16 units", () => {
    // Each emoji is one code point but two UTF-16 units: 4 + 1 + 4 = 9 code points fit in 9.
    expect(splitSpeech("😀😀😀. 😀😀😀.", 9).chunks).toEqual(["😀😀😀. 😀😀😀."]);
    expect(splitSpeech("😀😀😀. 😀😀😀.", 8).chunks).toEqual(["😀😀😀.", "😀😀😀."]);
  });

  it("cuts a sentence longer than the limit at the last space before the limit, and reports it", () => {
    const text = "one two three four five six.";
    const split = splitSpeech(text, 10);
    expect(split.chunks).toEqual(["one two", "three four", "five six."]);
    expect(split.longSentences).toEqual([{ text, length: 28, hardCut: false }]);
  });

  it("accepts a space right after the limit-th character", () => {
    expect(splitSpeech("abcde fghij", 5).chunks).toEqual(["abcde", "fghij"]);
  });

  it("hard-cuts at the limit when there is no space before it", () => {
    const split = splitSpeech("abcdefghijk lm.", 5);
    expect(split.chunks).toEqual(["abcde", "fghij", "k lm."]);
    expect(split.longSentences).toEqual([{ text: "abcdefghijk lm.", length: 15, hardCut: true }]);
  });

  it("never cuts inside a surrogate pair", () => {
    expect(splitSpeech("😀😀😀😀😀", 2).chunks).toEqual(["😀😀", "😀😀", "😀"]);
  });

  it("lets the sentences after a cut sentence join its last piece", () => {
    const split = splitSpeech("Hi. one two three four. End.", 10);
    expect(split.chunks).toEqual(["Hi.", "one two", "three", "four. End."]);
    expect(split.longSentences).toHaveLength(1);
  });

  it("reports every long sentence", () => {
    expect(splitSpeech("aaaa aaaa. bbbb bbbb.", 6).longSentences.map((s) => s.text)).toEqual(["aaaa aaaa.", "bbbb bbbb."]);
  });

  it("keeps every chunk within the limit and loses no character", () => {
    const word = fc.string({ unit: fc.constantFrom("a", "é", "😀", "中", ".", "!", "?", "…", "。", "！", "？", '"', ")"), minLength: 1, maxLength: 12 });
    const text = fc.array(word, { maxLength: 40 }).map((words) => words.join(" "));
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 30 }), (input, limit) => {
        const { chunks } = splitSpeech(input, limit);
        for (const chunk of chunks) {
          expect(codePointLength(chunk)).toBeLessThanOrEqual(limit);
          expect(chunk).toBe(chunk.trim());
          expect(chunk).not.toBe("");
        }
        expect(chunks.join("").replace(/\s/g, "")).toBe(input.replace(/\s/g, ""));
      }),
    );
  });
});
