import { jobKey, status } from "../run/index.js";
import type { StoreAccess } from "../state/store.js";
import type { Plan } from "../compile.js";
import { dirname, join, relative, resolve, sep } from "node:path";
import type { Script } from "../ast/nodes.js";
import type { Config } from "../config/schema.js";
import { hasErrors } from "../diagnostics/diagnostic.js";
import { episodeTags, type EpisodeTags } from "../episode/episode-tags.js";
import { episodeFolder, type CompiledScript } from "../run/index.js";
import { repositoryRoot } from "../config/find.js";
import { DiagnosticPrinter } from "./diagnostic-printer.js";
import { lockedPlan, readLock, type ModelLock } from "./model-lock.js";
import { EXIT, UsageError, type Io } from "./io.js";
import { displayPath } from "../files/display-path.js";
import type { SourceText } from "../source/source-text.js";
import { Workspace } from "../workspace/workspace.js";
import { scriptId } from "../workspace/includes.js";

// Shared by `podc run`, `podc build` and `podc status`: both work on the scripts of one project, compiled.

/** Where the episodes go: `--out DIR` (from the current folder), else `out/` at the repository's root. */
export interface OutChoice {
  out: string | undefined;
  local: boolean;
  /** `--update-models`: songs yet to be made ask for `auto` again, whatever podc.lock says (model-lock.ts). */
  updateModels?: boolean;
}

/** A compiled script with what its title page says of the episode (for the finished episode's tags), its tree and text (for podc publish). */
/** `asWritten`: the plan before podc.lock gave its songs a model (`plan` is what is sent). */
/** `scriptDir`: the script's folder, absolute, which its sound cues' files are relative to. */
export type TaggedScript = CompiledScript & { tags: EpisodeTags; script: Script; text: SourceText; asWritten: Plan; scriptDir: string };

/** A compiled script set, or the exit code it ended with (diagnostics already printed). */
export type Compiled = { scripts: TaggedScript[]; config: Config; root: string } | { exitCode: number };

/**
 * Reads and compiles `files` (absolute paths), printing their diagnostics; episodes go where `where` says.
 * All scripts must share one podc.json and one repository root, since they share one journal and one service.
 */
export async function compileScripts(files: readonly string[], where: OutChoice, io: Io): Promise<Compiled> {
  const workspace = await Workspace.forScripts(files);
  const printer = new DiagnosticPrinter(io, "human");
  const scripts: TaggedScript[] = [];
  let failed = false;
  let config: Config | undefined;
  let configPath: string | undefined;
  let root: string | undefined;
  const names = new Map<string, string>();
  // Each script another one of `files` includes, by id, with the first that includes it: a part, not an episode.
  const includedBy = new Map<string, string>();
  const ids = new Map<TaggedScript, string>();
  let lock: ModelLock | undefined;
  for (const { file, shown, loaded, analyse } of workspace.each(files, (path) => displayPath(path, io.cwd))) {
    if (hasErrors(loaded.diagnostics)) {
      await printer.config(loaded);
      return { exitCode: EXIT.usage };
    }
    if (config === undefined) {
      config = loaded.config;
      configPath = loaded.path;
    } else if (loaded.path !== configPath) {
      throw new UsageError(
        `${shown} belongs to another project (${loaded.path ?? "no podc.json"}) than ${displayPath(files[0]!, io.cwd)}: run each project's scripts separately`,
      );
    }
    const here = repositoryRoot(dirname(file), io.cwd);
    if (root === undefined) root = here;
    else if (here !== root) throw new UsageError(`${shown} is in another repository (${here}) than ${displayPath(files[0]!, io.cwd)}: run them separately`);
    const outBase = where.out !== undefined ? resolve(io.cwd, where.out) : join(root, "out");
    const { name, dir: outDir } = episodeFolder(outBase, file, where.local);
    // Folder names are compared as a file system that ignores case would: such a disk would make them one.
    const clash = names.get(name.toLowerCase());
    if (clash !== undefined) throw new UsageError(`${clash} and ${shown} would both write ${displayPath(outDir, io.cwd)}/: rename one, or run them separately`);
    names.set(name.toLowerCase(), shown);
    const read = analyse();
    if ("error" in read) {
      printer.unreadable(shown, read.error);
      return { exitCode: EXIT.usage };
    }
    const { analysis } = read;
    await printer.script(analysis, shown, loaded);
    for (const part of analysis.included ?? []) if (!includedBy.has(part.id)) includedBy.set(part.id, shown);
    if (!analysis.plan || hasErrors(analysis.diagnostics)) {
      failed = true;
      continue;
    }
    const sourceInRoot = relative(root, file).split(sep).join("/");
    lock ??= readLock(root);
    const tagged: TaggedScript = {
      name,
      source: shown,
      sourceInRoot,
      outDir,
      plan: lockedPlan(analysis.plan, lock, sourceInRoot, where.updateModels === true),
      asWritten: analysis.plan,
      tags: episodeTags(analysis.script),
      script: analysis.script,
      text: analysis.source,
      scriptDir: dirname(file),
    };
    ids.set(tagged, scriptId(file));
    scripts.push(tagged);
  }
  if (failed) {
    printer.finish(files.length);
    io.stderr.write("podc: nothing was sent: fix the errors above first\n");
    return { exitCode: EXIT.failed };
  }
  // A shared intro named with the episodes (a folder, a glob) is performed inside each of them, paid once for all; made an
  // episode of its own too, it would be built, published and listed as one.
  const episodes = scripts.filter((script) => {
    const by = includedBy.get(ids.get(script)!);
    if (by !== undefined) io.stderr.write(`podc: ${script.source} is a part that ${by} includes: it is performed there, not made an episode of its own\n`);
    return by === undefined;
  });
  return { scripts: episodes, config: config!, root: root! };
}

/**
 * Puts back, as written, every song podc.lock gave a model to whose request as written the state store already knows
 * (sent before the lock had a model for it, its outcome pending or unknown): under another key it would be paid
 * again. A store that cannot be read leaves every song as written: a lock may save money, never spend it twice.
 */
export async function keepWhatWasSent(scripts: TaggedScript[], root: string, keyBase: string, store: StoreAccess): Promise<void> {
  const changed = scripts.filter((s) => s.plan.requests.some((request, i) => request !== s.asWritten.requests[i]));
  if (changed.length === 0) return;
  let known: Set<string>;
  try {
    const asWritten = changed.map((s) => ({ ...s, plan: s.asWritten }));
    known = new Set((await status(root, store, { list: asWritten, keyBase })).rows.filter((row) => row.state !== "new").map((row) => row.job));
  } catch {
    for (const s of changed) s.plan = s.asWritten;
    return;
  }
  for (const s of changed) {
    const requests = s.plan.requests.map((request, i) => {
      const written = s.asWritten.requests[i]!;
      return request !== written && known.has(jobKey(written.path, written.body, keyBase)) ? written : request;
    });
    s.plan = { ...s.plan, requests };
  }
}
