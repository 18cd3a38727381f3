import type { BodyElement, Script } from "./ast/nodes.js";
import { Checker } from "./check/check.js";
import { resolveCast, voicesOf, type CastMember } from "./config/cast.js";
import type { Config } from "./config/schema.js";
import { hasErrors, sortDiagnostics, type Diagnostic } from "./diagnostics/diagnostic.js";
import { Lowerer } from "./lower/lower.js";
import type { Plan, PlannedRequest } from "./lower/plan.js";
import { dialectOf } from "./parser/dialect.js";
import { parseStream, type ScriptInput } from "./parser/parse.js";
import type { SourceText } from "./source/source-text.js";

export interface Analysis {
  source: SourceText;
  script: Script;
  cast: Map<string, CastMember>;
  /** Everything every stage reported, in source order. */
  diagnostics: Diagnostic[];
  /** The request plan; absent when any diagnostic is an error, or when it was not asked for. */
  plan?: Plan;
}

export interface AnalyzeOptions {
  /** The script's path as the user named it: copied into the plan. */
  file: string;
  config: Config;
  /**
   * False when only the diagnostics are wanted (checking, an editor): the request plan is then not made, which
   * saves hashing every request body. Every diagnostic is found either way. Default true.
   */
  plan?: boolean;
  /**
   * False when the tree is not wanted after the analysis (the command line): the body is then checked and lowered as
   * it is parsed and never held whole, so a long script's memory stays near the size of its text; the Analysis's
   * script then has no body. Default true.
   */
  tree?: boolean;
  /**
   * Given, the plan's requests are handed to it as lowering makes them, in script order (Lowerer's onRequests), and
   * the plan holds none: a long script's requests are then printed while young (PlanJson) instead of all being held
   * until the end. They are handed out whether or not the script has errors; the analysis says at the end.
   */
  onRequests?: (requests: PlannedRequest[]) => void;
}

/**
 * Runs the whole front of the pipeline — parse, check, lower — on one script. The command line and the language
 * server both call this, so a script means the same everywhere. Never throws on any input.
 */
export function analyze(input: ScriptInput, options: AnalyzeOptions): Analysis {
  const { config } = options;
  const dialect = dialectOf(options.file);
  const parsed = parseStream(input, { maxBytes: config.limits.fileBytes, projectLabels: new Set(Object.keys(config.cast)), dialect });
  const script = parsed.script();
  const cast = resolveCast(script, config);
  const wantPlan = options.plan !== false;
  const checker = new Checker(script, parsed.source, config, cast, dialect);
  const lowerer = new Lowerer(script, { source: options.file, config, cast: voicesOf(cast), requests: wantPlan, onRequests: options.onRequests });
  const body: BodyElement[] | undefined = options.tree === false ? undefined : [];
  for (const chunk of parsed.chunks()) {
    for (const element of chunk) {
      checker.element(element);
      lowerer.element(element);
      body?.push(element);
    }
  }
  if (body) script.body = body;
  const diagnostics = parsed.diagnostics;
  for (const d of checker.finish()) diagnostics.push(d);
  const lowered = lowerer.finish();
  for (const d of lowered.diagnostics) diagnostics.push(d);
  sortDiagnostics(diagnostics);
  const analysis: Analysis = { source: parsed.source, script, cast, diagnostics };
  if (wantPlan && !hasErrors(diagnostics)) analysis.plan = lowered.plan;
  return analysis;
}
