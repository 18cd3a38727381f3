import { statSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export { dialectOf, type Dialect } from "../parser/dialect.js";

// The one search for a project's scripts, for both fronts: the command line's arguments (files, folders, globs) and
// the folders an editor opened. Both skip node_modules and dot-folders. The glob engine is loaded on first search,
// not at start-up: checking a file named on the command line never pays for it.

const IGNORE = ["**/node_modules/**"];

/** The files the language server reads as scripts: .pod scripts and Fountain screenplays. */
export const SCRIPT_GLOB = "**/*.{pod,fountain}";

/** Whether a file name or URI names a file the language server reads as a script. */
export function isScriptUri(uri: string): boolean {
  return /\.(pod|fountain)$/i.test(uri);
}

/** An argument that names no script: a usage mistake, said in one line. */
export class ScriptSearchError extends Error {}

/**
 * The scripts named by command-line arguments: files as given, folders searched for `**\/*.pod`, anything else a
 * glob. No argument means every script under `cwd`. Node modules and dot-folders are skipped. Sorted, unique.
 * An argument that names nothing throws ScriptSearchError.
 */
export async function findScripts(args: string[], cwd: string): Promise<string[]> {
  const found = new Set<string>();
  const patterns = args.length === 0 ? ["."] : args;
  for (const arg of patterns) {
    const absolute = resolve(cwd, arg);
    const stat = statOrUndefined(absolute);
    if (stat?.isFile()) {
      found.add(absolute);
      continue;
    }
    const matches = stat?.isDirectory() ? await glob("**/*.pod", absolute) : await glob(arg.replace(/\\/g, "/"), cwd).catch(() => []);
    if (matches.length === 0 && args.length > 0) {
      throw new ScriptSearchError(stat ? `no .pod scripts under ${arg}` : `no such file, and no script matches: ${arg}`);
    }
    for (const m of matches) found.add(resolve(m));
  }
  return [...found].sort();
}

/** How long an editor's list of scripts is trusted when the editor does not say when scripts come and go. */
const STALE_MS = 3000;

/**
 * The .pod scripts and .fountain screenplays under the folders an editor opened, for the features that look beyond
 * the open documents (workspace symbols, references, workspace diagnostics). Editors that watch files say when
 * scripts come and go (`changed`); for the others the list is searched again when it is more than a few seconds old.
 */
export class ScriptFolders {
  private folders: string[] = [];
  private found: { at: number; uris: Promise<string[]> } | undefined;

  /** Sets the folders, as `file:` URIs (an editor's workspace folders, else its root). */
  setFolders(uris: readonly string[]): void {
    this.folders = uris.map(filePath).filter((path): path is string => path !== undefined);
    this.found = undefined;
  }

  /** A script was created or deleted: search again on next use. */
  changed(): void {
    this.found = undefined;
  }

  /** The URIs of every script under the folders, sorted. */
  scripts(): Promise<string[]> {
    if (this.found && Date.now() - this.found.at < STALE_MS) return this.found.uris;
    const uris = this.search();
    this.found = { at: Date.now(), uris };
    return uris;
  }

  private async search(): Promise<string[]> {
    const all = new Set<string>();
    for (const folder of this.folders) {
      const paths = await glob(SCRIPT_GLOB, folder).catch(() => []);
      for (const path of paths) all.add(fileUri(path));
    }
    return [...all].sort();
  }
}

/** The file-system path of a `file:` URI; undefined for other schemes (untitled buffers, virtual files). */
export function filePath(uri: string): string | undefined {
  if (!uri.startsWith("file:")) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

/** The `file:` URI of a path. */
function fileUri(path: string): string {
  return pathToFileURL(path).href;
}

async function glob(pattern: string, cwd: string): Promise<string[]> {
  const { default: fg } = await import("fast-glob");
  return fg(pattern, { cwd, absolute: true, dot: false, ignore: IGNORE, onlyFiles: true });
}

function statOrUndefined(path: string) {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}
