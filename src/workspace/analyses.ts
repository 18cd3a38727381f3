import { readFileSync, statSync } from "node:fs";
import { dirname, isAbsolute, relative, sep } from "node:path";
import type { Script } from "../ast/nodes.js";
import { voicesOf, type CastMember } from "../check/cast.js";
import { Checker } from "../check/check.js";
import { analyze, type Analysis } from "../compile.js";
import type { LoadedConfig } from "../config/load.js";
import type { Config } from "../config/schema.js";
import { sortDiagnostics, type Diagnostic, type Fix } from "../diagnostics/diagnostic.js";
import { lower, Lowerer } from "../lower/lower.js";
import type { Plan } from "../lower/plan.js";
import { INCLUDE_OPEN } from "../language/include-line.js";
import { dialectOf } from "../parser/dialect.js";
import { parse } from "../parser/parse.js";
import type { Position, Span } from "../source/span.js";
import type { SoundFileLookup } from "../check/context.js";
import { includeReader, projectRoot, scriptId, type ReadScript } from "./includes.js";
import { soundFilesOf } from "./sound-files.js";

// The analyses of the scripts an editor shows, version after version: each is made at most once per version of the
// text and configuration (usually right after a change, for the diagnostics) and shared by every feature that reads it.
// The diagnostics come first, and cheaply: only the sections that changed since the previous version are analysed
// (SectionDiagnostics below, exact); the whole analysis, which the other features read, and the plan are made when one
// first asks.

/** One version of a script under one configuration, analysed. */
export interface ScriptAnalysis {
  version: number;
  /** The configuration it was analysed with, and the podc.json it came from, if any. */
  loaded: LoadedConfig;
  /** `analyze`'s for the same text and configuration, without the plan; made on first use. */
  readonly analysis: Analysis;
  /** The analysis's diagnostics, sorted, found without making the whole analysis when the script allows it. */
  diagnostics: Diagnostic[];
  /**
   * The requests lowering makes of the script, even while it has errors (what an editor shows follows the writing
   * instead of vanishing at the first unknown speaker); made on first use.
   */
  readonly plan: Plan;
  /** The size and time of each script it includes, when it was analysed: a changed one means analysing it again. */
  readonly includes: string;
}

/** The analyses of scripts by key (an editor's URI): open documents by version, files on disk by size and time. */
export class Analyses {
  private readonly open = new Map<string, ScriptAnalysis>();
  /** Each open document's sections and their diagnostics, reused from version to version. */
  private readonly sections = new Map<string, SectionDiagnostics>();
  private readonly files = new Map<string, { stamp: string; text: string; analysed: ScriptAnalysis }>();

  /** `readScript` reads an included script's bytes (workspace.ts). */
  constructor(private readonly readScript: ReadScript) {}

  /** The analysis of `text`, version `version` of the document `key`; `file` is its path (or its key without one). */
  ofVersion(key: string, file: string, version: number, text: () => string, loaded: LoadedConfig): ScriptAnalysis {
    const cached = this.open.get(key);
    if (cached && cached.version === version && cached.loaded === loaded && cached.includes === includesStamp(cached)) return cached;
    let sections = this.sections.get(key);
    if (!sections) this.sections.set(key, (sections = new SectionDiagnostics(file)));
    const analysed = analysedText(key, file, version, text(), loaded, this.readScript, sections);
    this.open.set(key, analysed);
    return analysed;
  }

  /** The analysis of the file at `path` and its text, cached until its size or time changes; undefined when unreadable. */
  ofFile(key: string, path: string, loaded: LoadedConfig): { text: string; analysed: ScriptAnalysis } | undefined {
    try {
      const stat = statSync(path);
      const stamp = `${stat.size}\0${stat.mtimeMs}`;
      const cached = this.files.get(key);
      if (cached && cached.stamp === stamp && cached.analysed.loaded === loaded) return cached;
      const text = readFileSync(path, "utf8");
      const entry = { stamp, text, analysed: analysedText(key, path, 0, text, loaded, this.readScript) };
      this.files.set(key, entry);
      return entry;
    } catch {
      this.files.delete(key);
      return undefined;
    }
  }

