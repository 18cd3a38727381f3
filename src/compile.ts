import type { Include, Script } from "./ast/nodes.js";
import { Checker } from "./check/check.js";
import { resolveCast, voicesOf, type CastMember } from "./check/cast.js";
import type { SoundFileLookup } from "./check/context.js";
import type { Config } from "./config/schema.js";
import { hasErrors, sortDiagnostics, type Diagnostic } from "./diagnostics/diagnostic.js";
import { diagnostic } from "./diagnostics/report.js";
import { INCLUDABLE_EXTENSION } from "./language/include-line.js";
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
  /** Everything every stage reported about this script, in source order (an included script's own are in `included`). */
  diagnostics: Diagnostic[];
  /** The request plan; absent when any diagnostic is an error, or when it was not asked for. */
  plan?: Plan;
  /** Each script it includes (`INCLUDE: path`), at any depth, once, with what was found in it as performed here. */
  included?: IncludedAnalysis[];
}

/** An included script, analysed with the including script's cast: its diagnostics name it (`file`) and point into it. */
export interface IncludedAnalysis {
  id: string;
  file: string;
  source: SourceText;
  script: Script;
  /** The cast its lines are spoken with here: the including script's, over the part's own. */
  cast: Map<string, CastMember>;
  diagnostics: Diagnostic[];
}

/** A script an include names, read by the caller: the workspace reads files, analyze reads none. */
export interface IncludedFile {
  /** The same for every path that names the same file (its real path): how a circle of includes is found. */
  id: string;
  /** How diagnostics and the plan's origins name it. */
  shown: string;
  input: ScriptInput;
}

/** Reads what `INCLUDE: path` (as written) names in the script `from` (an id), or says why it will not. */
export type IncludeReader = (path: string, from: string) => IncludedFile | { outside: string } | { unreadable: string };

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
  /** How this script's includes are read, and its own id; without it, an include is an error (POD0910). */
  includes?: { read: IncludeReader; id: string };
}

/**
 * Runs the whole front of the pipeline — parse, check, lower — on one script. The command line and the language
 * server both call this, so a script means the same everywhere. Never throws on any input.
 */
export function analyze(input: ScriptInput, options: AnalyzeOptions): Analysis {
  const parts = new Map<string, IncludedAnalysis>();
  const chain = [{ id: options.includes?.id ?? options.file, shown: options.file }];
  const made = analyzeOne(input, options.file, options, { chain, parts });
  const analysis: Analysis = { source: made.source, script: made.script, cast: made.cast, diagnostics: made.diagnostics };
  if (options.plan !== false && !hasErrors(made.diagnostics)) analysis.plan = made.plan;
  if (parts.size > 0) analysis.included = [...parts.values()];
  return analysis;
}

interface Context {
  /** The scripts from the one analysed to this one, each including the next. */
  chain: { id: string; shown: string }[];
  parts: Map<string, IncludedAnalysis>;
  /** For an included script: the cast of the script that includes it, which wins over its own. */
  outerCast?: Map<string, CastMember>;
}

function analyzeOne(input: ScriptInput, file: string, options: AnalyzeOptions, context: Context) {
  const { config } = options;
  const dialect = dialectOf(file);
  const labels = new Set(Object.keys(config.cast));
  for (const label of context.outerCast?.keys() ?? []) labels.add(label);
  const parsed = parse(input, { maxBytes: config.limits.fileBytes, projectLabels: labels, dialect });
  const script = parsed.script;
  const cast = resolveCast(script, config);
  // The including script's voices win: a shared intro's HOST speaks with each episode's HOST. Given without spans,
  // since they point into another file.
  for (const [label, member] of context.outerCast ?? []) cast.set(label, { label, voice: member.voice, from: "config" });
  const wantPlan = options.plan !== false;
  const checker = new Checker(script, parsed.source, config, cast, dialect, undefined, options.soundFiles);
  const lowerer = new Lowerer(script, { source: options.file, config, cast: voicesOf(cast), requests: wantPlan });
  const diagnostics = parsed.diagnostics;
  for (const element of script.body) {
    checker.element(element);
    lowerer.element(element);
    if (element.type === "Include") include(element, file, cast, lowerer, diagnostics, options, context);
  }
  for (const d of checker.finish()) diagnostics.push(d);
  const lowered = lowerer.finish();
  for (const d of lowered.diagnostics) diagnostics.push(d);
  sortDiagnostics(diagnostics);
  return { source: parsed.source, script, cast, diagnostics, plan: lowered.plan };
}

/** Reads, analyses and lowers what an include names, in place; what stops it is reported at the include's path. */
function include(
  element: Include,
  file: string,
  cast: Map<string, CastMember>,
  lowerer: Lowerer,
  diagnostics: Diagnostic[],
  options: AnalyzeOptions,
  context: Context,
): void {
  const path = element.path.text;
  const at = element.path.text === "" ? element.span : element.path.span;
  const from = context.chain[context.chain.length - 1]!;
  const report = (d: Diagnostic) => diagnostics.push(file === options.file ? d : { ...d, file });
  if (!path.toLowerCase().endsWith(INCLUDABLE_EXTENSION)) {
    report(diagnostic("POD0914", at, { path }, { help: "write the path of a .pod script, relative to this script's folder" }));
    return;
  }
  const read = options.includes ? options.includes.read(path, from.id) : { unreadable: "an unsaved script has no folder to read it from" };
  if ("outside" in read) {
    report(
      diagnostic("POD0912", at, { path, root: read.outside }, { help: "move the shared script into the project, where podc.json (or the repository) is" }),
    );
    return;
  }
  if ("unreadable" in read) {
    report(diagnostic("POD0910", at, { path, reason: read.unreadable }, { help: "the path is relative to this script's folder" }));
    return;
  }
  const loop = context.chain.findIndex((link) => link.id === read.id);
  if (loop !== -1) {
    const names = [...context.chain.slice(loop).map((link) => link.shown), read.shown];
    report(diagnostic("POD0911", at, { chain: names.join(" → ") }, { help: "remove one include of the circle" }));
    return;
  }
  const inner = analyzeOne(read.input, read.shown, options, { ...context, chain: [...context.chain, { id: read.id, shown: read.shown }], outerCast: cast });
  const own = inner.diagnostics.map((d) => (d.file === undefined ? { ...d, file: read.shown } : d));
  const mine = own.filter((d) => d.file === read.shown);
  if (!context.parts.has(read.id))
    context.parts.set(read.id, { id: read.id, file: read.shown, source: inner.source, script: inner.script, cast: inner.cast, diagnostics: mine });
  const errors = own.filter((d) => d.severity === "error");
  const first = errors[0];
  if (first !== undefined) {
    const where = first.file === read.shown ? `line ${first.span.start.line}` : `${first.file}, line ${first.span.start.line}`;
    report(
      diagnostic(
        "POD0913",
        at,
        { path, errors: errors.length, first: `${where}: ${first.message}` },
        { help: `mend ${read.shown}: its problems are shown in it` },
      ),
    );
  }
  const says = inner.script.body.some((e) => e.type === "Speech" || e.type === "Song" || e.type === "Include");
  lowerer.insert(inner.plan.requests, read.shown, says, element.span.start.line);
}
