// In-process measurements of the library: what `podc check` and `podc compile` do with a file, without the process
// around them, against reading and splitting the same file.

import { readFileSync } from "node:fs";
import { analyze } from "../../src/compile.js";
import { defaultConfig } from "../../src/config/defaults.js";
import { PlanJson } from "../../src/lower/plan-json.js";
import { defineTasks, interleaved, interleavedSamples, readAndSplit, timed, type Sample } from "../lib/task.js";

const config = defaultConfig();

/** What `podc check` does with a file: read its bytes, analyze them for diagnostics only. */
function check(path: string): number {
  return analyze(readFileSync(path), { file: path, config, plan: false, tree: false }).diagnostics.length;
}

/** What `podc compile` does: the same with the request plan, printed as JSON as it is made. */
function compile(path: string): number {
  const json = new PlanJson();
  const plan = analyze(readFileSync(path), { file: path, config, tree: false, onRequests: (requests) => json.add(requests) }).plan;
  return plan ? json.pieces(plan).reduce((length, piece) => length + piece.length, 0) : -1;
}

defineTasks({
  /**
   * check and compile of one file, interleaved with read-and-split of it: entry i of each series is a triple. With
   * each time, the kernel's milliseconds and page faults of the same call.
   */
  throughput({ path, runs }: { path: string; runs: number }) {
    const samples = interleavedSamples(runs, 1, { readSplit: () => readAndSplit(path), check: () => check(path), compile: () => compile(path) });
    const series = (of: (sample: Sample) => number) => ({
      readSplit: samples.readSplit!.map(of),
      check: samples.check!.map(of),
      compile: samples.compile!.map(of),
    });
    return { bytes: readFileSync(path).byteLength, ...series((s) => s.ms), kernelMs: series((s) => s.kernelMs), faults: series((s) => s.faults) };
  },

  /** check alone, interleaved with read-and-split, on files of growing size. */
  scaling({ paths, runs }: { paths: string[]; runs: number }) {
    return {
      sizes: paths.map((path) => ({
        bytes: readFileSync(path).byteLength,
        ...interleaved(runs, 1, { readSplit: () => readAndSplit(path), check: () => check(path) }),
      })),
    };
  },

  /** Warm check of a text as an editor hands it over (a string), many times: the language server's own work. */
  checkText({ path, runs }: { path: string; runs: number }) {
    const text = readFileSync(path, "utf8");
    const run = () => analyze(text, { file: path, config, plan: false });
    for (let i = 0; i < 20; i++) run();
    return { check: Array.from({ length: runs }, () => timed(run)) };
  },
});
