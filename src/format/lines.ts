import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { SourceText } from "../source/source-text.js";
import type { TriviaMap } from "./trivia-map.js";

/** The lines of a parsed script, as the formatter sees them: where each is, and what it may do to each. */
export class ScriptLines implements EditableLines {
  private readonly frozen = new Set<number>();

  constructor(
    readonly source: SourceText,
    readonly trivia: TriviaMap,
    diagnostics: readonly Diagnostic[],
  ) {
    // A line the parser reported an error on is the writer's to fix: the formatter keeps it byte for byte.
    for (const d of diagnostics) {
      if (d.severity !== "error") continue;
      for (let line = d.span.start.line; line <= d.span.end.line; line++) this.frozen.add(line);
    }
    // A note or boneyard across lines joins them into one for the parser (what it hides is no line at all), so
    // editing them one by one could change what they mean: they are kept as written.
    for (const range of trivia.all()) {
      const first = source.lineOf(range.start);
      const last = source.lineOf(range.end);
      if (last > first) for (let line = first; line <= last; line++) this.frozen.add(line);
    }
  }

  get text(): string {
    return this.source.text;
  }

  /** Number of lines (a text ending in a line break has an empty last line). */
  get count(): number {
    return this.source.lineCount;
  }

  start(line: number): number {
    return this.source.lineStarts[line - 1]!;
  }

  /** Offset past the line's content, before its terminator. */
  contentEnd(line: number): number {
    return this.source.lineEnd(line);
  }

  /** The line's terminator as written: "\n", "\r\n", "\r", or "" for the last line. */
  terminator(line: number): string {
    const next = this.source.lineStarts[line] ?? this.text.length;
    return this.text.slice(this.contentEnd(line), next);
  }

  /** Whether the line's terminator lies inside a note or boneyard, so that it belongs to that trivia. */
  endsInsideTrivia(line: number): boolean {
    return this.trivia.inside(this.contentEnd(line));
  }

  isFrozen(line: number): boolean {
    return this.frozen.has(line);
  }

  /** A blank line: only spaces and tabs, and not inside a boneyard (where an empty line is the boneyard's text). */
  isBlank(line: number): boolean {
    const start = this.start(line);
    if (this.trivia.inside(start)) return false;
    const end = this.contentEnd(line);
    for (let i = start; i < end; i++) {
      const c = this.text.charCodeAt(i);
      if (c !== 32 && c !== 9) return false;
    }
    return true;
  }

  /** A line that holds nothing but notes and boneyard (or lies wholly inside one): no element of its own. */
  isTriviaOnly(line: number): boolean {
    const start = this.start(line);
    const end = this.contentEnd(line);
    // An empty line inside a boneyard is part of it.
    if (start === end) return this.trivia.inside(start);
    return this.trivia.onlyTrivia(this.text, start, end);
  }

  /** Whether the line opens with a tab or two spaces, which continues a title-page entry. */
  isIndented(line: number): boolean {
    const start = this.start(line);
    if (this.trivia.inside(start)) return false;
    const c = this.text.charCodeAt(start);
    return c === 9 || (c === 32 && this.text.charCodeAt(start + 1) === 32);
  }

  editor(line: number): LineEditor {
    return new LineEditor(this, line);
  }
}

/** What an editor needs to know of the script around its line: the part of ScriptLines it reads. */
export interface EditableLines {
  readonly text: string;
  readonly trivia: TriviaMap;
  start(line: number): number;
  contentEnd(line: number): number;
  isFrozen(line: number): boolean;
}

interface Edit {
  from: number;
  to: number;
  text: string;
}

// The formatter never rebuilds a line from the tree: it edits the line as written, replacing only runs of spaces
// and tabs and the few tokens it spells canonically. Each edit is refused when it would touch a note or boneyard,
// or overlap an earlier edit, and a frozen line (one the parser reported an error on) refuses them all. So whatever
// the formatter does not understand, it leaves exactly as the writer typed it.

/** Collects guarded edits to one source line, then renders the line with them. Offsets are into the whole text. */
export class LineEditor {
  readonly start: number;
  readonly contentEnd: number;
  private readonly edits: Edit[] = [];

