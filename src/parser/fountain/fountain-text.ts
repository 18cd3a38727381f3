import type { TextAtom } from "../../ast/nodes.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { SourceText } from "../../source/source-text.js";
import type { Span } from "../../source/span.js";
import { skipSpace, trimEnd, cutTrivia, holdsFountainBlankLine, MASK, visibleLineStarts, type TriviaRange } from "../lines.js";

export interface Line {
  start: number;
  contentEnd: number;
  /** First and past-last characters that are neither white space nor notes. */
  first: number;
  last: number;
  kind: "blank" | "hidden" | "text";
  /** A blank line of two spaces or more: Fountain's way to keep dialogue going across an empty line. */
  spaced: boolean;
  /** A hidden line whose boneyard held a blank line: like that blank line, it ends the paragraph before it. */
  breaks: boolean;
}

const MASK_CODE = MASK.charCodeAt(0);

/**
 * A screenplay's lines, with notes and boneyard cut out first exactly as in a .pod script, and every span and text of
 * its tree: cut from the source text, never from the masked copy. Also the diagnostics found while reading.
 */
export class FountainText {
  readonly masked: string;
  readonly trivia: TriviaRange[];
  readonly strayCloses: number[];
  readonly lines: Line[];
  readonly diagnostics: Diagnostic[] = [];

  constructor(readonly source: SourceText) {
    const trivia = cutTrivia(source.text, true);
    this.masked = trivia.masked;
    this.trivia = trivia.ranges;
    this.strayCloses = trivia.strayCloses;
    this.lines = this.splitLines(visibleLineStarts(source.lineStarts, trivia.ranges));
  }

  span(start: number, end: number): Span {
    return this.source.span(start, end);
  }

  /** Source text of [start, end) with notes and boneyard cut out. */
  clean(start: number, end: number): string {
    const masked = this.masked.slice(start, end);
    return masked.indexOf(MASK) === -1 ? this.source.text.slice(start, end) : masked.split(MASK).join("");
  }

  /** The trimmed, cleaned text of [start, end) with the span of what is left. */
  atom(start: number, end: number): TextAtom {
    const first = skipSpace(this.masked, start, end);
    const last = trimEnd(this.masked, first, end);
    return { text: this.clean(first, last), span: this.span(first, last) };
  }

  lineSpan(line: Line): Span {
    return this.span(line.first, line.last);
  }

  /** The line's trimmed text, notes turned into spaces (so they never join two words or make a name). */
  textOf(line: Line): string {
    const text = this.masked.slice(line.first, line.last);
    return text.indexOf(MASK) === -1 ? text : text.replace(/\0/g, " ");
  }

  private splitLines(starts: ArrayLike<number>): Line[] {
    const masked = this.masked;
    const lines: Line[] = [];
    // The first trivia range not yet passed: ranges and lines both go in order, so this stays linear.
    let r = 0;
    for (let i = 0; i < starts.length; i++) {
      const start = starts[i]!;
      const next = i + 1 < starts.length ? starts[i + 1]! : undefined;
      // A line ends before its terminator: LF, CR or CRLF (masked text keeps every line break of the source).
      const contentEnd = next === undefined ? masked.length : masked.charCodeAt(next - 1) === 10 && masked.charCodeAt(next - 2) === 13 ? next - 2 : next - 1;
      const first = skipSpace(masked, start, contentEnd);
      const last = trimEnd(masked, first, contentEnd);
      let kind: Line["kind"] = "text";
      let spaced = false;
      let breaks = false;
      if (first === last) {
        let hidden = false;
        let spaces = 0;
        for (let i = start; i < contentEnd; i++) {
          const c = masked.charCodeAt(i);
          if (c === MASK_CODE) hidden = true;
          else if (c === 32) spaces++;
        }
        kind = hidden ? "hidden" : "blank";
        spaced = !hidden && spaces >= 2 && spaces === contentEnd - start;
        if (hidden) {
          while (r < this.trivia.length && this.trivia[r]!.end <= start) r++;
          for (let k = r; k < this.trivia.length && this.trivia[k]!.start < contentEnd; k++) {
            const t = this.trivia[k]!;
            if (t.kind === "boneyard" && holdsFountainBlankLine(this.source.text.slice(t.start, t.end))) breaks = true;
          }
        }
      }
      lines.push({ start, contentEnd, first, last, kind, spaced, breaks });
    }
    return lines;
  }
}
