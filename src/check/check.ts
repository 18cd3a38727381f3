import type { BodyElement, Script } from "../ast/nodes.js";
import { Walker } from "../ast/walk.js";
import type { CastMember } from "./cast.js";
import type { Config } from "../config/schema.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { Dialect } from "../parser/dialect.js";
import type { SourceText } from "../source/source-text.js";
import type { CheckContext, SoundFileLookup } from "./context.js";
import type { Rule } from "./rule.js";
import { RULES } from "./rules.js";

/**
 * The rules in one walk, fed as the script is parsed: `start` with the script's head (title page), `element` for each
 * body element in order, then `finish`. No rule needs the body held whole (check() below hands over a whole tree).
 */
export class Checker {
  readonly diagnostics: Diagnostic[] = [];
  private readonly visitors: ReturnType<Rule["create"]>[];
  private readonly walker: Walker;

  constructor(
    private readonly script: Script,
    source: SourceText,
    config: Config,
    cast: Map<string, CastMember>,
    dialect: Dialect = "pod",
    rules: readonly Rule[] = RULES,
    soundFiles?: SoundFileLookup,
  ) {
    const shared: Omit<CheckContext, "report"> = soundFiles ? { script, source, config, cast, dialect, soundFiles } : { script, source, config, cast, dialect };
    this.visitors = rules.map((rule) => rule.create({ ...shared, report: (d) => this.report(rule, d) }));
    this.walker = new Walker(this.visitors);
    this.walker.begin(script);
  }

  private report(rule: Rule, diagnostic: Diagnostic): void {
    if (!rule.codes.includes(diagnostic.code)) throw new Error(`the rule "${rule.name}" reported ${diagnostic.code}, which it does not declare`);
    this.diagnostics.push(diagnostic);
  }

  element(element: BodyElement): void {
    this.walker.element(element, this.script);
  }

  /** Ends the walk (the boneyards, then each rule's judgement of the whole) and returns what the rules reported. */
  finish(): Diagnostic[] {
    this.walker.end(this.script);
    for (const v of this.visitors) v.done?.();
    return this.diagnostics;
  }
}

/** Runs the rules over a parsed script in one walk and returns what they report. */
export function check(script: Script, source: SourceText, config: Config, cast: Map<string, CastMember>, rules: readonly Rule[] = RULES): Diagnostic[] {
  const checker = new Checker(script, source, config, cast, "pod", rules);
  for (const element of script.body) checker.element(element);
  return checker.finish();
}
