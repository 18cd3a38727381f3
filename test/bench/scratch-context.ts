import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { createContext } from "../../bench/lib/context.js";
import type { BenchContext } from "../../bench/lib/row.js";

/**
 * A quick bench context whose bundles and inputs go to a scratch folder of its own, removed after the calling suite:
 * a test never writes into the bench/.data of a bench that may be running. What the bench would print goes to `log`.
 */
export function scratchContext(name: string, log: (line: string) => void = () => {}): BenchContext {
  const root = join(import.meta.dirname, "..", "..");
  const data = mkdtempSync(join(tmpdir(), `podc-bench-${name}-`));
  afterAll(() => rmSync(data, { recursive: true, force: true }));
  return createContext({ root, data, quick: true, runs: 3, launcher: join(root, "bin", "podc.cjs"), log });
}