  /** The document `key` was closed. */
  close(key: string): void {
    this.open.delete(key);
    this.sections.delete(key);
  }

  /** Forgets every analysis (the configuration changed). */
  clear(): void {
    this.open.clear();
    this.files.clear();
  }
}

/** The sizes and times of the files a script includes, as they are now. */
function stampOf(included: Analysis["included"]): string {
  return (included ?? [])
    .map((part) => {
      try {
        const stat = statSync(part.id);
        return `${part.id}\0${stat.size}\0${stat.mtimeMs}`;
      } catch {
        return `${part.id}\0gone`;
      }
    })
    .join("\n");
}

/** The includes of an analysis as they are now, when it has any (made whole); "" otherwise. */
function includesStamp(analysed: ScriptAnalysis): string {
  return analysed.includes === "" ? "" : stampOf(analysed.analysis.included);
}

/** `key` names the plan's source (an editor's URI), `file` the analysis's. */
function analysedText(
  key: string,
  file: string,
  version: number,
  text: string,
  loaded: LoadedConfig,
  readScript: ReadScript,
  sections?: SectionDiagnostics,
): ScriptAnalysis {
  // A script on disk reads its includes, named relative to it; one with no path (an unsaved buffer) has no folder to read them from.
  const includes = isAbsolute(file)
    ? {
        id: scriptId(file),
        read: includeReader(projectRoot(file, loaded), (f) => relative(dirname(file), f).split(sep).join("/"), loaded.config.limits.fileBytes, readScript),
      }
    : undefined;
  const soundFiles = soundFilesOf(file);
  const whole = () => analyze(text, { file, config: loaded.config, plan: false, includes, ...(soundFiles && { soundFiles }) });
  let analysis: Analysis | undefined;
  let plan: Plan | undefined;
  const diagnostics = sections?.diagnostics(text, loaded.config) ?? (analysis = whole()).diagnostics;
  // A script with includes is analysed whole at once (sections.ts), so what it includes is known here.
  const stamp = analysis === undefined ? "" : stampOf(analysis.included);
  return {
    includes: stamp,
    version,
    loaded,
    get analysis() {
      return (analysis ??= whole());
    },
    diagnostics,
    get plan() {
      if (plan !== undefined) return plan;
      const { script, cast } = this.analysis;
      // What its includes bring is lowered with them (analyze does that, as podc compile does); while an error stops
      // that plan, the script's own requests are what there is to show.
      const withParts = script.body.some((e) => e.type === "Include") ? analyze(text, { file, config: loaded.config, includes }).plan : undefined;
      return (plan = withParts ? { ...withParts, source: key } : lower(script, { source: key, config: loaded.config, cast: voicesOf(cast) }).plan);
    },
  };
}

// The diagnostics of a long script while it is typed, without analysing all of it after every keystroke: the script is
// cut into sections at the `#` headings that stand after a blank line, and a section whose text did not change keeps
// the diagnostics found for it before, moved to where it now stands. Only the sections that changed are analysed.
//
// This is exact, not an approximation (a property test over random edits compares it with a whole analyze()), because
// of where the cuts are: after a blank line the parser holds nothing of the lines above (a speech has ended), a heading
// ends whatever lowering was reading (a segment of speeches), and every check but two judges one element at a time.
// Whatever could make a section depend on another makes the whole script be analysed instead:
//   - a boneyard or note running over a cut (that cut is not made), a song still open at a cut (POD0303);
//   - the two checks that count across the script: the voice proposed for an unknown speaker (POD0201) depends on the
//     unknown speakers above, and inline-tag warnings (POD0603) stop at a hundred;
//   - anything decoding reports (POD0001–POD0007: capped per script, and a byte-order mark moves every offset), a
//     message or help that quotes a line number, carriage returns (a fix writes the script's own line break);
//   - a Fountain screenplay (read whole), a script over the size limit.
// The title page and what precedes the first cut (the head) are analysed as a script of their own: the head's cast is
// every section's cast, so a changed head means every section is analysed again.

