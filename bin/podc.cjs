#!/usr/bin/env node
"use strict";
// The podc command: a thin launcher for the bundles in dist/ (shipped in the package, built by `npm run build` in a
// clone; scripts/build.js says what each holds). It runs the one bundle the command needs and the third-party bundles
// that one requires as they are first used, each compiled with V8's code cache from dist/cache/: without it, most of a
// cold start would be compiling podc. This file is CommonJS because an ES module entry starts a few milliseconds later.
const { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } = require("node:fs");
const { join } = require("node:path");
const { Script } = require("node:vm");

const dist = join(__dirname, "..", "dist");
const VENDOR_PREFIX = "podc-vendor:"; // as scripts/bundle-options.js names them
const loaded = new Map();
const uncached = [];

function readOrUndefined(file, encoding) {
  try {
    return readFileSync(file, encoding);
  } catch {
    return undefined;
  }
}

/** What a bundle's require() gives: vendor bundles from dist/vendor/, Node's own modules from Node. */
function bundleRequire(id) {
  if (!id.startsWith(VENDOR_PREFIX)) return require(id);
  const name = `vendor/${id.slice(VENDOR_PREFIX.length).replace(/\//g, "~")}.cjs`; // as vendorFile() in scripts/bundle-options.js
  // Many of podc's modules require chevrotain: the bundle is read and run once.
  return loaded.get(name)?.exports ?? run(name, readFileSync(join(dist, name), "latin1"));
}

/**
 * Runs a bundle of dist/ once and returns its exports. The bundles are ASCII (esbuild escapes the rest), so latin1 reads
 * them exactly, and fastest. A cache's name carries what V8 checks besides the source: one made by another Node is
 * refused, and made again.
 */
function run(name, source) {
  const file = join(dist, name);
  const cacheFile = join(dist, "cache", `${name.replace(/[/.]/g, "~")}-${process.version}-${process.arch}.bin`);
  const cachedData = readOrUndefined(cacheFile);
  // The bundle's text is a function expression (scripts/bundle-options.js wraps it): compiled as read, not copied.
  const script = new Script(source, { filename: file, cachedData });
  if (cachedData === undefined || script.cachedDataRejected) uncached.push({ script, cacheFile });
  const module = { exports: {} };
  loaded.set(name, module);
  script.runInThisContext()(module.exports, bundleRequire, module, file, join(file, ".."));
  return module.exports;
}

/**
 * Keeps what V8 compiled during this run for the next, each cache written whole or not at all (a temporary file,
 * renamed). Any failure (a read-only installation, a full disk) only means the next start compiles again.
 */
function saveCaches() {
  for (const { script, cacheFile } of uncached) {
    const temporary = `${cacheFile}.${process.pid}.tmp`;
    try {
      mkdirSync(join(dist, "cache"), { recursive: true });
      writeFileSync(temporary, script.createCachedData());
      renameSync(temporary, cacheFile);
    } catch {
      rmSync(temporary, { force: true });
    }
  }
}

/** The bundle for these arguments: the named command's (`podc help NAME` too), else the one for overview and mistakes. */
function entry(args) {
  const name = args[0] === "help" ? args[1] : args[0];
  const command = name !== undefined && /^[a-z]+$/.test(name) ? `commands/${name}.cjs` : undefined;
  const source = command && readOrUndefined(join(dist, command), "latin1");
  if (source !== undefined) return run(command, source);
  const main = readOrUndefined(join(dist, "main.cjs"), "latin1");
  if (main !== undefined) return run("main.cjs", main);
  // Only a clone can lack dist/ (the package ships it): one installed without its development dependencies.
  process.stderr.write(`podc: podc is not built: run npm ci (or npm run build) in ${join(__dirname, "..")}\n`);
  process.exit(70);
}

process.once("exit", saveCaches);
entry(process.argv.slice(2)).mainProcess();
