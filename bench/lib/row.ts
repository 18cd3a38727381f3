// What a row of the bench is and what it reports. A row is one module in bench/rows/ that exports a Row; listing it in
// bench/rows/index.ts puts it in `npm run bench`. A row measures through the context (generated inputs, whole podc
// processes, in-process tasks in a fresh Node) and returns figures; the runner prints them, checks their targets and
// writes them as JSON.

import type { Summary } from "./stats.js";

/** What a figure must reach: `ratio` (the default) or `value` compared with `op`. */
export interface Target {
  op: "<=" | ">=";
  value: number;
  of?: "ratio" | "value";
}

export type Unit = "ms" | "MB" | "MB/s" | "×" | "ms/MB" | "%" | "";

export interface Figure {
  /** Stable key across commits, such as "cold.check" or "throughput.check.short". */
  id: string;
  label: string;
  unit: Unit;
  /** The subject's measurements. */
  value: Summary;
  /** What it is compared with, measured in the same run. */
  baseline?: { label: string; unit: Unit; value: Summary };
  /** The figure's ratio (per pair where the runs are paired) and what it divides, such as "podc / node -e 0". */
  ratio?: Summary & { of: string };
  target?: Target;
  /** Set by the runner from the target; a row sets it only for figures whose target is not a number (it ran or not). */
  pass?: boolean;
  note?: string;
}

export interface NodeRun {
  ms: number;
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface NodeOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Throw away stdout instead of collecting it (large plans). */
  discardStdout?: boolean;
}

export interface BenchContext {
  /** --quick: fewer repetitions and smaller inputs, for development; its figures are indicative only. */
  quick: boolean;
  /** Paired repetitions per figure (at least 10 unless --quick). */
  runs: number;
  root: string;
  /** Scratch folder for this run's files (git-ignored). */
  data: string;
  /** The podc launcher to time (bin/podc.cjs over the bundles scripts/build.js made). */
  launcher: string;
  /** A generated input of this shape and about this size, written once and reused. */
  input(shape: string, bytes: number): string;
  /** Runs node with these arguments, synchronously, and times it. */
  node(args: string[], options?: NodeOptions): NodeRun;
  /** Runs a task exported by bench/tasks/<module>.ts in a fresh Node process (bundled like the product); its JSON. */
  task<T>(module: string, name: string, args?: unknown): Promise<T>;
  log(message: string): void;
}

export interface Row {
  id: string;
  title: string;
  run(context: BenchContext): Promise<Figure[]>;
}
