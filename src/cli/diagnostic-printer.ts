import { terminalSafe } from "../source/terminal-text.js";
import { capDiagnostics, DEFAULT_DIAGNOSTICS_PER_FILE } from "../diagnostics/cap.js";
import { hasErrors, type Diagnostic } from "../diagnostics/diagnostic.js";
import { loadColors, loadDisplayWidthFor, renderHuman, renderLine } from "../diagnostics/render-human.js";
import { toJson, type JsonDiagnostic } from "../diagnostics/render-json.js";
import { fileOf, type LoadedConfig } from "../config/load.js";
import { displayPath } from "../files/display-path.js";
import type { SourceText } from "../source/source-text.js";
import type { Analysis } from "../compile.js";
import { Workspace } from "../workspace/workspace.js";
import { EXIT, useColor, type Io } from "./io.js";

export type Format = "human" | "json" | "line";
export const FORMATS: readonly Format[] = ["human", "json", "line"];

/** Collects diagnostics of many files and prints them in one format: human to stderr, json and line to stdout. */
export class DiagnosticPrinter {
  private readonly json: JsonDiagnostic[] = [];
  readonly counts = { error: 0, warning: 0, info: 0 };

  constructor(
    private readonly io: Io,
    private readonly format: Format,
  ) {}

  /** Call before `add` with the same diagnostics: human output then measures wide characters right, in colour if asked. */
  async ready(diagnostics: readonly Diagnostic[], source: SourceText | undefined): Promise<void> {
    if (this.format !== "human") return;
    await loadDisplayWidthFor(diagnostics, source);
    if (useColor(this.io.stderr, this.io.env)) await loadColors();
  }

  /**
   * Prints one file's diagnostics, at most `limit` of them (`limits.diagnosticsPerFile`; 0: all) and a line saying
   * how many more; the summary counts them all.
   */
  add(diagnostics: readonly Diagnostic[], file: string, source: SourceText | undefined, limit = DEFAULT_DIAGNOSTICS_PER_FILE): void {
    for (const d of diagnostics) this.counts[d.severity]++;
    for (const d of capDiagnostics(diagnostics, limit)) {
      if (this.format === "json") this.json.push(toJson(d, file));
      else if (this.format === "line") this.io.stdout.write(renderLine(d, file) + "\n");
      else this.io.stderr.write(renderHuman(d, file, source, useColor(this.io.stderr, this.io.env)) + "\n\n");
    }
  }

  /** Prints what a script's analysis found, at most its podc.json's `limits.diagnosticsPerFile`. */
  async script(found: { diagnostics: readonly Diagnostic[]; source: SourceText }, shown: string, loaded: LoadedConfig): Promise<void> {
    await this.ready(found.diagnostics, found.source);
    this.add(found.diagnostics, shown, found.source, loaded.config.limits.diagnosticsPerFile);
  }

  /** Prints the problems of a podc.json (or of the script it governs, `file`, when it has no path). */
  async config(loaded: LoadedConfig, file?: string): Promise<void> {
    // Each under the file it points into: podc.json, or the lexicon file it names.
    for (const d of loaded.diagnostics) {
      const into = fileOf(loaded, d);
      await this.ready([d], into.source);
      this.add([d], displayPath((into.path ?? file)!, this.io.cwd), into.source);
    }
  }

  /** Says in one line that a script cannot be read. */
  unreadable(shown: string, reason: string): void {
    this.io.stderr.write(`podc: cannot read ${terminalSafe(shown)}: ${reason}\n`);
  }

  /** Set once a script could not be read or a podc.json has errors: the command then exits with 2 (exitCode). */
  unusable = false;

  /**
   * The read → analyse → report loop of the commands that report on many scripts: each of `files` analysed, in order,
   * with its configuration. A script that cannot be read is said in one line; one under a podc.json with errors is
   * skipped, since it cannot be judged without it, and that podc.json is printed once by `brokenConfigs`.
   */
  *analysed(
    workspace: Workspace,
    files: readonly string[],
    options?: { plan?: boolean },
  ): Generator<{ shown: string; loaded: LoadedConfig; analysis: Analysis }> {
    for (const { shown, loaded, analyse } of workspace.each(files, (file) => displayPath(file, this.io.cwd))) {
      if (hasErrors(loaded.diagnostics)) continue;
      const read = analyse(options);
      if ("error" in read) {
        this.unreadable(shown, read.error);
        this.unusable = true;
        continue;
      }
      yield { shown, loaded, analysis: read.analysis };
    }
  }

  /** Prints every podc.json with errors that the scripts of `workspace` were found under. */
  async brokenConfigs(workspace: Workspace): Promise<void> {
    for (const broken of workspace.brokenConfigs()) {
      await this.config(broken);
      this.unusable = true;
    }
  }

  /** The exit code of a command that reported on many scripts: 2 when one was unusable, else 1 when `failed`, else 0. */
  exitCode(failed: boolean): number {
    return this.unusable ? EXIT.usage : failed ? EXIT.failed : EXIT.ok;
  }

  /** Ends the output: the JSON document, or a one-line summary for people. */
  finish(files: number): void {
    if (this.format === "json") {
      this.io.stdout.write(JSON.stringify({ diagnostics: this.json }) + "\n");
      return;
    }
    if (this.format === "human") this.io.stderr.write(summary(this.counts, files) + "\n");
  }
}

function summary(counts: { error: number; warning: number; info: number }, files: number): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const parts = [plural(counts.error, "error"), plural(counts.warning, "warning")];
  if (counts.info > 0) parts.push(`${counts.info} info`);
  return `${parts.join(", ")} in ${plural(files, "script")}`;
}
