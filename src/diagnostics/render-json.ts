import type { Diagnostic } from "./diagnostic.js";

/** One diagnostic in the shape of `podc check --format json` (see the command-line contract). */
export interface JsonDiagnostic {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: Diagnostic["severity"];
  code: string;
  message: string;
}

export function toJson(d: Diagnostic, file: string): JsonDiagnostic {
  return {
    file,
    line: d.span.start.line,
    column: d.span.start.column,
    endLine: d.span.end.line,
    endColumn: d.span.end.column,
    severity: d.severity,
    code: d.code,
    message: d.message,
  };
}
