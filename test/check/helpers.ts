import { check } from "../../src/check/check.js";
import type { Rule } from "../../src/check/rule.js";
import { resolveCast } from "../../src/check/cast.js";
import { ConfigSchema, type Config } from "../../src/config/schema.js";
import type { Diagnostic } from "../../src/diagnostics/diagnostic.js";
import { parse } from "../../src/parser/parse.js";

/** Runs one rule over a script and returns what it reports; the parse must be clean. */
export function runRule(rule: Rule, text: string, config: Partial<Config> = {}): Diagnostic[] {
  const cfg = ConfigSchema.parse(config);
  const parsed = parse(text);
  return check(parsed.script, parsed.source, cfg, resolveCast(parsed.script, cfg), [rule]);
}

/** `code@line:column-endColumn` of each diagnostic: compact, and precise about the underlined span. */
export function where(diagnostics: Diagnostic[]): string[] {
  return diagnostics.map((d) => `${d.code}@${d.span.start.line}:${d.span.start.column}-${d.span.end.column}`);
}

export const CAST = "Title: T\nCast:\n    HOST: Ethan\n    GUEST: Victoria\n    THIRD: Luna\n\n";
