import type { Position, Span } from "../diagnostics/diagnostic.js";

/**
 * A decoded script with its line table. Offsets are UTF-16 indexes into `text`; lines end at LF, CRLF or a lone CR;
 * columns count Unicode code points, as writers and the contract expect.
 */
export class SourceText {
  readonly text: string;
  /** Offset of the first character of each line. */
  readonly lineStarts: number[];

  constructor(text: string) {
    this.text = text;
    this.lineStarts = computeLineStarts(text);
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  /** The line (1-based) that holds `offset`. */
  lineOf(offset: number): number {
    const starts = this.lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  // Positions are mostly asked for in increasing order; remembering the last one keeps a long line linear.
  private cacheLine = 0;
  private cacheOffset = 0;
  private cacheColumn = 1;

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    const line = this.lineOf(clamped);
    let from = this.lineStarts[line - 1]!;
    let column = 1;
    if (line === this.cacheLine && clamped >= this.cacheOffset) {
      from = this.cacheOffset;
      column = this.cacheColumn;
    }
    column += codePointCount(this.text, from, clamped);
    this.cacheLine = line;
    this.cacheOffset = clamped;
    this.cacheColumn = column;
    return { line, column, offset: clamped };
  }

  span(start: number, end: number): Span {
    return { start: this.positionAt(start), end: this.positionAt(Math.max(start, end)) };
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

function computeLineStarts(text: string): number[] {
  const starts = [0];
  const re = /\r\n|\r|\n/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) starts.push(m.index + m[0].length);
  return starts;
}

/** Code points in text[from, to): surrogate pairs count once. */
export function codePointCount(text: string, from: number, to: number): number {
  let count = to - from;
  for (let i = from; i < to - 1; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}
