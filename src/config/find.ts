import { existsSync, statSync, type Stats } from "node:fs";
import { dirname, join, resolve } from "node:path";

export const CONFIG_FILE = "podc.json";

/** The lexicon file a podc.json at `configPath` names as `named` (`speech.lexiconFile`, relative to podc.json), absolute. */
export function lexiconFilePath(configPath: string, named: string): string {
  return resolve(dirname(configPath), named);
}

/** The nearest podc.json in `dir` or above it, if any. */
export function findConfig(dir: string): string | undefined {
  return nearestConfig(dir)?.path;
}

/**
 * What identifies the configuration governing `dir` without reading it: the nearest podc.json's path, size and
 * modification time ("" when there is none). A long-running process compares two of these to notice a podc.json
 * created, changed or deleted, at the cost of one stat per folder up to it.
 */
export function configFingerprint(dir: string): string {
  const found = nearestConfig(dir);
  return found ? `${found.path}\0${found.size}\0${found.mtimeMs}` : "";
}

function nearestConfig(dir: string): { path: string; size: number; mtimeMs: number } | undefined {
  let current = resolve(dir);
  for (;;) {
    const candidate = join(current, CONFIG_FILE);
    const stat = statOrNothing(candidate);
    if (stat && !stat.isDirectory()) return { path: candidate, size: stat.size, mtimeMs: stat.mtimeMs };
    const parent = dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

function statOrNothing(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined; // not a folder on the way (ENOTDIR), or not ours to read (EACCES): no configuration there
  }
}

/**
 * The repository root for scripts in `startDir`: the folder of the nearest podc.json at or above it,
 * else the nearest folder at or above it that holds `.git`, else `fallback` (the working directory).
 * podc.json wins over `.git` because it is what makes a folder a podc project: a monorepo with
 * several podc projects gets one journal per project, and a project without git still gets one.
 */
export function repositoryRoot(startDir: string, fallback: string): string {
  return nearestHolding(startDir, CONFIG_FILE) ?? nearestHolding(startDir, ".git") ?? resolve(fallback);
}

/** The nearest folder at or above `startDir` that holds an entry called `name`. */
export function nearestHolding(startDir: string, name: string): string | undefined {
  let current = resolve(startDir);
  for (;;) {
    if (existsSync(join(current, name))) return current;
    const parent = dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}
