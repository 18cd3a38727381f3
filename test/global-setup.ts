import { rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import type { TestProject } from "vitest/node";
import { BUNDLE_OPTIONS } from "../scripts/bundle-options.js";
import { CHILD_ENTRIES } from "./child-entries.js";

/*
 * Once per run: the entries tests start as child processes (the language server, `podc`) bundled from the sources, so
 * that each of the many children starts in a fraction of a second instead of compiling podc's sources again through
 * tsx. The bundles sit inside the repository (under node_modules/.cache), where podc finds its own package.json.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const out = join(import.meta.dirname, "..", "node_modules", ".cache", "podc-test", `entries-${process.pid}`);
  rmSync(out, { recursive: true, force: true });
  await build({
    ...BUNDLE_OPTIONS,
    // Readable stack traces when a child fails unexpectedly.
    minify: false,
    entryPoints: CHILD_ENTRIES,
    outdir: out,
    splitting: true,
    outExtension: { ".js": ".mjs" },
    logLevel: "warning",
  });
  project.provide("childEntries", out);
  return () => rmSync(out, { recursive: true, force: true });
}
