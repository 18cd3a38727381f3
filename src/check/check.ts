import type { Script } from "../ast/nodes.js";
import { walk } from "../ast/walk.js";
import type { CastMember } from "../config/cast.js";
import type { Config } from "../config/schema.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { SourceText } from "../source/source-text.js";
import type { CheckContext } from "./context.js";
import type { Rule } from "./rule.js";
import { RULES } from "./rules.js";

/** Runs the rules over a parsed script in one walk and returns what they report. */
export function check(
  script: Script,
  source: SourceText,
  config: Config,
  cast: Map<string, CastMember>,
  rules: readonly Rule[] = RULES,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const context: CheckContext = { script, source, config, cast, report: (d) => diagnostics.push(d) };
  const visitors = rules.map((rule) => rule.create(context));
  walk(script, visitors);
  for (const v of visitors) v.done?.();
  return diagnostics;
}
