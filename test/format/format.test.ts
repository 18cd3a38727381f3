import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { format, formatText } from "../../src/format/format.js";
import { triviaOf } from "./compare.js";

// What the golden fixtures cannot show well: line endings, byte-order marks, the ends of the file, and text that
// must come through byte for byte.

describe("line endings and byte-order mark", () => {
  it("keeps CRLF, and writes every line break it adds or changes as CRLF", () => {
    expect(formatText("HOST:hi  \r\n\r\n\r\n# Part\r\nGUEST: yo")).toBe("HOST: hi\r\n\r\n# Part\r\n\r\nGUEST: yo\r\n");
  });

  it("keeps a lone CR", () => {
    expect(formatText("HOST:hi\r\r# Part\rGUEST: yo\r")).toBe("HOST: hi\r\r# Part\r\rGUEST: yo\r");
  });

  it("follows the first line break of a file with mixed endings", () => {
    expect(formatText("HOST: a\r\nGUEST: b\nHOST: c\n")).toBe("HOST: a\r\nGUEST: b\r\nHOST: c\r\n");
  });

  it("keeps line breaks inside a boneyard as written, and does not let them choose", () => {
    const text = "/* a\r\nb */\nHOST: hi\r\n";
    expect(formatText(text)).toBe("/* a\r\nb */\nHOST: hi\n");
  });

  it("keeps a byte-order mark", () => {
    expect(formatText("\uFEFFHOST:hi")).toBe("\uFEFFHOST: hi\n");
    expect(formatText("HOST:hi")).toBe("HOST: hi\n");
  });

  it("takes a U+FEFF anywhere else as a character of the text: never a failure of its own safety check", () => {
    const script = readFileSync(new URL("../../examples/lighthouse-keepers.pod", import.meta.url), "utf8");
    // Every 97th position, and the edges: the start (a second mark), line starts, the middle of words, the end.
    const positions = [0, 1, script.length, ...Array.from({ length: Math.floor(script.length / 97) }, (_, i) => i * 97)];
    for (const text of [script, "\uFEFF" + script, "\n\n" + script]) {
      for (const at of positions) {
        const input = text.slice(0, at) + "\uFEFF" + text.slice(at);
        const first = format(input);
        expect(first.safe, JSON.stringify(input.slice(Math.max(0, at - 20), at + 20))).toBe(true);
        expect(formatText(first.text)).toBe(first.text);
      }
    }
    expect(format("\uFEFF\uFEFFTitle: T\n").safe).toBe(true);
    expect(formatText("\n\uFEFF\n")).toBe("\n\uFEFF\n");
    expect(format("\uFEFF\n\uFEFF\n").safe).toBe(true);
  });
});

describe("the ends of the file", () => {
  it("drops blank lines at the start and the end, and ends with one line break", () => {
    expect(formatText("\n \n\t\nHOST: hi\n\n\n  \n")).toBe("HOST: hi\n");
  });

  it("formats an empty or blank file to nothing", () => {
    expect(formatText("")).toBe("");
    expect(formatText("\n\n  \n")).toBe("");
  });

  it("adds no line break to a boneyard that runs to the end of the file", () => {
    const text = "HOST: hi\n/* never closed  \n\n  words   ";
    expect(formatText(text)).toBe(text);
  });
});

describe("notes and boneyards", () => {
  const cases = {
    "mid-line boneyard over lines": "HOST:  hi /* a  \n\n  b */  there  \n# X\nGUEST:yo",
    "boneyard hiding elements": "HOST: hi\n/* SONG: x\nStyle: y\n\n   la   \nEND SONG */\n# Next",
    "notes everywhere":
      "Title: T [[t]]\nCast:\n  HOST: Ethan [[v]]\n\n#[[h]]Head\nHOST:[[a]]hi[[b]]  \n   [[c]]   \nSONG:[[s]] X\nStyle:[[y]]pop\n[[m]]\n[verse][[n]]\nla [[l]]  \nEND SONG [[e]]",
    "unterminated note": "HOST: hi [[open note   \nGUEST: yo   ",
    "stray closer": "HOST:  hi */   ",
  };
  for (const [name, text] of Object.entries(cases)) {
    it(`keeps them exactly: ${name}`, () => {
      const formatted = format(text);
      expect(formatted.safe).toBe(true);
      expect(triviaOf(formatted.text)).toEqual(triviaOf(text));
      expect(formatText(formatted.text)).toBe(formatted.text);
    });
  }

  it("spaces around a note as around the word it stands for", () => {
    expect(formatText("HOST:[[aside]]hi")).toBe("HOST: [[aside]]hi\n");
  });
});

describe("lines the parser reported", () => {
  it("keeps an unreadable line byte for byte, trailing white space included", () => {
    const text = "HOST: Hello.\n\n  this line has no label   \n";
    expect(formatText(text)).toBe(text);
  });

  it("keeps a title-page line that is not `Key: value` as written", () => {
    expect(formatText("Title:  T\n one space is not an indent  \n")).toBe("Title: T\n one space is not an indent  \n");
  });

  it("still formats the lines around them", () => {
    expect(formatText("HOST:   a\n\n\nnot dialogue  \n\n\nGUEST:b")).toBe("HOST: a\n\nnot dialogue  \n\nGUEST: b\n");
  });
});

describe("what is kept as written", () => {
  it("keeps the words of a line, with their inner spacing", () => {
    expect(formatText("HOST: one   two\tthree")).toBe("HOST: one   two\tthree\n");
  });

  it("keeps the form of a speech", () => {
    expect(formatText("HOST\nhi")).toBe("HOST\nhi\n");
    expect(formatText("HOST: hi")).toBe("HOST: hi\n");
  });

  it("keeps unknown title-page keys and song headers as spelled", () => {
    expect(formatText("Title: T\nEPISODE:3\n\nSONG: S\nTEMPO: 3\nla\nEND SONG")).toBe("Title: T\nEPISODE: 3\n\nSONG: S\nTEMPO: 3\n\nla\nEND SONG\n");
  });
});

describe("notes and boneyards across lines", () => {
  it("keeps the lines they join as written (found by the property test)", () => {
    const text =
      "Title \t :b! hello\r\n\té b! \t \r\nCast:\r\n  GUEST:\tVictoria \r\n  GUEST:Luna\r\n   GUEST :Victoria\r\n [[a\nb]]   HOST \t :Victoria\r\nTitle:\tx:y \t \r\n\r\n\r\n\r\n(a stray aside)\r\n\r\n! \t hello hello hello \t \r\n \t ### hello b! !\r\n";
    const once = format(text);
    expect(once.safe).toBe(true);
    expect(once.text).toContain(" [[a\nb]]   HOST \t :Victoria\r\n");
    expect(formatText(once.text)).toBe(once.text);
  });
});

describe("a label's spacing", () => {
  it("keeps the white space before an extension when one space would make the cue a scene heading", () => {
    // `EST\t(V.O.)` is a cue; `EST (V.O.)` is a Fountain scene heading.
    const text = "Title: T\n\nEST\t(V.O.)\nHello.\n";
    const formatted = format(text);
    expect(formatted.safe).toBe(true);
    expect(formatted.text).toBe(text);
    expect(formatText("Title: T\n\nHOST\t(V.O.)\nHello.\n")).toBe("Title: T\n\nHOST (V.O.)\nHello.\n");
  });
});
