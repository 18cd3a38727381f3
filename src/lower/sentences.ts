import { codePointLength, isWhiteSpaceAt, advanceCodePoints } from "../source/text.js";

// A speech longer than the turn limit becomes several turns. Sentences are packed greedily: each turn
// takes as many whole sentences as fit, keeping the text between them as written (one space, or none
// between CJK sentences). A sentence longer than the limit starts a new turn and is cut into pieces; its
// last piece is then packed like a sentence, so the sentences after it may join it.

/** A sentence that did not fit in one turn and was cut. */
export interface LongSentence {
  text: string;
  /** Its length in code points. */
  length: number;
  /** True when it was cut where there was no space. */
  hardCut: boolean;
}

/** The turn texts of one speech's spoken text, and the sentences that had to be cut. */
export interface SpeechSplit {
  chunks: string[];
  longSentences: LongSentence[];
}

/** Splits spoken text into chunks of at most `limit` code points (`limit` ≥ 1), at sentence ends where possible. */
export function splitSpeech(text: string, limit: number): SpeechSplit {
  if (codePointLength(text) <= limit) return { chunks: text === "" ? [] : [text], longSentences: [] };

  const chunks: string[] = [];
  const longSentences: LongSentence[] = [];
  let current: SentenceRange | undefined;
  let currentLength = 0;
  const flush = (): void => {
    if (current !== undefined) chunks.push(text.slice(current.start, current.end));
    current = undefined;
    currentLength = 0;
  };

  for (const sentence of sentenceRanges(text)) {
    const length = codePointLength(text, sentence.start, sentence.end);
    if (length > limit) {
      flush();
      const cut = cutSentence(text, sentence, limit);
      longSentences.push({ text: text.slice(sentence.start, sentence.end), length, hardCut: cut.hardCut });
      const last = cut.pieces.pop();
      for (const piece of cut.pieces) chunks.push(text.slice(piece.start, piece.end));
      if (last !== undefined) {
        current = last;
        currentLength = codePointLength(text, last.start, last.end);
      }
      continue;
    }
    if (current !== undefined) {
      const joined = currentLength + codePointLength(text, current.end, sentence.start) + length;
      if (joined <= limit) {
        current = { start: current.start, end: sentence.end };
        currentLength = joined;
        continue;
      }
      flush();
    }
    current = sentence;
    currentLength = length;
  }
  flush();
  return { chunks, longSentences };
}

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

// A sentence longer than the turn limit is cut at the last space that keeps the piece within the limit
// (a space right after the limit-th character counts: the piece is then exactly at the limit). The
// space itself is dropped. With no space to cut at, the piece is cut after exactly `limit` code points,
// possibly inside a word (the caller warns either way). Each cut scans back at most `limit` characters
// and consumes everything it scanned past, so cutting is linear in the sentence's length.

/** How a sentence over the limit was cut: pieces in order, each within `limit` code points. */
export interface SentenceCut {
  pieces: SentenceRange[];
  /** True when at least one piece had to be cut where there was no space. */
  hardCut: boolean;
}

/** Cuts `text[range]` into pieces of at most `limit` code points (`limit` ≥ 1), at spaces where possible. */
function cutSentence(text: string, range: SentenceRange, limit: number): SentenceCut {
  const pieces: SentenceRange[] = [];
  let hardCut = false;
  let start = range.start;
  while (start < range.end) {
    const limitEnd = advanceCodePoints(text, start, limit, range.end);
    if (limitEnd >= range.end) {
      pieces.push({ start, end: range.end });
      break;
    }
    const space = lastSpaceAtOrBefore(text, start, limitEnd);
    if (space === undefined) {
      hardCut = true;
      pieces.push({ start, end: limitEnd });
      start = limitEnd;
    } else {
      pieces.push({ start, end: trimEnd(text, start, space) });
      start = skipSpace(text, space, range.end);
    }
  }
  return { pieces, hardCut };
}

/** The index of the last white space in (start, limitEnd], or undefined; a space at `start` would leave an empty piece. */
function lastSpaceAtOrBefore(text: string, start: number, limitEnd: number): number | undefined {
  for (let i = limitEnd; i > start; i--) {
    if (isWhiteSpaceAt(text, i) && !isWhiteSpaceAt(text, i - 1)) return i;
  }
  return undefined;
}

function trimEnd(text: string, start: number, end: number): number {
  let i = end;
  while (i > start && isWhiteSpaceAt(text, i - 1)) i--;
  return i;
}

function skipSpace(text: string, index: number, end: number): number {
  let i = index;
  while (i < end && isWhiteSpaceAt(text, i)) i++;
  return i;
}
