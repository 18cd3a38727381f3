import type { BodyElement, Boneyard, Script } from "../ast/nodes.js";
import { analyze, type Analysis } from "../compile.js";
import type { Config } from "../config/schema.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { SourceText } from "../source/source-text.js";

// Re-analysing a long script on every keystroke takes longer than an editor should wait for its diagnostics, so a
// long script is analysed in parts: it is cut before each section heading that follows a blank line, and only the
// parts whose text changed are analysed again; the others are reused, moved to where they now are.
//
// Why the parts add up to the whole: at such a heading the parser is in the body, outside any song, boneyard, note or
// speech, as long as every part before it closes what it opens; and every check and lowering step looks no further
// than one segment (sections cut segments), one song, or the title page. So each part is analysed with the title
// page in front of it (for the cast and the default model) and the rest of the script before it blanked out (spaces
// and the same line breaks), which puts every span, and every line number quoted in a message, exactly where the
// whole analysis would. A part is reused at another offset as is, and at another line only when it reported nothing
// (a message may quote a line number). Whatever ties parts together — an unclosed boneyard or song, an empty
// script, a cap on reports per file — sends the script to the whole analysis instead. The language server also
// checks the result against a whole analysis when the editor is idle (see diagnostics.ts), and the tests compare
// the two on every fixture.

/** Codes whose presence means the parts may not add up to the whole; the script is then analysed whole. */
const WHOLE_SCRIPT_CODES = new Set(["POD0002", "POD0003", "POD0004", "POD0005", "POD0101", "POD0303"]);
/** Below this many lines the whole analysis is fast enough, and the simplest. */
export const MIN_LINES_FOR_PARTS = 1500;
const BOUNDARY = /(?:\r\n|\r|\n)[ \t]*(?:\r\n|\r|\n)(?=#)/g;

interface Part {
  /** Offset and 1-based line where the part starts in the script it was analysed for. */
  offset: number;
  line: number;
  body: BodyElement[];
  boneyards: Boneyard[];
  diagnostics: Diagnostic[];
}

export interface IncrementalResult {
  analysis: Analysis;
  /** Whether the analysis was assembled from parts (false: one whole analysis). */
  assembled: boolean;
}

/** Analyses successive versions of one script, reusing the parts that did not change. Results equal `analyze`'s without a plan. */
export class PartAnalyzer {
  private parts = new Map<string, Part>();
  /** The first part (the title page and what precedes the first cut), always at offset 0. */
  private head: { text: string; analysis: Analysis } | undefined;
  private titleText = "";

  constructor(
    private readonly file: string,
    private readonly config: Config,
    private readonly minLines = MIN_LINES_FOR_PARTS,
  ) {}

  /** The analysis of `input` (an editor's text, perhaps with a BOM), assembled from parts where that is sound. */
  analyze(input: string): IncrementalResult {
    const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
    const source = new SourceText(text);
    const starts = source.lineCount >= this.minLines ? boundaries(text) : [];
    if (starts.length === 0) return this.whole(input);

    const headText = text.slice(0, starts[0]);
    if (this.head?.text !== headText) {
      const analysis = analyze(headText, { file: this.file, config: this.config, plan: false });
      if (tiesParts(analysis)) return this.whole(input);
      this.head = { text: headText, analysis };
    }
    const head = this.head.analysis;
    // Everything up to the end of the title page's last line is kept as written in front of each part.
    const titleEnd = head.script.titlePage ? source.lineEnd(head.script.titlePage.span.end.line) : 0;
    const titleText = text.slice(0, titleEnd);
    if (titleText !== this.titleText) {
      this.parts.clear(); // every later part was analysed with the old title page
      this.titleText = titleText;
    }

    const used = new Map<string, Part>();
    const diagnostics = [...head.diagnostics];
    const body = [...head.script.body];
    const boneyards = [...head.script.boneyards];
    for (let i = 0; i < starts.length; i++) {
      const offset = starts[i]!;
      const partText = text.slice(offset, starts[i + 1] ?? text.length);
      const line = source.lineOf(offset);
      let part = this.parts.get(partText);
      if (part && (part.line === line || part.diagnostics.length === 0)) {
        part = moved(part, offset, line);
      } else {
        const padded = titleText + text.slice(titleEnd, offset).replace(/[^\r\n]/g, " ") + partText;
        const analysed = this.analyzePart(padded, offset, line);
        if (!analysed) return this.whole(input);
        part = analysed;
      }
      used.set(partText, part);
      for (const d of part.diagnostics) diagnostics.push(d);
      for (const e of part.body) body.push(e);
      for (const b of part.boneyards) boneyards.push(b);
    }
    this.parts = used;

    const script: Script = { type: "Script", span: source.span(0, text.length), body, boneyards };
    if (head.script.titlePage) script.titlePage = head.script.titlePage;
    return { analysis: { source, script, cast: head.cast, diagnostics }, assembled: true };
  }

  private whole(input: string): IncrementalResult {
    this.parts.clear();
    this.head = undefined;
    return { analysis: analyze(input, { file: this.file, config: this.config, plan: false }), assembled: false };
  }

  /** Analyses one part (its text at `offset`, after the blanked-out text before it); undefined when it ties parts together. */
  private analyzePart(padded: string, offset: number, line: number): Part | undefined {
    const analysis = analyze(padded, { file: this.file, config: this.config, plan: false });
    if (tiesParts(analysis)) return undefined;
    return {
      offset,
      line,
      body: analysis.script.body.filter((e) => e.span.start.offset >= offset),
      boneyards: analysis.script.boneyards.filter((b) => b.span.start.offset >= offset),
      diagnostics: analysis.diagnostics.filter((d) => d.span.start.offset >= offset),
    };
  }
}

function tiesParts(analysis: Analysis): boolean {
  return analysis.diagnostics.some((d) => WHOLE_SCRIPT_CODES.has(d.code));
}

/** Offsets of the section headings that start a part: at the start of a line, right after a blank line. */
function boundaries(text: string): number[] {
  const starts: number[] = [];
  BOUNDARY.lastIndex = 0;
  for (let m = BOUNDARY.exec(text); m !== null; m = BOUNDARY.exec(text)) {
    starts.push(m.index + m[0].length);
    BOUNDARY.lastIndex = m.index + m[0].length;
  }
  return starts;
}

/** The part as it reads at `offset` and `line`: every position in it moved by the same amount. */
function moved(part: Part, offset: number, line: number): Part {
  const dOffset = offset - part.offset;
  const dLine = line - part.line;
  if (dOffset === 0 && dLine === 0) return part;
  return {
    offset,
    line,
    body: shift(part.body, dOffset, dLine),
    boneyards: shift(part.boneyards, dOffset, dLine),
    diagnostics: shift(part.diagnostics, dOffset, dLine),
  };
}

/** A copy of a tree of plain data with every position ({line, column, offset}) moved; columns stay, as parts start at a line start. */
function shift<T>(value: T, dOffset: number, dLine: number): T {
  if (Array.isArray(value)) return value.map((v) => shift(v, dOffset, dLine)) as T;
  if (value === null || typeof value !== "object") return value;
  const object = value as Record<string, unknown>;
  if (typeof object.offset === "number" && typeof object.line === "number" && typeof object.column === "number") {
    return { line: object.line + dLine, column: object.column, offset: object.offset + dOffset } as T;
  }
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(object)) copy[key] = shift(object[key], dOffset, dLine);
  return copy as T;
}
