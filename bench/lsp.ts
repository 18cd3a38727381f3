// Latency of the language server: the time from a didChange in a 5,000-line script to the publishDiagnostics of that
// version, over a real stdio connection to `podc lsp --stdio`, as an editor sees it. The budget is 50 ms median.
//
//   node --import tsx bench/lsp.ts [--source | --bin PATH] [--runs N] [--lines N] [--budget MS] [--json]
//
// It runs the bundle (bin/podc.js, built by `npm run build`) when dist/main.js exists, else the sources through tsx
// (--source forces that; the sources run slower than the bundle; --bin runs another podc launcher). Prints one line
// (one JSON object with --json); exit 1 when the median is over the budget.

import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from "vscode-jsonrpc/node";
import type { PublishDiagnosticsParams } from "vscode-languageserver";

const ROOT = join(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    source: { type: "boolean", default: false },
    bin: { type: "string", default: join(ROOT, "bin", "podc.js") },
    runs: { type: "string", default: "40" },
    lines: { type: "string", default: "5000" },
    budget: { type: "string", default: "50" },
    json: { type: "boolean", default: false },
  },
});
const runs = Math.max(30, Number(values.runs));
const lineCount = Number(values.lines);
const budget = Number(values.budget);
const bundled = !values.source && (values.bin !== join(ROOT, "bin", "podc.js") || existsSync(join(ROOT, "dist", "main.js")));

/** A realistic episode of exactly `lines` lines: sections of two-speaker dialogue in both forms, notes, directions, boneyards, songs. */
function episode(lines: number): string {
  const out = ["Title: The Long Night", "Episode: 40", "Cast:", "    HOST: Ethan", "    GUEST: Victoria", "    DJ: Luna", "Model: auto", ""];
  for (let i = 0; ; i++) {
    const other = i % 2 === 0 ? "GUEST" : "DJ";
    const block = [
      `# Part ${i + 1}`,
      "",
      `HOST: Welcome back to part ${i + 1}. Tonight we talk about the people`,
      "who keep the city running while it sleeps.",
      `${other}: (laughing) Thanks for having me. It is good to be here again.`,
      "",
      "[[check the pronunciation of Reykjavik]]",
      "",
      other,
      "(quietly)",
      `I worked nights for ${i + 3} years, and every one of them taught me something.`,
      "",
      "! Sound: a door closes.",
      "HOST: So, how did it start?",
      "/* cut for time:",
      `${other}: It's a long story.`,
      "*/",
      "",
      `SONG: Anthem ${i + 1}`,
      "Style: synthwave, 110 bpm, melancholic, female vocals",
      "",
      "[Verse]",
      "Neon lights across the floor",
      "Coffee cups and closing doors",
      "",
      "[Chorus]",
      "We're the night shift, we're alive",
      "END SONG",
      "",
    ];
    if (out.length + block.length > lines) break;
    out.push(...block);
  }
  out.push("# Credits", "");
  while (out.length < lines) out.push("HOST: Thanks for listening.");
  return out.slice(0, lines).join("\n") + "\n";
}

const server = bundled
  ? spawn(process.execPath, [values.bin, "lsp", "--stdio"], { cwd: ROOT, stdio: ["pipe", "pipe", "inherit"] })
  : spawn(process.execPath, ["--import", "tsx", join(ROOT, "test", "lsp", "server-entry.ts"), "--stdio"], { cwd: ROOT, stdio: ["pipe", "pipe", "inherit"] });
const connection = createMessageConnection(new StreamMessageReader(server.stdout!), new StreamMessageWriter(server.stdin!));
let waiting: { version: number; resolve: () => void } | undefined;
connection.onNotification("textDocument/publishDiagnostics", (params: PublishDiagnosticsParams) => {
  if (waiting && params.version === waiting.version) waiting.resolve();
});
connection.listen();
await connection.sendRequest("initialize", { processId: process.pid, rootUri: null, capabilities: {} });
await connection.sendNotification("initialized", {});

const uri = "untitled:bench.pod";
const text = episode(lineCount);
let version = 1;
const published = (v: number) => new Promise<void>((resolve) => (waiting = { version: v, resolve }));
let done = published(version);
await connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "pod", version, text } });
await done;

// Typing in the middle of the script, in a cycle of four changes: a letter typed into a speech and taken out again,
// then a line break typed (Enter, which moves every later line) and taken out again.
const line = 8 + Math.floor(lineCount / 2 / 29) * 29 + 2;
const at = { line, character: 7 };
const cycle = [
  { range: { start: at, end: at }, text: "x" },
  { range: { start: at, end: { line, character: 8 } }, text: "" },
  { range: { start: at, end: at }, text: "\n" },
  { range: { start: at, end: { line: line + 1, character: 0 } }, text: "" },
];
const times: number[] = [];
const warmup = 12;
for (let i = 0; i < warmup + runs; i++) {
  version++;
  done = published(version);
  const start = performance.now();
  await connection.sendNotification("textDocument/didChange", { textDocument: { uri, version }, contentChanges: [cycle[i % cycle.length]] });
  await done;
  if (i >= warmup) times.push(performance.now() - start);
}
await connection.sendRequest("shutdown");
await connection.sendNotification("exit");
connection.dispose();

times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)]!;
const p95 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)]!;
const result = { bench: "lsp-diagnostics-after-change", lines: lineCount, runs, server: bundled ? "bundle" : "source", medianMs: median, p95Ms: p95, budgetMs: budget };
if (values.json) console.log(JSON.stringify(result));
else {
  console.log(
    `lsp: diagnostics ${median.toFixed(1)} ms median, ${p95.toFixed(1)} ms p95 after a change in a ${lineCount}-line script ` +
      `(n=${runs}, ${result.server}; budget ${budget} ms median)`,
  );
}
process.exitCode = median < budget ? 0 : 1;
