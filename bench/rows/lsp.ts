// The language server while typing: from a didChange in a 5,000-line script to the diagnostics of that version, over
// a real stdio connection, against checking the very same document in-process (the analysis the server runs).

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { episodeLines } from "../lib/inputs.js";
import { LspClient } from "../lib/lsp-client.js";
import type { Row } from "../lib/row.js";
import { summarize } from "../lib/stats.js";

const LINES = 5000;
const BUDGET_MS = 50;

export const lsp: Row = {
  id: "lsp",
  title: "language server: diagnostics after a change, against checking the same document in-process",
  async run(context) {
    const text = episodeLines(LINES);
    const path = join(context.data, `lsp-${LINES}-lines.pod`);
    writeFileSync(path, text);
    const runs = Math.max(30, context.runs * 3);

    const client = await LspClient.start(context.launcher, context.data);
    const uri = "untitled:bench.pod";
    const times: number[] = [];
    try {
      await client.open(uri, text);
      // Typing in the middle of the script, in a cycle of four changes: a letter typed into a speech and taken out
      // again, then a line break (Enter, which moves every later line) typed and taken out again.
      const line = 8 + Math.floor(LINES / 2 / 29) * 29 + 2;
      const at = { line, character: 7 };
      const cycle = [
        { range: { start: at, end: at }, text: "x" },
        { range: { start: at, end: { line, character: 8 } }, text: "" },
        { range: { start: at, end: at }, text: "\n" },
        { range: { start: at, end: { line: line + 1, character: 0 } }, text: "" },
      ];
      const warmup = 12;
      for (let i = 0, version = 1; i < warmup + runs; i++) {
        const start = performance.now();
        await client.change(uri, ++version, cycle[i % cycle.length]!);
        if (i >= warmup) times.push(performance.now() - start);
      }
    } finally {
      await client.stop();
    }
    const inProcess = await context.task<{ check: number[] }>("analysis", "checkText", { path, runs });
    const value = summarize(times);
    const check = summarize(inProcess.check);
    return [
      {
        id: "lsp.change",
        label: `lsp diagnostics after a change, ${LINES} lines`,
        unit: "ms",
        value,
        baseline: { label: "in-process check of it", unit: "ms", value: check },
        ratio: { ...summarize(times.map((t) => t / check.median)), of: "lsp ÷ check" },
        target: { op: "<=", value: BUDGET_MS, of: "value" },
        note: `lsp diagnostics after a change: p95 ${[...times].sort((a, b) => a - b)[Math.ceil(times.length * 0.95) - 1]!.toFixed(1)} ms`,
      },
    ];
  },
};
