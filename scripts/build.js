// Bundles the command line into dist/ so that it starts fast: one file per command, loaded on demand.
import { build } from "esbuild";
import { rmSync } from "node:fs";
import { BUNDLE_OPTIONS } from "./bundle-options.js";

rmSync(new URL("../dist", import.meta.url), { recursive: true, force: true });
await build({
  ...BUNDLE_OPTIONS,
  entryPoints: { main: "src/cli/main.ts", lib: "src/index.ts" },
  outdir: "dist",
  splitting: true,
  logLevel: "warning",
});
