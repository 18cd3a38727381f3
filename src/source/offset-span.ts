import type { Position, Span } from "./span.js";

/** What an OffsetSpan asks its positions of. */
interface Positions {
  positionAt(offset: number): Position;
}

/**
 * A span kept as its two offsets into a source, its positions worked out from the source's line table when read.
 * Most spans of a parsed script are never read (only those of what is reported or sent are), and three objects a span
 * were the largest share of what checking a script of short lines allocated. It reads as any Span, and writes to JSON
 * as one.
 */
export class OffsetSpan implements Span {
  constructor(
    private readonly source: Positions,
    readonly startOffset: number,
    readonly endOffset: number,
  ) {}

  get start(): Position {
    return this.source.positionAt(this.startOffset);
  }

  get end(): Position {
    return this.source.positionAt(this.endOffset);
  }

  toJSON(): Span {
    return { start: this.start, end: this.end };
  }

  /** How Node shows it (console.log, a debugger): as the span it stands for, not with the whole source it reads. */
  [Symbol.for("nodejs.util.inspect.custom")](): Span {
    return this.toJSON();
  }
}

/** Where a span starts, read off it without working out its position when it is an OffsetSpan. */
export function startOffsetOf(span: Span): number {
  return span instanceof OffsetSpan ? span.startOffset : span.start.offset;
}

/** Where a span ends, read off it without working out its position when it is an OffsetSpan. */
export function endOffsetOf(span: Span): number {
  return span instanceof OffsetSpan ? span.endOffset : span.end.offset;
}
