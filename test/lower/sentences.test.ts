import { describe, expect, it } from "vitest";
import { sentenceRanges } from "../../src/lower/sentences.js";

function sentences(text: string): string[] {
  return Array.from(sentenceRanges(text), (range) => text.slice(range.start, range.end));
}

describe("sentenceRanges", () => {
  it("ends sentences at . ! ? … followed by white space or the end", () => {
    expect(sentences("One. Two! Three? Four… Five")).toEqual(["One.", "Two!", "Three?", "Four…", "Five"]);
    expect(sentences("Last one.")).toEqual(["Last one."]);
  });

  it("ends sentences at full-width 。！？ followed by white space", () => {
    expect(sentences("一。 二！ 三？ 四")).toEqual(["一。", "二！", "三？", "四"]);
  });

  it("ends sentences at full-width terminators even without a space after them", () => {
    expect(sentences("你好。我是主持人！你呢？好")).toEqual(["你好。", "我是主持人！", "你呢？", "好"]);
  });

  it("does not end a sentence at a terminator followed by a letter or digit", () => {
    expect(sentences("It costs 3.50 at example.com today. Yes")).toEqual(["It costs 3.50 at example.com today.", "Yes"]);
  });

  it("keeps runs of terminators together", () => {
    expect(sentences("What?! No... Maybe?? Ok…… fine")).toEqual(["What?!", "No...", "Maybe??", "Ok……", "fine"]);
  });

  it("keeps closing quotes and brackets with the sentence", () => {
    expect(sentences('"Stop!" She left. (Quietly.) Then')).toEqual(['"Stop!"', "She left.", "(Quietly.)", "Then"]);
    expect(sentences("「好。」他说。")).toEqual(["「好。」", "他说。"]);
  });

  it("skips white space between sentences and at the ends", () => {
    expect(sentences("  One.   Two.  ")).toEqual(["One.", "Two."]);
    expect(sentences("")).toEqual([]);
    expect(sentences("   ")).toEqual([]);
  });
});
