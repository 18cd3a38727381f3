// Peak memory of `podc check` on every shape, above a bare Node process, as a multiple of the input's size; and the
// largest valid short-line script under the size cap, which must check (not run out of memory).

import type { BenchContext, Figure, Row } from "../lib/row.js";
import { summarize } from "../lib/stats.js";

const MB = 1024 * 1024;
const HELD = ["realistic", "short"];
const SHOWN = ["long", "songs", "cjk"];
const TARGET = 5;

/** Peak resident set of `podc check path` and of `node -e 0`, each measured `runs` times, alternating. */
function peaks(
  context: BenchContext,
  path: string,
  runs: number,
): { podc: number[]; bare: number[]; status: number | null; signal: string | null; stderr: string } {
  const podc: number[] = [];
  const bare: number[] = [];
  let last = { status: 0 as number | null, signal: null as string | null, stderr: "" };
  for (let i = 0; i < runs; i++) {
    const run = context.node([context.launcher, "check", "--format", "line", path], { peak: true, discardStdout: true });
    last = { status: run.status, signal: run.signal, stderr: run.stderr };
    if (run.peakBytes === undefined) break; // it died: out of memory or killed
    podc.push(run.peakBytes);
    bare.push(context.node(["-e", "0"], { peak: true }).peakBytes!);
  }
  return { podc, bare, ...last };
}

function figure(id: string, label: string, bytes: number, p: ReturnType<typeof peaks>, held: boolean): Figure {
  const above = p.podc.map((peak, i) => (peak - p.bare[i]!) / MB);
  const f: Figure = {
    id,
    label,
    unit: "MB",
    value: summarize(above),
    baseline: { label: "input", unit: "MB", value: summarize([bytes / MB]) },
    ratio: { ...summarize(above.map((a) => (a * MB) / bytes)), of: "peak ÷ input" },
    note: `${label}: peak resident set ${(summarize(p.podc).median / MB).toFixed(0)} MB, node -e 0 ${(summarize(p.bare).median / MB).toFixed(0)} MB`,
  };
  if (held) f.target = { op: "<=", value: TARGET };
  if (p.podc.length === 0 || (p.status !== 0 && p.status !== 1)) {
    f.pass = false;
    f.note = `${label}: did not finish (exit ${p.status ?? p.signal}): ${p.stderr.trim().split("\n").slice(-3).join(" | ").slice(0, 300)}`;
  }
  return f;
}

export const memory: Row = {
  id: "memory",
  title: "peak memory of podc check above bare node, per shape; the largest short-line script under the cap",
  async run(context) {
    const size = (context.quick ? 5 : 20) * MB;
    // Peaks vary little from run to run, but as much as the garbage collector's timing: as many pairs as any figure.
    const runs = context.quick ? 1 : context.runs;
    const out: Figure[] = [];
    for (const shape of [...HELD, ...SHOWN]) {
      const path = context.input(shape, size);
      out.push(figure(`memory.${shape}`, `peak above node, check of ${size / MB} MB ${shape}`, size, peaks(context, path, runs), HELD.includes(shape)));
    }
    if (!context.quick) {
      // Just under the default cap of 64 MiB (limits.fileBytes): a valid script of that size must check.
      const bytes = 60 * MB;
      const path = context.input("short", bytes);
      const f = figure("memory.short.60mb", "peak above node, check of 60 MB short lines (must finish)", bytes, peaks(context, path, 1), false);
      if (f.pass !== false) f.pass = true;
      out.push(f);
    }
    return out;
  },
};
