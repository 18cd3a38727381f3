// The pronunciation lexicon: a written word and what the voice should say for it (`"Nguyen": "Win"`). Only the text sent
// to a voice is respelled; everything a person reads (the transcript, captions, chapters, the page) keeps the word as
// written. Matching is by whole word and ignores case, so `Nguyen`, `NGUYEN` and `nguyen` are all said as written in
// the lexicon; a word inside a longer one (`Nguyens`) is not. The text is read once, longest entry first, so a
// respelling is never respelled again.

/** A lexicon made ready to respell text. */
export interface Lexicon {
  readonly pattern: RegExp | undefined;
  /** Written word in lower case, its white space single spaces → respelling. */
  readonly byLowerCase: ReadonlyMap<string, string>;
}

/** Letters, digits and the joiners inside words: what may not touch a matched word on either side. */
const WORD_CHAR = "[\\p{L}\\p{N}\\p{M}_]";

/** The lexicon of `entries` (written word → respelling); entries with an empty word are left out. */
export function makeLexicon(entries: Readonly<Record<string, string>> | undefined): Lexicon {
  const usable = Object.entries(entries ?? {}).filter(([word]) => word.trim() !== "");
  const byLowerCase = new Map(usable.map(([word, said]) => [word.trim().replace(/\s+/g, " ").toLowerCase(), said]));
  if (usable.length === 0) return { pattern: undefined, byLowerCase };
  const words = [...byLowerCase.keys()].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  const escaped = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+"));
  const pattern = new RegExp(`(?<!${WORD_CHAR})(?:${escaped.join("|")})(?!${WORD_CHAR})`, "giu");
  return { pattern, byLowerCase };
}

/** `text` with every whole-word match of the lexicon replaced by its respelling; the same string when none matches. */
export function respell(text: string, lexicon: Lexicon): string {
  if (lexicon.pattern === undefined) return text;
  return text.replace(lexicon.pattern, (found) => lexicon.byLowerCase.get(found.toLowerCase().replace(/\s+/g, " ")) ?? found);
}
