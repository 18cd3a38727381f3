import { existsSync } from "node:fs";
import { basename, dirname, isAbsolute, relative, resolve, sep } from "node:path";
import { watch } from "chokidar";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { loadDisplayWidth, renderLine } from "../diagnostics/render-human.js";
import { toJson } from "../diagnostics/render-json.js";
import { CONFIG_FILE } from "../config/find.js";
import { capDiagnostics } from "../diagnostics/cap.js";
import type { SourceText } from "../source/source-text.js";
import { DiagnosticPrinter, type Format } from "./diagnostic-printer.js";
import { EXIT, type Io } from "./io.js";
import { displayPath } from "../files/display-path.js";
import { findScripts, ScriptSearchError } from "../workspace/find-scripts.js";
import { Workspace } from "../workspace/workspace.js";

// `podc check --watch`: one full check, then, each time scripts or a podc.json change, a check of what they affect,
// printing only the difference — diagnostics that are new, diagnostics that are gone, and `fixed: FILE` when a file
// has none left. Bursts of file events (an editor's save, a `git checkout`) are gathered into one re-check.
//
// A diagnostic is the same one across re-checks when its severity, code, message and the text it points at are the
// same, wherever it has moved: adding a line at the top of a script does not reprint everything below it.

/** Quiet time after the last file event before re-checking. */
const DEBOUNCE_MS = 150;

interface FileState {
  shown: string;
  source: SourceText | undefined;
  diagnostics: Diagnostic[];
}

/** What one re-check found, for printing. */
interface Changes {
  added: { file: FileState; diagnostics: Diagnostic[] }[];
  gone: { file: FileState; diagnostics: Diagnostic[] }[];
  fixed: string[];
  removed: string[];
}

/**
 * Checks the scripts named by `args` (as `podc check` does), then watches them and their configuration, printing
 * what changes, until `io.interrupted` aborts; then returns 0. An argument that names no script throws ScriptSearchError.
 */
export async function watchCheck(args: string[], format: Format, io: Io): Promise<number> {
  await loadDisplayWidth(); // diagnostics are printed from synchronous code below
  const session = new WatchSession(args, format, io);
  await session.checkEverything();
  if (io.interrupted?.aborted) return EXIT.ok;

  const roots = watchRoots(args, io.cwd);
  const ignored = (path: string) => !roots.includes(resolve(path)) && skipped(path);
  const watcher = watch(roots, { ignoreInitial: true, ignored, atomic: true });
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  watcher.on("all", (event, path) => {
    if (!(path.endsWith(".pod") || basename(path) === CONFIG_FILE || event === "unlinkDir" || event === "addDir")) return;
    pending.add(resolve(path));
    clearTimeout(timer);
    timer = setTimeout(() => {
      const paths = [...pending];
      pending.clear();
      // Re-checks run one after another, never two at once.
      running = running
        .then(() => session.recheck(paths))
        .catch((error: unknown) => {
          io.stderr.write(`podc: ${(error as Error).message}\n`);
        });
    }, DEBOUNCE_MS);
  });
  await new Promise<void>((ready) => watcher.once("ready", () => ready()));
  for (const config of session.configsOutside(roots)) watcher.add(config);
  io.stderr.write("podc: watching for changes (Ctrl-C to stop)\n");

  await interrupted(io.interrupted);
  clearTimeout(timer);
  await watcher.close();
  await running;
  return EXIT.ok;
}

/** The state of the last check of every script and configuration file, and how to print what changes. */
class WatchSession {
  private readonly files = new Map<string, FileState>();
  private readonly configs = new Set<string>();

  constructor(
    private readonly args: string[],
    private readonly format: Format,
    private readonly io: Io,
  ) {}

  /** The first check: every script, printed in full as `podc check` prints it. */
  async checkEverything(): Promise<void> {
    const scripts = await findScripts(this.args, this.io.cwd);
    if (scripts.length === 0) this.io.stderr.write("podc: no .pod scripts found yet\n");
    const printer = new DiagnosticPrinter(this.io, this.format);
    await this.checkFiles(scripts, new Set(scripts));
    // Colours are loaded now even when no script has findings yet: later changes are printed without waiting.
    await printer.ready([], undefined);
    for (const state of this.files.values()) {
      await printer.ready(state.diagnostics, state.source);
      printer.add(state.diagnostics, state.shown, state.source, 0);
    }
    printer.finish(scripts.length);
  }

