// Plain types, so that the path of `podc check` never loads zod (its cost is most of a cold start);
// span-schema.ts holds the same shapes as zod schemas, and a type test keeps the two equal.

/** A place in a source: 1-based line, 1-based column counted in Unicode code points, and the UTF-16 offset into the decoded text. */
export interface Position {
  line: number;
  column: number;
  offset: number;
}

/** A half-open range [start, end) of a source. */
export interface Span {
  start: Position;
  end: Position;
}
