// Bundles the command line into dist/ so that it starts fast: one file per command, loaded on demand.
// The bundle is written to a new folder beside dist/ and swapped in by renaming, so that an interrupted or
// failed build (Ctrl-C, a full or read-only disk) leaves the previous dist/ whole: podc keeps working.
import { build } from "esbuild";
import { existsSync, renameSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { BUNDLE_OPTIONS } from "./bundle-options.js";

const dist = fileURLToPath(new URL("../dist", import.meta.url));
const fresh = `${dist}.new-${process.pid}`;
const old = `${dist}.old-${process.pid}`;

try {
  await build({
    ...BUNDLE_OPTIONS,
    entryPoints: { main: "src/cli/main.ts", lib: "src/index.ts" },
    outdir: fresh,
    splitting: true,
    logLevel: "warning",
  });
} catch (error) {
  rmSync(fresh, { recursive: true, force: true });
  const reason = error?.code === "ENOSPC" ? "the disk is full" : error?.code === "EROFS" ? "the file system is read-only" : error?.message;
  process.stderr.write(`podc build: the bundle could not be written (${reason}); dist/ is unchanged\n`);
  process.exit(1);
}

// A signal arriving now waits until both renames are done: there is never a moment without a whole dist/.
const hold = () => {};
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, hold);
if (existsSync(dist)) renameSync(dist, old);
renameSync(fresh, dist);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.off(signal, hold);
rmSync(old, { recursive: true, force: true });
