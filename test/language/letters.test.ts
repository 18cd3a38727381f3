import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasLetter, hasLowerCase, hasNumber, isLetterOrNumber } from "../../src/language/letters.js";
import { isTransition, sceneHeading } from "../../src/parser/screenplay-lines.js";
import { skipSpace, titleKey } from "../../src/parser/lines.js";

// The language's letters are Unicode's categories: these answer exactly as the regular expressions they stand for,
// on every code point and on text of any mix, ASCII or not.
const LETTER = /\p{L}/u;
const LOWER_CASE = /\p{Ll}/u;
const NUMBER = /\p{N}/u;

// Text mixing ASCII with letters, numbers and neither from elsewhere, a pair outside the BMP and lone surrogates.
const unit = fc.oneof(
  fc.constantFrom("a", "Z", "7", " ", ":", "_", "'", "-", "é", "É", "ß", "Ж", "ж", "主", "٣", "Ⅻ", "²", "𝐚", "𝐀", "\ud835", "\udc00", "😀", "\u3000"),
  fc.string({ unit: "grapheme", maxLength: 1 }),
);
const text = fc.string({ unit, maxLength: 12 });

describe("letters", () => {
  it("answers as \\p{L}, \\p{Ll} and \\p{N} on every code point, lone surrogates included", () => {
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      const ch = String.fromCodePoint(cp);
      if (hasLetter(ch) !== LETTER.test(ch) || hasLowerCase(ch) !== LOWER_CASE.test(ch) || hasNumber(ch) !== NUMBER.test(ch)) {
        throw new Error(`U+${cp.toString(16).toUpperCase()} is answered unlike Unicode's category`);
      }
    }
  });

  it("finds a letter, a lower-case letter or a number anywhere in a text, before, among or after others", () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(hasLetter(t)).toBe(LETTER.test(t));
        expect(hasLowerCase(t)).toBe(LOWER_CASE.test(t));
        expect(hasNumber(t)).toBe(NUMBER.test(t));
      }),
    );
  });

  it("tells a letter or a number from anything else", () => {
    expect(["A", "z", "0", "é", "主", "٣", "𝐚"].every(isLetterOrNumber)).toBe(true);
    expect(["", " ", "_", "-", "*", "\ud835", "😀"].some(isLetterOrNumber)).toBe(false);
  });
});

describe("the rules that ask for letters read as they did with Unicode's categories in a regular expression", () => {
  const lines = fc.string({ unit: fc.oneof(unit, fc.constantFrom(" TO:", "TO:", "FADE IN:", "FADE OUT.", "CUT TO BLACK.", "\\", ".")), maxLength: 6 });

  it("a transition: capitals ending in ` TO:`, or a fade, and not escaped", () => {
    const transition = /^(?!\\)(?:[^\p{Ll}]* TO:|TO:|FADE IN:|FADE OUT\.|FADE TO BLACK\.|CUT TO BLACK\.)$/u;
    for (const line of ["CUT TO:", "SMASH CUT TO:", "TO:", "FADE TO BLACK.", "Cut to:", "\\CUT TO:", "ÉCRAN NOIR TO:", "écran TO:", "𝐚 TO:"]) {
      expect(isTransition(line), line).toBe(transition.test(line));
    }
    fc.assert(
      fc.property(lines, (line) => {
        expect(isTransition(line)).toBe(transition.test(line));
      }),
    );
  });

  it("a forced scene heading: a dot, then a letter", () => {
    const forced = /^\.\p{L}/u;
    for (const line of [".Heading", ".5", "...", ".", ".é", ".𝐀", ".\ud835"]) {
      expect(sceneHeading(line) !== undefined, line).toBe(forced.test(line));
    }
    fc.assert(
      fc.property(lines, (tail) => {
        const line = `.${tail}`;
        expect(sceneHeading(line) !== undefined).toBe(forced.test(line));
      }),
    );
  });

  it("a title key: a letter or number, then letters, numbers, spaces, _ ' and -, then a colon", () => {
    const key = /[\p{L}\p{N}][\p{L}\p{N} _'-]*/uy;
    const before = (line: string): number | undefined => {
      key.lastIndex = 0;
      const m = key.exec(line);
      if (!m) return undefined;
      const colon = skipSpace(line, m[0].length, line.length);
      const c = line.charCodeAt(colon);
      return colon < line.length && (c === 58 || c === 0xff1a) ? colon : undefined;
    };
    for (const line of ["Title: The Long Night", "Draft date : x", "Ⅻ Cast: y", "𝐀uthor: z", "_Title: no", "Title", "主持人：甲"]) {
      expect(titleKey(line, 0, line.length), line).toBe(before(line));
    }
    fc.assert(
      fc.property(lines, (line) => {
        expect(titleKey(line, 0, line.length)).toBe(before(line));
      }),
    );
  });
});
