import type { TriviaMap } from "./trivia-map.js";

/** What an editor needs to know of the script around its line (ScriptLines, without a cycle between the files). */
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
