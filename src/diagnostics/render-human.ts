import type pc from "picocolors";
import type { SourceText } from "../source/source-text.js";
import { terminalSafe } from "../source/terminal-text.js";
import { codePointLength } from "../source/text.js";
import type { Diagnostic, Severity } from "./diagnostic.js";

type Colors = Pick<ReturnType<typeof pc.createColors>, "blue" | "bold" | "cyan" | "dim" | "red" | "yellow">;

const PLAIN: Colors = { blue: String, bold: String, cyan: String, dim: String, red: String, yellow: String };

// The colours, loaded only for output that is coloured (a terminal, FORCE_COLOR): picocolors looks at standard output
// when it loads, which makes Node build its stream object, a few milliseconds a plain run need not pay.
let colors: Colors | undefined;

/** Loads the colours; until then, output asked to be coloured is plain. */
export async function loadColors(): Promise<void> {
  colors ??= (await import("picocolors")).default.createColors(true);
}

// Terminal columns of a text. ASCII needs no table; wide (East Asian) and zero-width characters need string-width,
// which builds its tables when loaded — too slow for every start of `podc check`, so it is loaded on demand.
let displayWidth: ((text: string) => number) | undefined;

/** Loads the display-width tables; before it, non-ASCII text is measured in code points (underlines may be off). */
export async function loadDisplayWidth(): Promise<void> {
  displayWidth ??= (await import("string-width")).default;
}

/**
 * Loads the display-width tables only when one of these diagnostics underlines a line that needs them (a character
 * outside printable ASCII): a script in plain English never pays for them.
 */
export async function loadDisplayWidthFor(diagnostics: readonly Diagnostic[], source: SourceText | undefined): Promise<void> {
  if (displayWidth || !source) return;
  // Each line once: 250,000 diagnostics on one 500 KB line would otherwise read that line 250,000 times.
  const seen = new Set<number>();
  for (const d of diagnostics) {
    const line = d.span.start.line;
    if (seen.has(line)) continue;
    seen.add(line);
    if (line <= source.lineCount && !ASCII.test(source.lineText(line))) return loadDisplayWidth();
  }
}

const ASCII = /^[\x20-\x7e]*$/;

function width(text: string): number {
  if (ASCII.test(text)) return text.length;
  return displayWidth ? displayWidth(text) : codePointLength(text);
}

// A source line is shown around the span, at most this many columns either side, so a 10 MB line stays readable.
const CONTEXT = 60;

/**
 * Renders a diagnostic the way compilers people trust do: headline with location, the source line as written,
 * the span underlined, then `help:`. `file` is the path as the user should see it.
 */
export function renderHuman(d: Diagnostic, file: string, source: SourceText | undefined, color: boolean): string {
  const c = color ? (colors ?? PLAIN) : PLAIN;
  const { line, column } = d.span.start;
  const out = [`${c.bold(`${terminalSafe(file)}:${line}:${column}:`)} ${severityText(d.severity, c)} ${c.bold(`${d.code}: ${terminalSafe(d.message)}`)}`];
  if (source && line <= source.lineCount) {
    const gutter = String(line).length;
    const lineStart = source.lineStarts[line - 1]!;
    const lineEnd = source.lineEnd(line);
    const start = d.span.start.offset;
    // A span past the line's end is underlined to the end of the line; a very long one is shown cut.
    const end = Math.max(start, Math.min(d.span.end.offset, lineEnd, start + 2 * CONTEXT));
    const shownFrom = clampBack(source.text, lineStart, start, CONTEXT);
    const shownTo = clampForward(source.text, end, lineEnd, CONTEXT);
    const before = printable(source.text.slice(shownFrom, start));
    const marked = printable(source.text.slice(start, end));
    const after = printable(source.text.slice(end, shownTo));
    const lead = shownFrom > lineStart ? "…" : "";
    const tail = shownTo < lineEnd ? "…" : "";
    const pad = " ".repeat(gutter);
    out.push(`  ${c.dim(`${line} |`)} ${lead}${before}${marked}${after}${tail}`);
    const underline = "^".repeat(Math.max(1, width(marked)));
    out.push(`  ${c.dim(`${pad} |`)} ${" ".repeat(width(lead + before))}${colorFor(d.severity, c)(underline)}`);
  }
  if (d.help) out.push(`  ${c.cyan("help:")} ${terminalSafe(d.help)}`);
  return out.join("\n");
}

/** The one-line form for editors' problem matchers: `file:line:col: severity code: message`. */
export function renderLine(d: Diagnostic, file: string): string {
  return terminalSafe(`${file}:${d.span.start.line}:${d.span.start.column}: ${d.severity} ${d.code}: ${d.message}`).replace(/\n/g, " ");
}

function severityText(severity: Severity, c: Colors): string {
  return colorFor(severity, c)(c.bold(severity));
}

function colorFor(severity: Severity, c: Colors): (s: string) => string {
  return severity === "error" ? c.red : severity === "warning" ? c.yellow : c.blue;
}

/** Tabs become single spaces and control characters visible (a line feed too), so the underline lines up with what is shown. */
function printable(text: string): string {
  return terminalSafe(text).replace(/\n/g, "\uFFFD");
}

function clampBack(text: string, lineStart: number, at: number, columns: number): number {
  const from = Math.max(lineStart, at - columns);
  return isLowSurrogate(text.charCodeAt(from)) && from > lineStart ? from - 1 : from;
}

function clampForward(text: string, at: number, lineEnd: number, columns: number): number {
  const to = Math.min(lineEnd, at + columns);
  return isLowSurrogate(text.charCodeAt(to)) && to < lineEnd ? to + 1 : to;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
