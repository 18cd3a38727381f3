import type { Position, Range } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { Span } from "../source/span.js";

// LSP positions are 0-based lines and UTF-16 characters; our spans carry 1-based code-point columns, so columns are
// never used here: every conversion goes through the span's UTF-16 offset and the editor's own line table. The one
// difference between the two texts is a leading byte-order mark, which parse() skips and the editor may keep.

/** Converts between spans of the analysed text and ranges of the editor's document. */
export class PositionMap {
  /** 1 when the document starts with a BOM that the analysed text does not have, else 0. */
  private readonly base: number;

  constructor(private readonly document: TextDocument) {
    this.base = document.getText({ start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }) === "\uFEFF" ? 1 : 0;
  }

  /** The editor range of a span. */
  range(span: Span): Range {
    return { start: this.position(span.start.offset), end: this.position(span.end.offset) };
  }

  /** The editor position of an offset into the analysed text. */
  position(offset: number): Position {
    return this.document.positionAt(offset + this.base);
  }

  /** The offset into the analysed text of an editor position (clamped to the text). */
  offset(position: Position): number {
    return Math.max(0, this.document.offsetAt(position) - this.base);
  }
}

/** Whether `offset` lies in the span or touches its end, as a cursor right after a word still names it. */
export function touches(span: Span, offset: number): boolean {
  return span.start.offset <= offset && offset <= span.end.offset;
}

/** The text of one 0-based line of a document, without its line break. */
export function lineText(document: TextDocument, line: number): string {
  return document.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } }).replace(/\r?\n$|\r$/, "");
}
