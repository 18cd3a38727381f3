// The language server while typing: from a didChange to the diagnostics of that version, over a real stdio connection
// to `podc lsp --stdio`, against a whole analyze() of the very same document in-process, in the same run. Measured on
// a 5,000-line episode (targets: 16 ms median, 33 ms p95) and a 50,000-line one (target: 50 ms median), and for a
// burst of 20 keystrokes sent at once on the long one, which must be analysed once, not 20 times.

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { episodeLines } from "../lib/inputs.js";
import { LspClient } from "../lib/lsp-client.js";
import type { BenchContext, Figure, Row } from "../lib/row.js";
import { quantile, summarize } from "../lib/stats.js";

interface Size {
  lines: number;
  medianMs: number;
  p95Ms?: number;
}

const SIZES: Size[] = [
  { lines: 5000, medianMs: 16, p95Ms: 33 },
  { lines: 50000, medianMs: 50 },
];
const BURST = 20;

export const lsp: Row = {
  id: "lsp",
  title: "language server: diagnostics after a change, against a whole analyze() of the same document in-process",
  async run(context) {
    const figures: Figure[] = [];
    for (const size of SIZES) figures.push(...(await measure(context, size)));
    return figures;
  },
};

async function measure(context: BenchContext, size: Size): Promise<Figure[]> {
  const lines = context.quick ? size.lines / 5 : size.lines;
  const text = episodeLines(lines);
  const path = join(context.data, `lsp-${lines}-lines.pod`);
  writeFileSync(path, text);
  const runs = Math.max(30, context.runs * (size.lines > 10000 ? 2 : 4));

  const client = await LspClient.start(context.launcher, context.data);
  const uri = "untitled:bench.pod";
  const times: number[] = [];
  let burst: number[] = [];
  try {
    await client.open(uri, text);
    // Typing in the middle of the script, in a cycle of four changes: a letter typed into a speech and taken out
    // again, then a line break (Enter, which moves every later line) typed and taken out again.
    const line = 8 + Math.floor(lines / 2 / 29) * 29 + 2;
    const at = { line, character: 7 };
    const cycle = [
      { range: { start: at, end: at }, text: "x" },
      { range: { start: at, end: { line, character: 8 } }, text: "" },
      { range: { start: at, end: at }, text: "\n" },
      { range: { start: at, end: { line: line + 1, character: 0 } }, text: "" },
    ];
    const warmup = 12;
    let version = 1;
    for (let i = 0; i < warmup + runs; i++) {
      const start = performance.now();
      await client.change(uri, ++version, cycle[i % cycle.length]!);
      if (i >= warmup) times.push(performance.now() - start);
    }
    // Bursts: 20 letters typed and sent together (as an editor's queue does when the server is busy), timed from the
    // first to the diagnostics of the last; an even number of them leaves the text as it was.
    const bursts = Math.max(5, Math.round(runs / 6));
    for (let b = 0; b < bursts; b++) {
      const changes = Array.from({ length: BURST }, (_, k) => cycle[k % 2]!);
      const start = performance.now();
      version = await client.burst(uri, version, changes);
      burst.push(performance.now() - start);
    }
  } finally {
    await client.stop();
  }
  burst = burst.slice(1); // the first burst warms the paths it takes
  const inProcess = await context.task<{ check: number[] }>("analysis", "checkText", { path, runs });
  const value = summarize(times);
  const check = summarize(inProcess.check);
  const p95 = quantile(times, 0.95);
  const figures: Figure[] = [
    {
      id: `lsp.change.${size.lines}`,
      label: `lsp diagnostics after a change, ${lines} lines (median)`,
      unit: "ms",
      value,
      baseline: { label: "whole analyze() of it", unit: "ms", value: check },
      ratio: { ...summarize(times.map((t) => t / check.median)), of: "lsp ÷ analyze" },
      target: { op: "<=", value: size.medianMs, of: "value" },
      note: `lsp after a change, ${lines} lines: p95 ${p95.toFixed(1)} ms`,
    },
  ];
  if (size.p95Ms !== undefined) {
    const p95Summary = { median: p95, p25: p95, p75: p95, min: p95, max: p95, n: times.length };
    figures.push({
      id: `lsp.change.${size.lines}.p95`,
      label: `  the same, p95`,
      unit: "ms",
      value: p95Summary,
      baseline: { label: "whole analyze() of it", unit: "ms", value: check },
      target: { op: "<=", value: size.p95Ms, of: "value" },
    });
  }
  if (size.lines > 10000) {
    figures.push({
      id: `lsp.burst.${size.lines}`,
      label: `  a burst of ${BURST} changes, to the last one's diagnostics`,
      unit: "ms",
      value: summarize(burst),
      baseline: { label: "whole analyze() of it", unit: "ms", value: check },
      ratio: { ...summarize(burst.map((t) => t / check.median)), of: "burst ÷ analyze" },
      // Analysed once, not twenty times: well under two whole analyses.
      target: { op: "<=", value: 2 },
    });
  }
  return figures;
}
