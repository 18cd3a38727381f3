import { CODES, type Code } from "./codes.js";
import type { Span } from "../source/span.js";
import type { Diagnostic, Fix } from "./diagnostic.js";

/** Builds a diagnostic whose severity comes from the registry, so a code always means the same severity. */
export function diagnostic(code: Code, span: Span, message: string, extra: { help?: string; fixes?: Fix[]; file?: string } = {}): Diagnostic {
  const d: Diagnostic = { code, severity: CODES[code].severity, message, span };
  if (extra.file !== undefined) d.file = extra.file;
  if (extra.help !== undefined) d.help = extra.help;
  if (extra.fixes !== undefined && extra.fixes.length > 0) d.fixes = extra.fixes;
  return d;
}
