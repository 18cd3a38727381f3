import type { Span } from "../source/span.js";
import type { Code, Severity } from "./codes.js";

// Plain types, so that the path of `podc check` never loads zod (its cost is most of a cold start).

export type { Code, Severity };

/** A concrete edit that fixes a diagnostic: editors offer it as a quick fix. */
export interface Fix {
  title: string;
  span: Span;
  replacement: string;
}

/**
 * The one diagnostic shape of every stage (decoding, parsing, checks, lowering, configuration).
 * `file` is the path of the source the span points into (a script, or the configuration file).
 */
export interface Diagnostic {
  /** A code of the registry (codes.ts): made by `diagnostic()` in report.ts, which gives it its severity. */
  code: Code;
  severity: Severity;
  message: string;
  span: Span;
  file?: string;
  help?: string;
  fixes?: Fix[];
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === "error");
}

/** Orders diagnostics by file, then position, then code, so output is stable across runs and machines. */
export function sortDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics.sort((a, b) => inCodeUnitOrder(a.file ?? "", b.file ?? "") || byPosition(a, b));
}

/** Orders one file's diagnostics: by position, then code. */
export function byPosition(a: Diagnostic, b: Diagnostic): number {
  return a.span.start.offset - b.span.start.offset || inCodeUnitOrder(a.code, b.code);
}

// Not localeCompare: its first call has ICU build a collator, about 8 ms of a cold `podc check` on any script with two
// diagnostics, and its order follows the machine's ICU. Codes (`POD0201`) sort the same either way.
function inCodeUnitOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