/** The cut offsets of `text`: starts of `#` lines after a blank line, with text above and no boneyard across. */
function cutsOf(text: string): number[] {
  const cuts: number[] = [];
  const pattern = /\n[ \t]*\n(?=#)/g;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    const at = m.index + m[0].length;
    if (cuts.length === 0 && text.slice(0, at).trim() === "") continue;
    cuts.push(at);
  }
  return cuts.length === 0 ? cuts : outsideBoneyards(text, cuts);
}

/**
 * The cuts that no boneyard runs over. A note cannot (it never spans a blank line, and a cut follows one); a boneyard
 * runs from `/*` to the next `*\/`. Every `/*` is taken as an opening here, even one inside a note, which the parser
 * would not: such a range only covers more, and leaving a cut out is always safe (two sections are read as one).
 */
function outsideBoneyards(text: string, cuts: number[]): number[] {
  const kept: number[] = [];
  let c = 0;
  for (let open = text.indexOf("/*"); open !== -1 && c < cuts.length;) {
    const close = text.indexOf("*/", open + 2);
    const end = close === -1 ? text.length : close + 2;
    while (c < cuts.length && cuts[c]! <= open) kept.push(cuts[c++]!);
    while (c < cuts.length && cuts[c]! < end) c++;
    // From just before the closing mark: in `/*/` the parser's opening overlaps it. An opening too many is harmless.
    open = close === -1 ? -1 : text.indexOf("/*", close - 1);
  }
  while (c < cuts.length) kept.push(cuts[c++]!);
  return kept;
}

/** Codes whose diagnostics depend on more than their section (see above). */
const NOT_LOCAL = new Set(["POD0201", "POD0603", "POD0303"]);
const QUOTES_A_LINE = /\blines? \d/;
const INCLUDE_LINE = new RegExp(`^[ \\t]*${INCLUDE_OPEN}[ \\t]*[:：]`, "m");

/** Whether a diagnostic of the head (which stays where it is) is its own alone. */
function isLocal(d: Diagnostic): boolean {
  return !d.code.startsWith("POD000") && !NOT_LOCAL.has(d.code);
}

/** Whether a diagnostic of a section is its own alone and means the same once moved. */
function isMovable(d: Diagnostic): boolean {
  if (!isLocal(d)) return false;
  if (QUOTES_A_LINE.test(d.message) || (d.help !== undefined && QUOTES_A_LINE.test(d.help))) return false;
  return !(d.fixes ?? []).some((f) => QUOTES_A_LINE.test(f.title));
}

interface Head {
  text: string;
  config: Config;
  script: Script;
  cast: Map<string, CastMember>;
  labels: Set<string>;
  /** The head's own diagnostics, or undefined when one of them is not local. */
  diagnostics: Diagnostic[] | undefined;
}

/** A section's diagnostics with offsets and lines counted from its start (null when one of them is not movable), and its line breaks. */
interface Found {
  diagnostics: Diagnostic[] | null;
  lines: number;
}

/**
 * The diagnostics of one document, version after version: `diagnostics(text)` equals `analyze(text, …).diagnostics`
 * (sorted), analysing only the sections that changed since the previous call. One instance per document.
 */
export class SectionDiagnostics {
  private head: Head | undefined;
  private sections = new Map<string, Found>();
  /** How many sections the last call analysed (the rest were reused): for tests and measurements. */
  analysed = 0;

  /** `file`: the script's path (its extension says whether it is a screenplay), or its URI when it has none. */
  /** The script's sound files, looked up again for each section analysed (a section kept keeps what it found). */
  private readonly soundFiles: SoundFileLookup | undefined;

  constructor(private readonly file: string) {
    this.soundFiles = soundFilesOf(file);
  }

