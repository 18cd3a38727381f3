"use strict";
// Runs a task bundle of bench/tasks/ as the podc command runs its own bundles (bin/podc.cjs): compiled by node:vm with
// V8's code cache of an earlier run, which holds the functions that run compiled, and keeps the cache for the next run
// when there was none. Without it every function a task calls would be compiled during the task's clock, a cost the
// command pays on its first run only.
//   node --expose-gc task-launcher.cjs <bundle.cjs> <cache file> <task name> <json args>
const { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } = require("node:fs");
const { dirname } = require("node:path");
const { Script } = require("node:vm");

const [file, cacheFile] = process.argv.splice(2, 2);
let cachedData;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  // the first run of this task: it makes the cache
}
const script = new Script(readFileSync(file, "latin1"), { filename: file, cachedData });
if (cachedData === undefined || script.cachedDataRejected) {
  // On exit, so the cache holds what the task compiled while it ran; written whole or not at all.
  process.once("exit", () => {
    const temporary = `${cacheFile}.${process.pid}.tmp`;
    try {
      mkdirSync(dirname(cacheFile), { recursive: true });
      writeFileSync(temporary, script.createCachedData());
      renameSync(temporary, cacheFile);
    } catch {
      rmSync(temporary, { force: true });
    }
  });
}
const module_ = { exports: {} };
script.runInThisContext()(module_.exports, require, module_, file, dirname(file));
