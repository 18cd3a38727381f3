import { existsSync, realpathSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import type { IncludeReader } from "../compile.js";
import { repositoryRoot } from "../config/find.js";
import type { LoadedConfig } from "../config/load.js";
import { decode } from "../parser/decode.js";
import { findScripts } from "./find-scripts.js";

// What `INCLUDE: path` reads: a file relative to the including script's folder, never outside the project, so that a
// script shared by a repository cannot make podc read (and send) someone else's files.

/**
 * The folder an include may not leave, for a script governed by `loaded`: that of its podc.json, else the repository's
 * (the nearest folder above holding `.git`), else the script's own.
 */
export function projectRoot(scriptPath: string, loaded: LoadedConfig): string {
  return loaded.path !== undefined ? dirname(loaded.path) : repositoryRoot(dirname(scriptPath), dirname(scriptPath));
}

/** The id analyze knows a script by for includes: its real path, so that a link and its target are one script. */
export function scriptId(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/** Reads a file's bytes, or says in one line why it cannot. */
export type ReadScript = (path: string) => { bytes: Uint8Array } | { error: string };

/**
 * Reads included scripts for one analysis: `root` is the project's folder (projectRoot), `shown` names a file as the
 * user is shown it, `maxBytes` is the configuration's size limit, `readScript` reads a file's bytes (workspace.ts).
 */
export function includeReader(root: string, shown: (file: string) => string, maxBytes: number, readScript: ReadScript): IncludeReader {
  const realRoot = scriptId(root);
  const outside = { outside: shown(root) || "." };
  return (path, from) => {
    if (isAbsolute(path)) return outside;
    const file = resolve(dirname(from), path);
    let real: string;
    try {
      real = realpathSync(file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // A path out of the project is refused before it is looked for: whether a file exists there is not its business.
      if (!inside(realRoot, file)) return outside;
      return { unreadable: code === "ENOENT" || code === "ENOTDIR" ? "no such file" : (code ?? "unreadable") };
    }
    if (!inside(realRoot, real)) return outside;
    const read = readScript(real);
    if ("error" in read) return { unreadable: read.error };
    return { id: real, shown: shown(file), input: read.bytes.byteLength > maxBytes ? read.bytes : decode(read.bytes) };
  };
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

/** The file `INCLUDE: path` names in the script at `scriptPath`, when it exists inside the project: for go to definition. */
export function includedFile(scriptPath: string, path: string, loaded: LoadedConfig): string | undefined {
  const root = scriptId(projectRoot(scriptPath, loaded));
  const file = resolve(dirname(scriptPath), path);
  if (isAbsolute(path) || !existsSync(file) || !inside(root, scriptId(file))) return undefined;
  return file;
}

/** The .pod scripts the script at `scriptPath` may include, as its includes write them (relative, with `/`), sorted. */
export async function includableScripts(scriptPath: string, loaded: LoadedConfig): Promise<string[]> {
  const root = projectRoot(scriptPath, loaded);
  const self = scriptId(scriptPath);
  const found = await findScripts([root], root).catch(() => []);
  return found
    .filter((file) => scriptId(file) !== self)
    .map((file) => relative(dirname(scriptPath), file).split(sep).join("/"))
    .sort();
}
