import type { SourceText } from "../source/source-text.js";
import type { Fix } from "./diagnostic.js";

// Fixes that add or remove whole lines. A script's lines end as the writer's editor ends them (LF, CRLF or CR), and a
// fix writes the same line break, so applying it never mixes two kinds in one file.

/** The line break the source uses (that of its first line), or "\n" when it has a single line. Constant time. */
export function lineBreakOf(source: SourceText): string {
  if (source.lineCount < 2) return "\n";
  return source.text.slice(source.lineEnd(1), source.lineStarts[1]);
}

/** A fix that inserts `lines` (without line breaks) as new lines after the 1-based line `line`. */
export function insertLinesAfter(source: SourceText, line: number, lines: readonly string[], title: string): Fix {
  const at = source.lineEnd(line);
  const eol = lineBreakOf(source);
  return { title, span: source.span(at, at), replacement: lines.map((l) => eol + l).join("") };
}

/** A fix that inserts `lines` (without line breaks) as new lines before the 1-based line `line`. */
export function insertLinesBefore(source: SourceText, line: number, lines: readonly string[], title: string): Fix {
  const at = source.lineStarts[Math.max(0, line - 1)] ?? source.text.length;
  const eol = lineBreakOf(source);
  return { title, span: source.span(at, at), replacement: lines.map((l) => l + eol).join("") };
}

/** A fix that removes the 1-based lines `first` to `last`, with their line breaks. */
export function removeLines(source: SourceText, first: number, last: number, title: string): Fix {
  const start = source.lineStarts[first - 1] ?? source.text.length;
  const next = source.lineStarts[last];
  if (next !== undefined) return { title, span: source.span(start, next), replacement: "" };
  // The file's last line has no line break of its own: the one before it goes instead.
  const from = first > 1 ? source.lineEnd(first - 1) : start;
  return { title, span: source.span(from, source.text.length), replacement: "" };
}