  constructor(
    readonly lines: EditableLines,
    readonly line: number,
  ) {
    this.start = lines.start(line);
    this.contentEnd = lines.contentEnd(line);
  }

  get text(): string {
    return this.lines.text;
  }

  /** Whether the line is left exactly as written. */
  get frozen(): boolean {
    return this.lines.isFrozen(this.line);
  }

  /** Replaces [from, to) with `text`, unless that would touch trivia or an earlier edit; says whether it did. */
  replace(from: number, to: number, text: string): boolean {
    if (this.frozen || from < this.start || to > this.contentEnd || from > to) return false;
    if (this.text.slice(from, to) === text) return true;
    if (this.lines.trivia.touches(from, to)) return false;
    // Two insertions at one point would have no order; overlapping replacements would undo each other.
    if (this.edits.some((e) => (from < e.to && e.from < to) || (from === to && e.from === e.to && from === e.from))) return false;
    this.edits.push({ from, to, text });
    return true;
  }

  /** End of the run of spaces and tabs starting at `p`. */
  spaceAfter(p: number): number {
    while (p < this.contentEnd && isSpace(this.text.charCodeAt(p))) p++;
    return p;
  }

  /** Start of the run of spaces and tabs ending at `p`. */
  spaceBefore(p: number): number {
    while (p > this.start && isSpace(this.text.charCodeAt(p - 1))) p--;
    return p;
  }

  /** Offset past the line's last character that is not a space or tab. */
  get lastContent(): number {
    return this.spaceBefore(this.contentEnd);
  }

  /** Sets the white space that opens the line. */
  indent(text: string): void {
    this.replace(this.start, this.spaceAfter(this.start), text);
  }

  /** Removes white space at the end of the line. Called first, so that later edits see where the content ends. */
  trimEnd(): void {
    this.replace(this.lastContent, this.contentEnd, "");
  }

  /**
   * Sets the white space after `p` (the end of a label, a colon, a `#`…) to `text`, or to nothing when the line
   * has no more content after it.
   */
  spaceAt(p: number, text: string): void {
    const next = this.spaceAfter(p);
    this.replace(p, next, next >= this.lastContent ? "" : text);
  }

  /** The canonical form of a line whose words are all kept as written: no indentation, no trailing white space. */
  plain(): string {
    this.trimEnd();
    this.indent("");
    return this.render();
  }

  /** The line's content with the edits applied; with `upTo`, only what comes before that offset of the original. */
  render(upTo?: number): string {
    const end = upTo ?? this.contentEnd;
    const sorted = this.edits.filter((e) => upTo === undefined || e.from < upTo).sort((a, b) => a.from - b.from || a.to - b.to);
    const parts: string[] = [];
    let at = this.start;
    for (const e of sorted) {
      parts.push(this.text.slice(at, e.from), e.text);
      at = e.to;
    }
    parts.push(this.text.slice(at, Math.max(at, end)));
    return parts.join("");
  }
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9;
}

// `LABEL: text`, `Key: value`, `SONG: Title` and Cast entries share one spelling: no space before the colon, one
// after it. A full-width colon (`：`, as typed in Chinese or Japanese) carries its own space, so none follows it.

/** The offset of the colon after a label or key that ends at `p` (past white space and trivia), if there is one. */
export function colonAfter(editor: LineEditor, p: number): number | undefined {
  const at = editor.lines.trivia.skip(editor.text, p, editor.contentEnd);
  const c = editor.text[at];
  return c === ":" || c === "：" ? at : undefined;
}

/** The space that follows `colon` in the canonical layout. */
function spaceAfterColon(editor: LineEditor, colon: number): string {
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

/**
 * The line ending a script is written with: that of its first non-blank line whose line break lies outside notes and
 * boneyards (LF, CRLF or a lone CR). Blank lines may be dropped and line breaks inside trivia never change, so
 * neither votes: the formatted script then chooses the same ending again. Failing that, the first line break of the
 * file; LF when it has none.
 */
export function lineEnding(lines: ScriptLines): string {
  let first: string | undefined;
  for (let line = 1; line < lines.count; line++) {
    const terminator = lines.terminator(line);
    if (!lines.isBlank(line) && !lines.endsInsideTrivia(line)) return terminator;
    first ??= terminator;
  }
  return first ?? "\n";
}
