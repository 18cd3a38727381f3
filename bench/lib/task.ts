// The other end of BenchContext.task: a module in bench/tasks/ calls defineTasks with its measurements; bundled and run
// as `node --expose-gc <bundle> <name> <json args>`, it runs the one named and prints its result as one line of JSON.
// Each task runs in a fresh process, so it starts with a fresh heap and nothing warmed by another figure.

import { readFileSync } from "node:fs";

export type Task = (args: never) => unknown;

export function defineTasks(tasks: Record<string, Task>): void {
  const [name, json] = process.argv.slice(2);
  const task = name === undefined ? undefined : tasks[name];
  if (!task) {
    process.stderr.write(`usage: <bundle> ${Object.keys(tasks).join("|")} [json args]\n`);
    process.exitCode = 2;
    return;
  }
  Promise.resolve(task(JSON.parse(json ?? "{}") as never)).then(
    (result) => process.stdout.write(JSON.stringify(result) + "\n"),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}

/**
 * One call of `run`: its wall time, and what the kernel did for this process meanwhile (system CPU time of every
 * thread, and page faults). A fresh page of memory costs a fault, and a fault's cost moves with the machine: reading
 * and splitting a large file spends much of its time there, so these say how much of a run's verdict is the kernel's.
 */
export interface Sample {
  ms: number;
  kernelMs: number;
  faults: number;
}

/** A Sample of one call of `run`, after a full garbage collection so it pays for none of the garbage before it. */
export function sampled(run: () => unknown): Sample {
  collect();
  const before = process.resourceUsage();
  const start = performance.now();
  run();
  const ms = performance.now() - start;
  const after = process.resourceUsage();
  return {
    ms,
    kernelMs: (after.systemCPUTime - before.systemCPUTime) / 1000,
    faults: after.minorPageFault - before.minorPageFault + (after.majorPageFault - before.majorPageFault),
  };
}

/** Milliseconds one call of `run` takes, after a full garbage collection so it pays for none of the garbage before it. */
export function timed(run: () => unknown): number {
  return sampled(run).ms;
}

/** A full garbage collection when the process was started with --expose-gc (tasks are). */
export function collect(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/**
 * Times each function `runs` times, in turns (a, b, c, a, b, c, …) after `warmup` unrecorded turns, so that drift and
 * other processes' load hit them alike. Returns every time, per function, in turn order: entry i of two series is a pair.
 */
export function interleaved(runs: number, warmup: number, subjects: Record<string, () => unknown>): Record<string, number[]> {
  const samples = interleavedSamples(runs, warmup, subjects);
  return Object.fromEntries(Object.entries(samples).map(([name, series]) => [name, series.map((sample) => sample.ms)]));
}

/** interleaved(), with the kernel's part of each call beside its time. */
export function interleavedSamples(runs: number, warmup: number, subjects: Record<string, () => unknown>): Record<string, Sample[]> {
  const samples: Record<string, Sample[]> = Object.fromEntries(Object.keys(subjects).map((name) => [name, []]));
  for (let r = 0; r < warmup + runs; r++) {
    for (const [name, run] of Object.entries(subjects)) {
      const sample = sampled(run);
      if (r >= warmup) samples[name]!.push(sample);
    }
  }
  return samples;
}

/** The baseline every throughput figure is measured against: read the file as text and split it into lines. */
export function readAndSplit(path: string): number {
  return readFileSync(path, "utf8").split(/\r\n|\r|\n/).length;
}
