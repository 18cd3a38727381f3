import { z } from "zod";
import { SpanSchema } from "../source/span-schema.js";
import type { Diagnostic, Fix, Severity } from "./diagnostic.js";

// The diagnostic shapes as zod schemas, for validating trees and JSON in tests and tools. The types used across the
// code are the plain ones in diagnostic.ts; the assertions at the bottom fail to compile if the two drift apart.

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
same<Same<z.infer<typeof SeveritySchema>, Severity>>();
same<Same<z.infer<typeof FixSchema>, Fix>>();
same<Same<z.infer<typeof DiagnosticSchema>, Diagnostic>>();
