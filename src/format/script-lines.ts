import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { SourceText } from "../source/source-text.js";
import { LineEditor, type EditableLines } from "./line-editor.js";
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
