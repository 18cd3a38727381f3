// The measurements of the benchmark, one task per process so that each starts with a fresh heap:
//
//   node bench/.data/measure.mjs <task> [files…]
//
// bench/run.ts bundles this file with esbuild (as scripts/build.js bundles the library) and runs each task; a task
// prints one JSON object. Every task times a baseline in the same process, right next to what it measures.

import { readFileSync } from "node:fs";
import { Fountain } from "fountain-js";
import { analyze } from "../src/compile.js";
import { defaultConfig } from "../src/config/schema.js";

const config = defaultConfig();

/** What `podc check` does with a file: read its bytes, analyze them for diagnostics only. */
function check(path: string): number {
  return analyze(readFileSync(path), { file: path, config, plan: false }).diagnostics.length;
}

/** What `podc compile` does: the same, with the request plan (every body's canonical JSON and key). */
function compile(path: string): number {
  return analyze(readFileSync(path), { file: path, config }).plan?.requests.length ?? -1;
}

/** The baseline: read the file as text and split it into lines. */
function readAndSplit(path: string): number {
  return readFileSync(path, "utf8").split(/\r\n|\r|\n/).length;
}

function time(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Medians of several functions, timed in turns (a, b, c, a, b, c, …) so that drift hits them alike. */
function interleaved(rounds: number, runs: Record<string, () => unknown>): Record<string, number> {
  const times: Record<string, number[]> = {};
  for (let r = 0; r < rounds; r++) for (const [name, run] of Object.entries(runs)) (times[name] ??= []).push(time(run));
  return Object.fromEntries(Object.entries(times).map(([name, t]) => [name, median(t)]));
}

const tasks: Record<string, (files: string[]) => object> = {
  /** Throughput on the large script and growth from the medium one; compile for comparison. */
  throughput([large, medium]) {
    check(medium!); // warm up the code paths
    const small = interleaved(5, { readSplit: () => readAndSplit(medium!), check: () => check(medium!) });
    const big = interleaved(5, { readSplit: () => readAndSplit(large!), check: () => check(large!) });
    const compiled = interleaved(3, { compile: () => compile(large!) });
    return {
      large: { bytes: readFileSync(large!).byteLength, ...big, ...compiled },
      medium: { bytes: readFileSync(medium!).byteLength, ...small },
    };
  },

  /** Peak memory of one check of the large script: the process's maximum resident set, as the kernel counts it. */
  memory([large]) {
    const diagnostics = check(large!);
    return { bytes: readFileSync(large!).byteLength, maxRssBytes: process.resourceUsage().maxRSS * 1024, diagnostics };
  },

  /** The resident set of a process that has loaded everything but checked nothing: to tell code from data. */
  loaded() {
    return { maxRssBytes: process.resourceUsage().maxRSS * 1024 };
  },

  /** Warm latency of checking one episode, against reading and splitting it; and of a 5,000-line script. */
  latency([episode, lines5000]) {
    for (let i = 0; i < 100; i++) check(episode!);
    const result = interleaved(300, { readSplit: () => readAndSplit(episode!), check: () => check(episode!) });
    for (let i = 0; i < 10; i++) check(lines5000!);
    const large = interleaved(40, { check: () => check(lines5000!) });
    return { bytes: readFileSync(episode!).byteLength, ...result, check5000: large.check };
  },

  /** The same dialogue checked by podc and parsed by fountain-js (its parse(), which also renders HTML). */
  fountain([dialogue]) {
    const text = readFileSync(dialogue!, "utf8");
    const fountain = new Fountain();
    const ours = () => analyze(text, { file: dialogue!, config, plan: false });
    const theirs = () => fountain.parse(text);
    for (let i = 0; i < 3; i++) {
      ours();
      theirs();
    }
    const errors = ours().diagnostics.filter((d) => d.severity === "error").length;
    return { bytes: Buffer.byteLength(text), errors, ...interleaved(7, { podc: ours, fountain: theirs }) };
  },
};

const [task, ...files] = process.argv.slice(2);
const run = task === undefined ? undefined : tasks[task];
if (!run) {
  process.stderr.write(`usage: measure.mjs ${Object.keys(tasks).join("|")} [files…]\n`);
  process.exitCode = 2;
} else {
  process.stdout.write(JSON.stringify(run(files)) + "\n");
}
