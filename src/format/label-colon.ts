import type { LineEditor } from "./line-editor.js";

// `LABEL: text`, `Key: value`, `SONG: Title` and Cast entries share one spelling: no space before the colon, one
// after it. A full-width colon (`：`, as typed in Chinese or Japanese) carries its own space, so none follows it.

/** The offset of the colon after a label or key that ends at `p` (past white space and trivia), if there is one. */
export function colonAfter(editor: LineEditor, p: number): number | undefined {
  const at = editor.lines.trivia.skip(editor.text, p, editor.contentEnd);
  const c = editor.text[at];
  return c === ":" || c === "：" ? at : undefined;
}

/** The space that follows `colon` in the canonical layout. */
export function spaceAfterColon(editor: LineEditor, colon: number): string {
  return editor.text[colon] === ":" ? " " : "";
}

/**
 * Spells `LABEL: text` for a label or key ending at `labelEnd`: nothing between it and the colon, then the canonical
 * space. Returns the colon's offset, or undefined when there is none to be found.
 */
export function spaceColon(editor: LineEditor, labelEnd: number): number | undefined {
  const colon = colonAfter(editor, labelEnd);
  if (colon === undefined) return undefined;
  editor.replace(labelEnd, colon, "");
  editor.spaceAt(colon + 1, spaceAfterColon(editor, colon));
  return colon;
}
