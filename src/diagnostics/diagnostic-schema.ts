import { z } from "zod";
import type { Diagnostic, Fix, Position, Severity, Span } from "./diagnostic.js";

// The diagnostic shapes as zod schemas, for validating trees and JSON in tests and tools. The types used across the
// code are the plain ones in diagnostic.ts; the assertions at the bottom fail to compile if the two drift apart.

export const PositionSchema = z.object({
  line: z.number().int().min(1),
  column: z.number().int().min(1),
  offset: z.number().int().min(0),
});

export const SpanSchema = z.object({ start: PositionSchema, end: PositionSchema });

export const SeveritySchema = z.enum(["error", "warning", "info"]);

export const FixSchema = z.object({ title: z.string(), span: SpanSchema, replacement: z.string() });

export const DiagnosticSchema = z.object({
  code: z.string().regex(/^POD\d{4}$/),
  severity: SeveritySchema,
  message: z.string(),
  span: SpanSchema,
  file: z.string().optional(),
  help: z.string().optional(),
  fixes: z.array(FixSchema).optional(),
});

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <T extends true>(): T => true as T;
same<Same<z.infer<typeof PositionSchema>, Position>>();
same<Same<z.infer<typeof SpanSchema>, Span>>();
same<Same<z.infer<typeof SeveritySchema>, Severity>>();
same<Same<z.infer<typeof FixSchema>, Fix>>();
same<Same<z.infer<typeof DiagnosticSchema>, Diagnostic>>();
