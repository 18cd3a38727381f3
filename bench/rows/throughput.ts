// Throughput of check and compile on large scripts, in-process and as the command line, as a fraction of the speed of
// reading the file and splitting it into lines (the least any tool that reads a script line by line must do).

import type { BenchContext, Figure, Row } from "../lib/row.js";
import { paired, summarize } from "../lib/stats.js";

const MB = 1024 * 1024;
const TARGETS = { check: 0.25, compile: 0.15 };
/** Shapes held to the targets, at the full size; the others are shown at a smaller size, for information. */
const HELD = ["realistic", "short"];
const SHOWN = ["long", "songs", "cjk"];

const READ_AND_SPLIT = "require('node:fs').readFileSync(process.argv[1], 'utf8').split(/\\r\\n|\\r|\\n/)";

function speed(id: string, label: string, bytes: number, subject: number[], baseline: number[], target?: number): Figure {
  const f: Figure = {
    id,
    label,
    unit: "ms",
    value: summarize(subject),
    baseline: { label: "read+split", unit: "ms", value: summarize(baseline) },
    ratio: { ...summarize(subject.map((s, i) => baseline[i]! / s)), of: "read+split ÷ podc" },
  };
  if (target !== undefined) {
    f.target = { op: ">=", value: target };
    f.note = `${label}: ${(bytes / MB / (f.value.median / 1000)).toFixed(1)} MB/s`;
  }
  return f;
}

/** One series per subject of the throughput task, entry i of each from the same turn. */
interface Subjects {
  readSplit: number[];
  check: number[];
  compile: number[];
}

/** What the analysis task's `throughput` returns. */
export interface Throughput extends Subjects {
  bytes: number;
  kernelMs: Subjects;
  faults: Subjects;
}

/**
 * The share of each run's time the kernel spent for it, and its page faults: for information, beside the ratios of a
 * held shape. Read+split spends much of its time faulting in fresh memory, and what a fault costs moves with the
 * machine, so a run in which faults were dear or cheap moves its ratios for reasons that are not podc's.
 */
export function kernelFigure(shape: string, size: string, t: Throughput): Figure {
  const share = (of: keyof Subjects) => summarize(t.kernelMs[of].map((ms, i) => (100 * ms) / t[of][i]!));
  const faults = (of: keyof Subjects) => Math.round(summarize(t.faults[of]).median).toLocaleString("en");
  return {
    id: `throughput.kernel.${shape}`,
    label: `share of compile's time spent in the kernel, in-process, ${size} (information)`,
    unit: "%",
    value: share("compile"),
    baseline: { label: "read+split's", unit: "%", value: share("readSplit") },
    note:
      `check's share ${share("check").median.toFixed(0)} %; page faults per run: ` +
      `read+split ${faults("readSplit")}, check ${faults("check")}, compile ${faults("compile")}`,
  };
}

async function inProcess(context: BenchContext, shape: string, bytes: number, held: boolean): Promise<Figure[]> {
  const path = context.input(shape, bytes);
  const t = await context.task<Throughput>("analysis", "throughput", { path, runs: context.runs });
  const size = `${(t.bytes / MB).toFixed(0)} MB ${shape}`;
  const figures = [
    speed(`throughput.check.${shape}`, `check in-process, ${size}`, t.bytes, t.check, t.readSplit, held ? TARGETS.check : undefined),
    speed(`throughput.compile.${shape}`, `compile in-process, ${size}`, t.bytes, t.compile, t.readSplit, held ? TARGETS.compile : undefined),
  ];
  if (held) figures.push(kernelFigure(shape, size, t));
  return figures;
}

async function commandLine(context: BenchContext, shape: string, bytes: number): Promise<Figure[]> {
  const path = context.input(shape, bytes);
  const out: Figure[] = [];
  for (const command of ["check", "compile"] as const) {
    const runs = await paired(
      context.runs,
      1,
      () => {
        const run = context.node([context.launcher, command, path], { discardStdout: true });
        if (run.status !== 0) throw new Error(`podc ${command} ${shape} exited ${run.status ?? run.signal}: ${run.stderr.trim().slice(0, 400)}`);
        return run.ms;
      },
      () => context.node(["-e", READ_AND_SPLIT, path]).ms,
    );
    out.push(
      speed(
        `cli.${command}.${shape}`,
        `podc ${command} (process), ${(bytes / MB).toFixed(0)} MB ${shape}`,
        bytes,
        runs.subject,
        runs.baseline,
        TARGETS[command],
      ),
    );
  }
  return out;
}

export const throughput: Row = {
  id: "throughput",
  title: "check and compile on large scripts of every shape, against read+split",
  async run(context) {
    const large = (context.quick ? 5 : 20) * MB;
    const small = (context.quick ? 1 : 5) * MB;
    const out: Figure[] = [];
    for (const shape of HELD) out.push(...(await inProcess(context, shape, large, true)));
    for (const shape of HELD) out.push(...(await commandLine(context, shape, large)));
    for (const shape of SHOWN) out.push(...(await inProcess(context, shape, small, false)));
    return out;
  },
};
