import { z } from "zod";

/** A place in a source: 1-based line, 1-based column counted in Unicode code points, and the UTF-16 offset into the decoded text. */
export const PositionSchema = z.object({
  line: z.number().int().min(1),
  column: z.number().int().min(1),
  offset: z.number().int().min(0),
});
export type Position = z.infer<typeof PositionSchema>;

/** A half-open range [start, end) of a source. */
export const SpanSchema = z.object({ start: PositionSchema, end: PositionSchema });
export type Span = z.infer<typeof SpanSchema>;

export const SeveritySchema = z.enum(["error", "warning", "info"]);
export type Severity = z.infer<typeof SeveritySchema>;

/** A concrete edit that fixes a diagnostic: editors offer it as a quick fix. */
export const FixSchema = z.object({
  title: z.string(),
  span: SpanSchema,
  replacement: z.string(),
});
export type Fix = z.infer<typeof FixSchema>;

/**
 * The one diagnostic shape of every stage (decoding, parsing, checks, lowering, configuration).
 * `file` is the path of the source the span points into (a script, or the configuration file).
 */
export const DiagnosticSchema = z.object({
  code: z.string().regex(/^POD\d{4}$/),
  severity: SeveritySchema,
  message: z.string(),
  span: SpanSchema,
  file: z.string().optional(),
  help: z.string().optional(),
  fixes: z.array(FixSchema).optional(),
});
export type Diagnostic = z.infer<typeof DiagnosticSchema>;

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === "error");
}

/** Orders diagnostics by file, then position, then code, so output is stable across runs. */
export function sortDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics.sort(
    (a, b) =>
      (a.file ?? "").localeCompare(b.file ?? "") ||
      a.span.start.offset - b.span.start.offset ||
      a.code.localeCompare(b.code),
  );
}
