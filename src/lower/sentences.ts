import { isWhiteSpaceAt } from "./white-space.js";

// Sentence ends, as the language defines them: `.` `!` `?` `…` `。` `！` `？` followed by white space
// or the end of the text. Two readings are made explicit here:
// - A run of terminators (`?!`, `...`) ends the sentence after its last character, and closing quotes
//   and brackets right after it stay with the sentence (`"Stop!" She left.` ends after `"`).
// - Scripts without letter case usually put no space between sentences (`你好。我是主持人。`), so a run
//   holding a full-width terminator (`。` `！` `？`) ends a sentence whatever follows it.

const TERMINATORS = new Set([".", "!", "?", "…", "。", "！", "？"].map((char) => char.charCodeAt(0)));
const FULL_WIDTH_TERMINATORS = new Set(["。", "！", "？"].map((char) => char.charCodeAt(0)));
const CLOSERS = new Set(['"', "'", "”", "’", "»", ")", "]", "}", "」", "』", "）", "】", "〕", "〉", "》"].map((char) => char.charCodeAt(0)));

/** A sentence as a half-open UTF-16 range of the text it was found in; it neither starts nor ends with white space. */
export interface SentenceRange {
  start: number;
  end: number;
}

/**
 * The sentences of `text` in order, covering every character that is not white space between them.
 * A generator, so that a very long speech is never held as millions of ranges at once.
 */
export function* sentenceRanges(text: string): Generator<SentenceRange> {
  let start = skipWhiteSpace(text, 0);
  let i = start;
  while (i < text.length) {
    if (!TERMINATORS.has(text.charCodeAt(i))) {
      i++;
      continue;
    }
    let fullWidth = false;
    while (i < text.length && TERMINATORS.has(text.charCodeAt(i))) {
      if (FULL_WIDTH_TERMINATORS.has(text.charCodeAt(i))) fullWidth = true;
      i++;
    }
    while (i < text.length && CLOSERS.has(text.charCodeAt(i))) i++;
    if (fullWidth || i === text.length || isWhiteSpaceAt(text, i)) {
      yield { start, end: i };
      start = skipWhiteSpace(text, i);
      i = start;
    }
  }
  const end = trimEndIndex(text, start, text.length);
  if (end > start) yield { start, end };
}

function skipWhiteSpace(text: string, index: number): number {
  let i = index;
  while (isWhiteSpaceAt(text, i)) i++;
  return i;
}

function trimEndIndex(text: string, start: number, end: number): number {
  let i = end;
  while (i > start && isWhiteSpaceAt(text, i - 1)) i--;
  return i;
}
