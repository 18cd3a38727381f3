// Bundles the command line into dist/ so that it starts fast: one file per command, loaded on demand.
import { build } from "esbuild";
import { rmSync } from "node:fs";

rmSync(new URL("../dist", import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { main: "src/cli/main.ts", lib: "src/index.ts" },
  outdir: "dist",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  minify: true,
  legalComments: "none",
  // Prefer ES module builds: jsonc-parser's UMD "main" require()s its own files at run time, which a bundle lacks.
  mainFields: ["module", "main"],
  logLevel: "warning",
  // Some dependencies are CommonJS and call require(); give the ES module bundle one.
  banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
});
