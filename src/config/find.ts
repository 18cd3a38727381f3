import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

export const CONFIG_FILE = "podc.json";

/** The nearest podc.json in `dir` or above it, if any. */
export function findConfig(dir: string): string | undefined {
  let current = resolve(dir);
  for (;;) {
    const candidate = join(current, CONFIG_FILE);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}
