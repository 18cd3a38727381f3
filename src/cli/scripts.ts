import { statSync } from "node:fs";
import { resolve } from "node:path";
import { UsageError } from "./io.js";

const IGNORE = ["**/node_modules/**"];

/**
 * The scripts named by command-line arguments: files as given, folders searched for `**\/*.pod`, anything else a
 * glob. No argument means every script under `cwd`. Node modules and dot-folders are skipped. Sorted, unique.
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
      throw new UsageError(stat ? `no .pod scripts under ${arg}` : `no such file, and no script matches: ${arg}`);
    }
    for (const m of matches) found.add(resolve(m));
  }
  return [...found].sort();
}

/** Loaded on first use, not at start-up: checking a file named on the command line never pays for the glob engine. */
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
