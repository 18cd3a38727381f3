import { advanceCodePoints } from "./code-points.js";
import type { SentenceRange } from "./sentences.js";
import { isWhiteSpaceAt } from "./white-space.js";

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
export function cutSentence(text: string, range: SentenceRange, limit: number): SentenceCut {
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
