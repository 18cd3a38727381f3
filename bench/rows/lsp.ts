// The language server while typing: from a didChange to the diagnostics of that version, over a real stdio connection
// to `podc lsp --stdio`, paired with a whole analyze() of the very same text (the library bundle the command line is
// made of, dist/lib.js, in this process), one right after the other, their order alternating. Measured on a
// feature-length script, about 200 KB (targets: 16 ms median, 33 ms p95); then bursts of 20 keystrokes written at once,
// counting the versions the server analyses (it should analyse the newest only: 1, at most 2 when the burst arrives in
// two reads).

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { TextDocument } from "vscode-languageserver-textdocument";
import type { TextDocumentContentChangeEvent } from "vscode-languageserver";
import { episodeLines } from "../lib/inputs.js";
import { LspClient } from "../lib/lsp-client.js";
import type { BenchContext, Figure, Row } from "../lib/row.js";
import { quantile, summarize, type Summary } from "../lib/stats.js";

interface Size {
  lines: number;
  medianMs: number;
  p95Ms?: number;
}

// About 200 KB of episode: a feature film's length.
const SIZES: Size[] = [{ lines: 9500, medianMs: 16, p95Ms: 33 }];
const BURST = 20;

type Analyze = (text: string, options: { file: string; config: unknown; plan: boolean }) => unknown;

export const lsp: Row = {
  id: "lsp",
  title: "language server: diagnostics after a change, paired with a whole analyze() of the same text",
  async run(context) {
    // The library exactly as the command line runs it (scripts/build.js made it before the rows run).
    const library = (await import(pathToFileURL(join(context.root, "dist", "lib.js")).href)) as { analyze: Analyze; defaultConfig: () => unknown };
    const figures: Figure[] = [];
    for (const size of SIZES) figures.push(...(await measure(context, size, library)));
    return figures;
  },
};

async function measure(context: BenchContext, size: Size, library: { analyze: Analyze; defaultConfig: () => unknown }): Promise<Figure[]> {
  const lines = context.quick ? size.lines / 5 : size.lines;
  const text = episodeLines(lines);
  const path = join(context.data, `lsp-${lines}-lines.pod`);
  writeFileSync(path, text);
  const runs = Math.max(context.quick ? 10 : 30, context.runs * 4);
  const config = library.defaultConfig();
  const analyze = (doc: TextDocument) => {
    const start = performance.now();
    library.analyze(doc.getText(), { file: path, config, plan: false });
    return performance.now() - start;
  };

  const client = await LspClient.start(context.launcher, context.data);
  const uri = "untitled:bench.pod";
  let doc = TextDocument.create(uri, "pod", 1, text);
  const lsp: number[] = [];
  const whole: number[] = [];
  const ratio: number[] = [];
  const burstMs: number[] = [];
  const analysed: number[] = [];
  try {
    await client.open(uri, text);
    // Typing in the middle of the script, in a cycle of four changes: a letter typed into a speech and taken out
    // again, then a line break (Enter, which moves every later line) typed and taken out again.
    const line = 8 + Math.floor(lines / 2 / 29) * 29 + 2;
    const at = { line, character: 7 };
    const cycle: TextDocumentContentChangeEvent[] = [
      { range: { start: at, end: at }, text: "x" },
      { range: { start: at, end: { line, character: 8 } }, text: "" },
      { range: { start: at, end: at }, text: "\n" },
      { range: { start: at, end: { line: line + 1, character: 0 } }, text: "" },
    ];
    const warmup = 12;
    for (let i = 0; i < warmup + runs; i++) {
      const change = cycle[i % cycle.length]!;
      doc = TextDocument.update(doc, [change], doc.version + 1);
      const timeServer = async () => {
        const start = performance.now();
        await client.change(uri, doc.version, change);
        return performance.now() - start;
      };
      let s: number;
      let b: number;
      if (i % 2 === 0) {
        s = await timeServer();
        b = analyze(doc);
      } else {
        b = analyze(doc);
        s = await timeServer();
      }
      if (i < warmup) continue;
      lsp.push(s);
      whole.push(b);
      ratio.push(s / b);
    }
    // Bursts: 20 letters typed and written to the server in one go (as an editor's queue sends them when the server is
    // busy), timed from the first to the diagnostics of the last; an even number of them leaves the text as it was.
    const bursts = Math.max(5, Math.round(runs / 4));
    for (let n = 0; n <= bursts; n++) {
      const changes = Array.from({ length: BURST }, (_, k) => cycle[k % 2]!);
      const publishes = client.publishes;
      const start = performance.now();
      const last = await client.burst(uri, doc.version, changes);
      const ms = performance.now() - start;
      doc = TextDocument.update(doc, changes, last);
      if (n === 0) continue; // the first burst warms the paths it takes
      burstMs.push(ms);
      analysed.push(client.publishes - publishes);
    }
  } finally {
    await client.stop();
  }

  const wholeSummary = summarize(whole);
  const baseline = { label: "whole analyze() of it", unit: "ms" as const, value: wholeSummary };
  const p95 = quantile(lsp, 0.95);
  const only = (v: number): Summary => ({ median: v, p25: v, p75: v, min: v, max: v, n: lsp.length, values: [v] });
  const figures: Figure[] = [
    {
      id: `lsp.change.${size.lines}`,
      label: `lsp diagnostics after a change, ${lines} lines (median)`,
      unit: "ms",
      value: summarize(lsp),
      baseline,
      ratio: { ...summarize(ratio), of: "lsp ÷ analyze" },
      target: { op: "<=", value: size.medianMs, of: "value" },
    },
    {
      id: `lsp.change.${size.lines}.p95`,
      label: `  the same, p95`,
      unit: "ms",
      value: only(p95),
      baseline: { ...baseline, value: only(quantile(whole, 0.95)) },
      ...(size.p95Ms !== undefined && { target: { op: "<=" as const, value: size.p95Ms, of: "value" as const } }),
    },
  ];
  figures.push(
    {
      id: `lsp.burst.${size.lines}.analysed`,
      label: `  a burst of ${BURST} changes: versions analysed`,
      unit: "",
      value: summarize(analysed),
      target: { op: "<=", value: 2, of: "value" },
      note: `lsp, a burst of ${BURST} changes on ${lines} lines: versions analysed per burst ${analysed.join(" ")}`,
    },
    {
      id: `lsp.burst.${size.lines}`,
      label: `  the same, to the last one's diagnostics`,
      unit: "ms",
      value: summarize(burstMs),
      baseline,
      ratio: { ...summarize(burstMs.map((t) => t / wholeSummary.median)), of: "burst ÷ analyze" },
    },
  );
  return figures;
}
