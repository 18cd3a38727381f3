import { CODES, type Code } from "./codes.js";
import type { Span } from "../source/span.js";
import type { Diagnostic, Fix } from "./diagnostic.js";
import { messageFor, type MessageData } from "./messages.js";

/** What a call site says about code `C`: the data of its message (messages.ts writes the words). */
export type Said<C extends Code> = MessageData<C>;

/**
 * Builds a diagnostic whose severity and message come from the registry, so a code always means the same severity
 * and reads the same: the call site gives only the data of the message.
 */
export function diagnostic<C extends Code>(code: C, span: Span, said: Said<C>, extra: { help?: string; fixes?: Fix[]; file?: string } = {}): Diagnostic {
  const message = messageFor(code, said);
  const d: Diagnostic = { code, severity: CODES[code].severity, message, span };
  if (extra.file !== undefined) d.file = extra.file;
  if (extra.help !== undefined) d.help = extra.help;
  if (extra.fixes !== undefined && extra.fixes.length > 0) d.fixes = extra.fixes;
  return d;
}
