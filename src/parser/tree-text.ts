import type { Diagnostic, Fix } from "../diagnostics/diagnostic.js";
import { lineBreakOf } from "../diagnostics/line-fixes.js";
import type { TextAtom } from "../ast/nodes.js";
import type { SourceText } from "../source/source-text.js";
import { skipSpace, trimEnd, type LabelMatch, type LineInfo, MASK } from "./lines.js";

export type Line = LineInfo<string>;

const MASK_CODE = MASK.charCodeAt(0);
const MAX_NAMES = 32;

/**
 * The texts and spans of the tree, cut from the source text (never from the masked copy, so that the copy can be
 * dropped once the script is parsed) with notes and boneyards left out; and the diagnostics found while building.
 * The builders of each element (title page, speech, song) read the script through it.
 */
export class TreeText {
  readonly diagnostics: Diagnostic[] = [];

  constructor(
    readonly source: SourceText,
    /** The script with notes and boneyards masked (lines.ts): what the lines are read from. */
    readonly masked: string,
  ) {}

  span(start: number, end: number) {
    return this.source.span(start, end);
  }

  /** Source text in [start, end) with notes and boneyard cut out. */
  clean(start: number, end: number): string {
    if (!this.masks(start, end)) return this.source.text.slice(start, end);
    return this.masked.slice(start, end).split(MASK).join("");
  }

  // The first masked character at or after maskFrom (-1: none). Texts are cut in increasing order, so searching again
  // only once it is passed keeps all searches together linear in the script's length.
  private maskFrom = 0;
  private nextMask = -2;

  /** Whether [start, end) of the masked text holds a masked character. */
  private masks(start: number, end: number): boolean {
    if (start < this.maskFrom) {
      for (let i = start; i < end; i++) if (this.masked.charCodeAt(i) === MASK_CODE) return true;
      return false;
    }
    if (this.nextMask === -2 || (this.nextMask !== -1 && this.nextMask < start)) {
      this.nextMask = this.masked.indexOf(MASK, start);
      this.maskFrom = start;
    }
    return this.nextMask !== -1 && this.nextMask < end;
  }

  // The speakers' names cut so far: a script's many speeches have a few speakers between them, so they share a few
  // strings (and the cast's look-ups of a name hash it once) rather than each speech cutting its own copy.
  private readonly names: string[] = [];

  /** Source text in [start, end) that holds no trivia (a label's name), as an earlier name's string when equal. */
  name(start: number, end: number): string {
    const text = this.source.text;
    const length = end - start;
    for (const name of this.names) if (name.length === length && text.startsWith(name, start)) return name;
    const name = text.slice(start, end);
    if (this.names.length < MAX_NAMES) this.names.push(name);
    return name;
  }

  /** The trimmed, cleaned text of [start, end) with the span of what is left. */
  atom(start: number, end: number): TextAtom {
    const first = skipSpace(this.masked, start, end);
    const last = trimEnd(this.masked, first, end);
    return { text: this.clean(first, last), span: this.span(first, last) };
  }

  lineSpan(line: Line) {
    const first = skipSpace(this.masked, line.start, line.contentEnd);
    return this.span(first, trimEnd(this.masked, first, line.contentEnd));
  }

  /** The fix that writes a lower-case label in capitals. */
  capitalise(label: LabelMatch): Fix {
    return {
      title: `Write the label as ${label.name.toUpperCase()}`,
      span: this.span(label.start, label.end),
      replacement: label.name.toUpperCase(),
    };
  }

  /** Where the line's colon (ASCII or full-width) is, or its content's end. */
  colonIn(line: Line): number {
    for (let i = line.start; i < line.contentEnd; i++) {
      const c = this.masked.charCodeAt(i);
      if (c === 58 || c === 0xff1a) return i;
    }
    return line.contentEnd;
  }

  /** One edit that moves the 1-based line `line` up to just after line `above`, the lines between kept in order. */
  moveLineUp(line: number, above: number, title: string): Fix {
    const source = this.source;
    const from = source.lineEnd(above);
    const between = source.text.slice(from, source.lineEnd(line - 1));
    const replacement = lineBreakOf(source) + source.lineText(line) + between;
    return { title, span: this.span(from, source.lineEnd(line)), replacement };
  }
}