  /** Configuration files in use that lie outside every watched folder, to be watched one by one. */
  configsOutside(roots: string[]): string[] {
    return [...this.configs].filter((config) => !roots.some((root) => isInside(config, root)));
  }

  /** A re-check after `paths` changed: the scripts they affect, printing only the difference. */
  async recheck(paths: string[]): Promise<void> {
    const scripts = await this.currentScripts();
    const present = new Set(scripts);
    const configDirs = paths.filter((p) => basename(p) === CONFIG_FILE).map((p) => dirname(p));
    const affected = scripts.filter(
      (script) =>
        !this.files.has(script) ||
        paths.some((p) => p === script || (!p.endsWith(".pod") && isInside(script, p))) ||
        configDirs.some((dir) => isInside(script, dir)),
    );
    const before = new Map(this.files);
    // A configuration file that changed and is no longer in use (deleted, or no script under it) reports nothing.
    for (const dir of configDirs) this.files.delete(resolve(dir, CONFIG_FILE));
    for (const path of before.keys()) if (path.endsWith(".pod") && !present.has(path)) this.files.delete(path);
    await this.checkFiles(affected, present);
    this.print(diff(before, this.files));
  }

  /** The scripts `args` name now; an argument that names nothing any more just contributes nothing. */
  private async currentScripts(): Promise<string[]> {
    if (this.args.length === 0) return findScripts([], this.io.cwd);
    const found = new Set<string>();
    for (const arg of this.args) {
      try {
        for (const script of await findScripts([arg], this.io.cwd)) found.add(script);
      } catch (error) {
        if (!(error instanceof ScriptSearchError)) throw error;
      }
    }
    return [...found].sort();
  }

  /** Checks `scripts`, recording their diagnostics, and those of every configuration file they use. */
  private async checkFiles(scripts: readonly string[], present: ReadonlySet<string>): Promise<void> {
    const here = scripts.filter((script) => present.has(script));
    const workspace = await Workspace.forScripts(here);
    for (const { file: script, shown, loaded, analyse } of workspace.each(here, (file) => displayPath(file, this.io.cwd))) {
      if (loaded.path) {
        this.configs.add(loaded.path);
        this.files.set(loaded.path, {
          shown: displayPath(loaded.path, this.io.cwd),
          source: loaded.source,
          diagnostics: capDiagnostics(loaded.diagnostics),
        });
      }
      // A script under a broken configuration cannot be judged: its last verdict stands until the file is fixed.
      if (loaded.diagnostics.some((d) => d.severity === "error")) continue;
      const read = analyse({ plan: false });
      if ("error" in read) {
        // Deleted or unreadable between the search and the read: the next event brings it up to date.
        this.files.delete(script);
        continue;
      }
      const { analysis } = read;
      // Stored capped, so what a change prints stays bounded too; the list already ends with its "… and N more".
      const diagnostics = capDiagnostics(analysis.diagnostics, loaded.config.limits.diagnosticsPerFile);
      this.files.set(script, { shown, source: analysis.source, diagnostics });
    }
  }

  private print(changes: Changes): void {
    const { added, gone, fixed, removed } = changes;
    if (added.length + gone.length + fixed.length + removed.length === 0) return;
    if (this.format === "json") {
      this.io.stdout.write(
        JSON.stringify({
          new: added.flatMap(({ file, diagnostics }) => diagnostics.map((d) => toJson(d, file.shown))),
          gone: gone.flatMap(({ file, diagnostics }) => diagnostics.map((d) => toJson(d, file.shown))),
          fixed,
          removed,
        }) + "\n",
      );
      return;
    }
    // Human output goes to stderr with the diagnostics; the line format is for problem matchers, on stdout.
    const out = this.format === "line" ? this.io.stdout : this.io.stderr;
    const printer = new DiagnosticPrinter(this.io, this.format);
    for (const { file, diagnostics } of gone) for (const d of diagnostics) out.write(`gone: ${renderLine(d, file.shown)}\n`);
    for (const file of fixed) out.write(`fixed: ${file}\n`);
    for (const file of removed) out.write(`removed: ${file}\n`);
    for (const { file, diagnostics } of added) printer.add(diagnostics, file.shown, file.source, 0);
    if (this.format === "human") this.io.stderr.write(totals(this.files) + "\n");
  }
}

