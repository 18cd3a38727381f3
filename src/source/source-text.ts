import { OffsetSpan } from "./offset-span.js";
import { isHighSurrogate, isLowSurrogate } from "./text.js";
import type { Position, Span } from "./span.js";

/**
 * A decoded script with its line table. Offsets are UTF-16 indexes into `text`; lines end at LF, CRLF or a lone CR;
 * columns count Unicode code points, as writers and the contract expect.
 */
export class SourceText {
  readonly text: string;
  /** Offset of the first character of each line: four bytes a line, which for a script of short lines is most of what it costs beside its text. */
  readonly lineStarts: Uint32Array;

  constructor(text: string) {
    this.text = text;
    this.lineStarts = computeLineStarts(text);
    this.surrogates = SURROGATE.test(text);
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  /** The line (1-based) that holds `offset`. */
  lineOf(offset: number): number {
    return lineIndexIn(this.lineStarts, offset, 0, this.lineStarts.length - 1) + 1;
  }

  // Positions are mostly asked for in increasing order, so a cursor remembers the line of the last one: moving it
  // forward costs the logarithm of the lines it passes (galloping), and a position behind it is found by binary
  // search. In a text without surrogates (most scripts) code points are UTF-16 units and a column is a subtraction;
  // otherwise the surrogate pairs before an offset are counted from a table of every 64th offset, so that a column
  // costs the same wherever it is asked for, even on one very long line.
  private cursorLine = 0; // 0-based index into lineStarts, of the line of lastPosition
  private readonly surrogates: boolean;
  private pairBlocks: Uint32Array | undefined;
  /** The position last made: the two spans that meet at an offset, read one after the other, share it. Positions are
   * values; nothing changes one once made. */
  private lastPosition: Position | undefined;

  positionAt(offset: number): Position {
    const text = this.text;
    const clamped = offset < 0 ? 0 : offset > text.length ? text.length : offset;
    if (this.lastPosition !== undefined && this.lastPosition.offset === clamped) return this.lastPosition;
    const starts = this.lineStarts;
    const last = starts.length - 1;
    let line = this.cursorLine;
    if (clamped < (this.lastPosition?.offset ?? 0)) line = lineIndexIn(starts, clamped, 0, line);
    else if (line < last && starts[line + 1]! <= clamped) line = forwardLineIndex(starts, clamped, line + 1, last);
    const lineStart = starts[line]!;
    let column = clamped - lineStart + 1;
    if (this.surrogates) column -= this.pairsBefore(clamped) - this.pairsBefore(lineStart);
    this.cursorLine = line;
    this.lastPosition = { line: line + 1, column, offset: clamped };
    return this.lastPosition;
  }

  /** A span of this text, its positions worked out when read. */
  span(start: number, end: number): Span {
    return new OffsetSpan(this, start, end > start ? end : start);
  }

  /** Surrogate pairs that end before `offset` (a line never starts inside one, since a line break comes before it). */
  private pairsBefore(offset: number): number {
    const blocks = (this.pairBlocks ??= pairBlocks(this.text));
    const block = offset >> PAIR_BLOCK_BITS;
    return blocks[block]! + pairsIn(this.text, block << PAIR_BLOCK_BITS, offset);
  }

  /** Offset just past the last character of `line`, before its terminator. */
  lineEnd(line: number): number {
    const next = this.lineStarts[line];
    if (next === undefined) return this.text.length;
    let end = next;
    if (end > 0 && this.text.charCodeAt(end - 1) === 10) end--;
    if (end > 0 && this.text.charCodeAt(end - 1) === 13) end--;
    return end;
  }

  /** The text of `line` (1-based) without its terminator. */
  lineText(line: number): string {
    const start = this.lineStarts[line - 1];
    if (start === undefined) return "";
    return this.text.slice(start, this.lineEnd(line));
  }

  /** The offset of a 1-based line and code-point column, clamped to the line. */
  offsetAt(line: number, column: number): number {
    const start = this.lineStarts[Math.max(0, Math.min(line, this.lineCount) - 1)]!;
    const end = this.lineEnd(Math.max(1, Math.min(line, this.lineCount)));
    let offset = start;
    for (let c = 1; c < column && offset < end; c++) {
      const code = this.text.charCodeAt(offset);
      offset += code >= 0xd800 && code <= 0xdbff && offset + 1 < end ? 2 : 1;
    }
    return offset;
  }
}

/** The last index in [lo, hi] whose line start is at or before `offset` (starts[lo] <= offset is given). */
function lineIndexIn(starts: ArrayLike<number>, offset: number, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * lineIndexIn over [lo, last], galloping forward from `lo`: the next line is found at once and a jump far ahead costs
 * the logarithm of its length, so a sequence of forward moves costs no more than the lines it passes.
 */
function forwardLineIndex(starts: ArrayLike<number>, offset: number, lo: number, last: number): number {
  for (let step = 1; ; step *= 2) {
    const probe = lo + step;
    if (probe > last) return lineIndexIn(starts, offset, lo, last);
    if (starts[probe]! > offset) return lineIndexIn(starts, offset, lo, probe - 1);
    lo = probe;
  }
}

const SURROGATE = /[\uD800-\uDFFF]/;

function computeLineStarts(text: string): Uint32Array {
  if (text.indexOf("\r") === -1) {
    // The common case, LF only: indexOf finds line feeds far faster than a character loop, and one pass is half the
    // time of counting first. The table starts at a guess of one line per 32 characters; when full, it grows to the
    // size the lines so far foretell for the whole text, with a tenth more (at least a quarter more than it was, so
    // growing stays linear), so that a text of short lines needs about one copy, not a doubling's spare half.
    let starts = new Uint32Array((text.length >> 5) + 16);
    let n = 1;
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) {
      if (n === starts.length) {
        const foretold = Math.ceil((n / (i + 1)) * text.length * 1.1) + 16;
        const grown = new Uint32Array(Math.max(foretold, Math.ceil(starts.length * 1.25)));
        grown.set(starts);
        starts = grown;
      }
      starts[n++] = i + 1;
    }
    // The table is kept as long as the text: with more than an eighth to spare, a copy of the exact size.
    return starts.length - n > n >> 3 ? starts.slice(0, n) : starts.subarray(0, n);
  }
  // Counted first, then filled: a typed array of the exact size, never grown.
  const starts = new Uint32Array(lineCount(text));
  let n = 1;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts[n++] = i + 1;
    else if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts[n++] = i + 1;
    }
  }
  return starts;
}

/** Lines of a text with a CR in it: LF, CRLF and a lone CR each end one. */
function lineCount(text: string): number {
  let count = 1;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) count++;
    else if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      count++;
    }
  }
  return count;
}

const PAIR_BLOCK_BITS = 6;

/** For each block of 64 UTF-16 units, the surrogate pairs that end before it: a sixteenth of the text's size. */
function pairBlocks(text: string): Uint32Array {
  const blocks = new Uint32Array((text.length >> PAIR_BLOCK_BITS) + 1);
  let count = 0;
  for (let block = 0; block < blocks.length; block++) {
    blocks[block] = count;
    const from = block << PAIR_BLOCK_BITS;
    count += pairsIn(text, from, Math.min(text.length, from + (1 << PAIR_BLOCK_BITS)));
  }
  return blocks;
}

/** Surrogate pairs whose low half lies in [from, to), a high half standing before it (perhaps before `from`). */
function pairsIn(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) {
    if (isLowSurrogate(text.charCodeAt(i)) && i > 0 && isHighSurrogate(text.charCodeAt(i - 1))) count++;
  }
  return count;
}
