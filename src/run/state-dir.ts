import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { CONFIG_FILE } from "../config/load.js";

/** The folder, at the repository root, that holds the journal, the lock and the local emulator's ledger. */
export const STATE_DIR_NAME = ".podc";

/**
 * The repository root for scripts in `startDir`: the folder of the nearest podc.json at or above it,
 * else the nearest folder at or above it that holds `.git`, else `fallback` (the working directory).
 * podc.json wins over `.git` because it is what makes a folder a podc project: a monorepo with
 * several podc projects gets one journal per project, and a project without git still gets one.
 */
export function repositoryRoot(startDir: string, fallback: string): string {
  return nearestHolding(startDir, CONFIG_FILE) ?? nearestHolding(startDir, ".git") ?? resolve(fallback);
}

/** The state folder (`.podc/`) of a repository root. */
export function stateDir(root: string): string {
  return join(root, STATE_DIR_NAME);
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