/** Diagnostics new and gone per file between two checks. */
function diff(before: ReadonlyMap<string, FileState>, after: ReadonlyMap<string, FileState>): Changes {
  const changes: Changes = { added: [], gone: [], fixed: [], removed: [] };
  for (const [path, old] of before) {
    const now = after.get(path);
    if (now === undefined) {
      if (old.diagnostics.length > 0) changes.removed.push(old.shown);
      continue;
    }
    const { added, gone } = compare(old, now);
    if (now.diagnostics.length === 0 && old.diagnostics.length > 0) changes.fixed.push(now.shown);
    else if (gone.length > 0) changes.gone.push({ file: old, diagnostics: gone });
    if (added.length > 0) changes.added.push({ file: now, diagnostics: added });
  }
  for (const [path, now] of after) {
    if (!before.has(path) && now.diagnostics.length > 0) changes.added.push({ file: now, diagnostics: now.diagnostics });
  }
  return changes;
}

/** The diagnostics of `now` not in `old` and those of `old` not in `now`, counting repeats. */
function compare(old: FileState, now: FileState): { added: Diagnostic[]; gone: Diagnostic[] } {
  const remaining = new Map<string, number>();
  for (const d of old.diagnostics) {
    const key = identity(d, old.source);
    remaining.set(key, (remaining.get(key) ?? 0) + 1);
  }
  const added: Diagnostic[] = [];
  for (const d of now.diagnostics) {
    const key = identity(d, now.source);
    const count = remaining.get(key) ?? 0;
    if (count > 0) remaining.set(key, count - 1);
    else added.push(d);
  }
  const gone: Diagnostic[] = [];
  for (const d of old.diagnostics) {
    const key = identity(d, old.source);
    const count = remaining.get(key) ?? 0;
    if (count > 0) {
      remaining.set(key, count - 1);
      gone.push(d);
    }
  }
  return { added, gone };
}

function identity(d: Diagnostic, source: SourceText | undefined): string {
  const text = source?.text.slice(d.span.start.offset, d.span.end.offset) ?? "";
  return [d.severity, d.code, d.message, text].join("\u0000");
}

function totals(files: ReadonlyMap<string, FileState>): string {
  const counts = { error: 0, warning: 0, info: 0 };
  let scripts = 0;
  for (const [path, state] of files) {
    if (path.endsWith(".pod")) scripts++;
    for (const d of state.diagnostics) counts[d.severity]++;
  }
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const parts = [plural(counts.error, "error"), plural(counts.warning, "warning")];
  if (counts.info > 0) parts.push(`${counts.info} info`);
  return `${parts.join(", ")} in ${plural(scripts, "script")}`;
}

/** The folders and files to watch: the working folder, or each argument (a glob by the folder it starts in). */
function watchRoots(args: string[], cwd: string): string[] {
  if (args.length === 0) return [resolve(cwd)];
  const roots = new Set<string>();
  for (const arg of args) {
    const path = resolve(cwd, arg);
    if (existsSync(path)) {
      roots.add(path);
      continue;
    }
    const fixed: string[] = [];
    for (const segment of arg.replace(/\\/g, "/").split("/")) {
      if (/[*?[\]{}()!]/.test(segment)) break;
      fixed.push(segment);
    }
    roots.add(resolve(cwd, fixed.join("/") || "."));
  }
  return [...roots];
}

/** Folders a search for scripts skips: node_modules and dot-folders (and dot-files, such as editors' temporaries). */
function skipped(path: string): boolean {
  const name = basename(path);
  return name === "node_modules" || (name.startsWith(".") && name !== "." && name !== "..");
}

function isInside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel) && !rel.startsWith(sep));
}

function interrupted(signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return new Promise<void>(() => {}); // no way to be interrupted: watch until the process ends
  if (signal.aborted) return Promise.resolve();
  return new Promise<void>((done) => signal.addEventListener("abort", () => done(), { once: true }));
}
