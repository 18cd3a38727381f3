import type { Script } from "./ast/nodes.js";
import { Checker } from "./check/check.js";
import { resolveCast, voicesOf, type CastMember } from "./check/cast.js";
import type { SoundFileLookup } from "./check/context.js";
import type { Config } from "./config/schema.js";
import { hasErrors, sortDiagnostics, type Diagnostic } from "./diagnostics/diagnostic.js";
import { Lowerer } from "./lower/lower.js";
import type { Plan } from "./lower/plan.js";
import { dialectOf } from "./parser/dialect.js";
import { parse, type ScriptInput } from "./parser/parse.js";
import type { SourceText } from "./source/source-text.js";

// What the fronts (the command line, the language server) name of the plan, through the library's entry: they never
// import parser, check or lower themselves (docs/architecture.md).
export type { Plan, PlannedRequest, PlannedSong } from "./lower/plan.js";
export { withModel } from "./lower/song.js";
export { spokenMs } from "./lower/spoken-length.js";

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
  /** What the project's files say of the sound files the script's cues name; absent: they are not checked. */
  soundFiles?: SoundFileLookup;
}

/**
 * Runs the whole front of the pipeline — parse, check, lower — on one script. The command line and the language
 * server both call this, so a script means the same everywhere. Never throws on any input.
 */
export function analyze(input: ScriptInput, options: AnalyzeOptions): Analysis {
  const { config } = options;
  const dialect = dialectOf(options.file);
  const parsed = parse(input, { maxBytes: config.limits.fileBytes, projectLabels: new Set(Object.keys(config.cast)), dialect });
  const script = parsed.script;
  const cast = resolveCast(script, config);
  const wantPlan = options.plan !== false;
  const checker = new Checker(script, parsed.source, config, cast, dialect, undefined, options.soundFiles);
  const lowerer = new Lowerer(script, { source: options.file, config, cast: voicesOf(cast), requests: wantPlan });
  for (const element of script.body) {
    checker.element(element);
    lowerer.element(element);
  }
  const diagnostics = parsed.diagnostics;
  for (const d of checker.finish()) diagnostics.push(d);
  const lowered = lowerer.finish();
  for (const d of lowered.diagnostics) diagnostics.push(d);
  sortDiagnostics(diagnostics);
  const analysis: Analysis = { source: parsed.source, script, cast, diagnostics };
  if (wantPlan && !hasErrors(diagnostics)) analysis.plan = lowered.plan;
  return analysis;
}
