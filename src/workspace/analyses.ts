import { readFileSync, statSync } from "node:fs";
import { dirname, isAbsolute, relative, sep } from "node:path";
import { voicesOf } from "../check/cast.js";
import { analyze, type Analysis } from "../compile.js";
import type { LoadedConfig } from "../config/load.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { lower } from "../lower/lower.js";
import type { Plan } from "../lower/plan.js";
import { includeReader, projectRoot, scriptId, type ReadScript } from "./includes.js";
import { SectionDiagnostics } from "./sections.js";

// The analyses of the scripts an editor shows, version after version: each is made at most once per version of the
// text and configuration (usually right after a change, for the diagnostics) and shared by every feature that reads it.
// The diagnostics come first, and cheaply: only the sections that changed since the previous version are analysed
// (sections.ts, exact); the whole analysis, which the other features read, and the plan are made when one first asks.

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
  const whole = () => analyze(text, { file, config: loaded.config, plan: false, includes });
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
      const { script, cast } = this.analysis;
      return (plan ??= lower(script, { source: key, config: loaded.config, cast: voicesOf(cast) }).plan);
    },
  };
}
