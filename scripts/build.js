// Bundles the command line into dist/ so that it starts fast. On Node 20 a cold start is mostly loading and compiling
// JavaScript, and a chain of ES module chunks costs more than checking an episode, so the command line is built as
// CommonJS bundles that bin/podc.cjs compiles with V8's code cache (dist/cache/, written by the first run that lacks
// one):
//   dist/commands/NAME.cjs  one command with podc's own code it may need, nothing of the other commands;
//   dist/main.cjs           the overview, --version and mistakes (no command at all);
//   dist/vendor/*.cjs       each third-party package once, required by the bundles above only when first used, so a
//                           command never reads or compiles a package it does not call (podc check, zod's 450 KB);
//   dist/lib.js             the library, an ES module bundled whole (the benchmark imports it).
// The bundles are written to a new folder beside dist/ and swapped in by renaming, so that an interrupted or failed
// build (Ctrl-C, a full or read-only disk) leaves the previous dist/ whole: podc keeps working. A new dist/ starts with
// an empty cache, so a cache never outlives the code it was made from.
import { build } from "esbuild";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { isBuiltin } from "node:module";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { BUNDLE_OPTIONS, COMMAND_LINE_OPTIONS, VENDOR_PREFIX, vendorFile } from "./bundle-options.js";
import { importedPackages, vendorEntry } from "./vendor-entries.js";

// `--out DIR` builds elsewhere than dist/ (the launcher's tests build a package of their own).
const out = process.argv.indexOf("--out");
const dist = out === -1 ? fileURLToPath(new URL("../dist", import.meta.url)) : resolve(process.argv[out + 1]);
const fresh = `${dist}.new-${process.pid}`;
const old = `${dist}.old-${process.pid}`;

const source = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/** Every command and the file cli/commands.ts loads it from, read off the registry itself. */
function commands() {
  const registry = readFileSync(source("src/cli/commands.ts"), "utf8");
  const found = [...registry.matchAll(/^\s*([a-z]+): \{.*load: \(\) => import\("\.\/([\w-]+\.js)"\)/gm)].map((m) => ({ name: m[1], file: m[2] }));
  if (found.length === 0) throw new Error("no command found in src/cli/commands.ts");
  return found;
}

/**
 * Leaves out of a bundle every command but `keep` (none for dist/main.cjs): the registry's loader of any other command
 * resolves to a module that says so. The launcher never sends a command to a bundle without it; if it ever did, the
 * user would see podc's one-line internal error, not a wrong result.
 */
function onlyCommand(keep) {
  return {
    name: "only-command",
    setup(b) {
      b.onResolve({ filter: /^\.\/[\w-]+\.js$/ }, (args) => {
        if (args.kind !== "dynamic-import" || !args.importer.replace(/\\/g, "/").endsWith("/src/cli/commands.ts")) return undefined;
        if (args.path === `./${keep}`) return undefined;
        return { path: args.path, namespace: "absent-command" };
      });
      b.onLoad({ filter: /.*/, namespace: "absent-command" }, (args) => ({
        contents: `throw new Error("internal: ${args.path} is not in this bundle of podc");`,
        loader: "js",
      }));
    },
  };
}

/** Makes every third-party import a require of its vendor bundle, and notes which packages were imported. */
function vendorImports(found) {
  return {
    name: "vendor-imports",
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (isBuiltin(args.path) || args.path.startsWith(VENDOR_PREFIX)) return undefined;
        found.add(args.path);
        return { path: VENDOR_PREFIX + args.path, external: true };
      });
    },
  };
}

try {
  const packages = new Set();
  const command = (entry, outfile, keep) =>
    build({ ...COMMAND_LINE_OPTIONS, entryPoints: [entry], outfile, plugins: [onlyCommand(keep), vendorImports(packages)], logLevel: "warning" });
  const [imports] = await Promise.all([
    importedPackages(source("src/cli/command.ts")),
    ...commands().map(({ name, file }) => command(source("src/cli/command.ts"), `${fresh}/commands/${name}.cjs`, file)),
    command(source("src/cli/command.ts"), `${fresh}/main.cjs`, null),
    build({ ...BUNDLE_OPTIONS, entryPoints: [source("src/index.ts")], outfile: `${fresh}/lib.js`, logLevel: "warning" }),
  ]);
  // A vendor bundle holds its package with all it depends on; nothing else requires it, so it is never loaded twice.
  await Promise.all(
    [...packages].map((specifier) =>
      build({
        ...COMMAND_LINE_OPTIONS,
        absWorkingDir: source("."),
        stdin: vendorEntry(specifier, imports.get(specifier) ?? null, source(".")),
        outfile: `${fresh}/${vendorFile(specifier)}`,
        logLevel: "warning",
      }),
    ),
  );
  mkdirSync(`${fresh}/cache`);
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
