// npm's prepare step in a clone (npm ci, npm install): builds dist/. esbuild is a development dependency, like every
// package the bundles hold, so `npm ci --omit=dev` installs none of them; the build is then skipped with a note rather
// than failing the install, and podc says it is not built when run.
import { createRequire } from "node:module";

try {
  createRequire(import.meta.url).resolve("esbuild");
} catch {
  process.stderr.write("podc: dist/ is not built: the build needs podc's development dependencies (npm ci, without --omit=dev)\n");
  process.exit(0);
}
await import("./build.js");
