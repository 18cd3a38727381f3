import { statSync, type Stats } from "node:fs";
import { dirname, join, resolve } from "node:path";

export const CONFIG_FILE = "podc.json";

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
