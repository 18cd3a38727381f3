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

/** Orders diagnostics by file, then position, then code, so output is stable across runs. */
export function sortDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics.sort((a, b) => (a.file ?? "").localeCompare(b.file ?? "") || a.span.start.offset - b.span.start.offset || a.code.localeCompare(b.code));
}