  /** The sorted diagnostics of `text` under `config`, or undefined when the script must be analysed whole. */
  diagnostics(text: string, config: Config): Diagnostic[] | undefined {
    this.analysed = 0;
    if (dialectOf(this.file) !== "pod" || text.includes("\r") || text.charCodeAt(0) === 0xfeff) return undefined;
    if (Buffer.byteLength(text, "utf8") > config.limits.fileBytes) return undefined;
    // An include's diagnostics depend on another file: a script with one is analysed whole.
    if (INCLUDE_LINE.test(text)) return undefined;
    const cuts = cutsOf(text);
    if (cuts.length === 0) return undefined;
    const head = this.headOf(text.slice(0, cuts[0]), config);
    if (head.diagnostics === undefined) return undefined;
    const all = head.diagnostics.filter((d) => d.code !== "POD0005"); // the sections below are not empty
    const previous = this.sections;
    const next = new Map<string, Found>();
    let line = lineCount(text, 0, cuts[0]!);
    for (let i = 0; i < cuts.length; i++) {
      const start = cuts[i]!;
      const end = cuts[i + 1] ?? text.length;
      const section = text.slice(start, end);
      let found = next.get(section) ?? previous.get(section);
      if (found === undefined) {
        found = { diagnostics: this.analyseSection(section, head), lines: lineCount(section, 0, section.length) };
        this.analysed++;
      }
      next.set(section, found);
      if (found.diagnostics === null) {
        // Kept with the sections found before, so that the rest stays reusable while an unknown speaker is there —
        // up to a bound: typing elsewhere in the meantime adds a version of a section with every keystroke.
        if (previous.size > 2 * cuts.length + 16) this.sections = next;
        else for (const [key, value] of next) previous.set(key, value);
        return undefined;
      }
      for (const d of found.diagnostics) all.push(moved(d, start, line));
      line += found.lines;
    }
    this.sections = next;
    return sortDiagnostics(all);
  }

  private headOf(text: string, config: Config): Head {
    if (this.head && this.head.text === text && this.head.config === config) return this.head;
    const analysis = analyze(text, { file: this.file, config, plan: false, ...(this.soundFiles && { soundFiles: this.soundFiles }) });
    const labels = new Set(Object.keys(config.cast));
    for (const entry of analysis.script.titlePage?.entries ?? []) for (const c of entry.cast ?? []) labels.add(c.label.text);
    const diagnostics = analysis.diagnostics.every(isLocal) ? analysis.diagnostics : undefined;
    this.head = { text, config, script: analysis.script, cast: analysis.cast, labels, diagnostics };
    this.sections = new Map(); // they were found with the previous head's cast
    this.analysed++;
    return this.head;
  }

  /** What analyze() finds in a section, as the whole script's parse, checks and lowering find it there. */
  private analyseSection(text: string, head: Head): Diagnostic[] | null {
    const parsed = parse(text, { projectLabels: head.labels });
    // The section's own script has no title page: the checks of the title page ran with the head.
    const checker = new Checker(parsed.script, parsed.source, head.config, head.cast, "pod", undefined, this.soundFiles);
    const lowerer = new Lowerer(head.script, { source: this.file, config: head.config, cast: voicesOf(head.cast), requests: false });
    for (const element of parsed.script.body) {
      checker.element(element);
      lowerer.element(element);
    }
    const diagnostics = parsed.diagnostics;
    for (const d of checker.finish()) diagnostics.push(d);
    for (const d of lowerer.finish().diagnostics) diagnostics.push(d);
    return diagnostics.every(isMovable) ? diagnostics : null;
  }
}

/** Line breaks in text[from, to). */
function lineCount(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf("\n", from); i !== -1 && i < to; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

function moved(d: Diagnostic, offset: number, lines: number): Diagnostic {
  const at = (p: Position): Position => ({ line: p.line + lines, column: p.column, offset: p.offset + offset });
  const span = (s: Span): Span => ({ start: at(s.start), end: at(s.end) });
  const copy: Diagnostic = { ...d, span: span(d.span) };
  if (d.fixes) copy.fixes = d.fixes.map((f): Fix => ({ ...f, span: span(f.span) }));
  return copy;
}
