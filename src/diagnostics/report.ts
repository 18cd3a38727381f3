import { CODES, type Code } from "./codes.js";
import type { Span } from "../source/span.js";
import type { Diagnostic, Fix } from "./diagnostic.js";
import { MESSAGES, messageFor, type MessageData, type TemplatedCode } from "./messages.js";

/** What a call site says about code `C`: the data of its message when the registry writes it (messages.ts), else the words. */
export type Said<C extends Code> = C extends TemplatedCode ? MessageData<C> : string;

/**
 * Builds a diagnostic whose severity comes from the registry, so a code always means the same severity; its message
 * too, for a code whose template the registry holds.
 */
export function diagnostic<C extends Code>(code: C, span: Span, said: Said<C>, extra: { help?: string; fixes?: Fix[]; file?: string } = {}): Diagnostic {
  const message = code in MESSAGES ? messageFor(code as TemplatedCode, said as never) : (said as string);
  const d: Diagnostic = { code, severity: CODES[code].severity, message, span };
  if (extra.file !== undefined) d.file = extra.file;
  if (extra.help !== undefined) d.help = extra.help;
  if (extra.fixes !== undefined && extra.fixes.length > 0) d.fixes = extra.fixes;
  return d;
}
