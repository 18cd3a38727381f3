// The performance bench: `npm run bench [-- options]`. It builds the command line as `npm ci` does, generates its
// inputs into bench/.data/ (git-ignored), runs every row of bench/rows/index.ts and prints each figure — a median of
// paired runs with its interquartile range — next to the baseline measured in the same run, as a ratio, against its
// target. Nothing here is a test: it always exits 0 unless it cannot measure at all.
//
//   --quick        fewer repetitions, smaller inputs: for development; figures are indicative only
//   --runs N       paired repetitions per figure (default 10, the least a figure is worth reading at)
//   --only a,b     only these rows (ids as listed by --list)
//   --list         list the rows and exit
//   --json         also write the figures as JSON, to --out or bench/.data/results-<commit>.json
//   --out FILE     where --json writes
//   --compare FILE add a column with the figures of an earlier --json run

import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createContext } from "./lib/context.js";
import { judge, table, type Previous } from "./lib/report.js";
import type { Figure } from "./lib/row.js";
import { ROWS } from "./rows/index.js";

const ROOT = join(import.meta.dirname, "..");

const { values } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    runs: { type: "string" },
    only: { type: "string" },
    list: { type: "boolean", default: false },
    json: { type: "boolean", default: false },
    out: { type: "string" },
    compare: { type: "string" },
  },
});

function log(message: string): void {
  process.stderr.write(message + "\n");
}

function git(...args: string[]): string {
  try {
    return execFileSync("git", args, { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "";
  }
}

async function main(): Promise<void> {
  if (values.list) {
    for (const row of ROWS) process.stdout.write(`${row.id.padEnd(14)} ${row.title}\n`);
    return;
  }
  const only = values.only?.split(",").map((s) => s.trim());
  const rows = only ? ROWS.filter((r) => only.includes(r.id)) : ROWS;
  if (only && rows.length !== only.length) throw new Error(`unknown row in --only; rows: ${ROWS.map((r) => r.id).join(", ")}`);
  const started = performance.now();
  const quick = values.quick;
  const runs = Math.max(values.runs ? Number(values.runs) : quick ? 5 : 10, 3);

  log("building the command line (scripts/build.js) …");
  execFileSync(process.execPath, [join(ROOT, "scripts", "build.js")], { cwd: ROOT, stdio: "inherit" });
  const launcher = join(ROOT, "bin", "podc.cjs");
  const context = createContext({ root: ROOT, quick, runs, launcher, log });

  const figures: Figure[] = [];
  const failures: string[] = [];
  for (const row of rows) {
    log(`${row.id}: ${row.title} …`);
    const rowStart = performance.now();
    try {
      figures.push(...(await row.run(context)));
    } catch (error) {
      failures.push(`${row.id}: ${error instanceof Error ? error.message : String(error)}`);
    }
    log(`  ${((performance.now() - rowStart) / 1000).toFixed(1)} s`);
  }
  for (const f of figures) f.pass = judge(f);

  const previous: Previous | undefined = values.compare ? (JSON.parse(readFileSync(values.compare, "utf8")) as Previous) : undefined;
  const commit = git("rev-parse", "HEAD");
  const dirty = git("status", "--porcelain", "--untracked-files=no") !== "";
  const notes = [
    `${quick ? "QUICK RUN (fewer repetitions, smaller inputs): indicative only. " : ""}` +
      `Medians of ${runs} paired runs unless n says otherwise; [p25–p75] is the interquartile range. Ratios are taken per ` +
      `pair (subject and baseline run one right after the other, order alternating) so load from other processes cancels.`,
    `podc: bin/podc.cjs over dist/ from scripts/build.js; in-process figures: bench/tasks/*.ts bundled the same way, each ` +
      `task in a fresh node --expose-gc with the code cache of its first run, as the command has, a full collection ` +
      `before every timed call. node ${process.version}, ` +
      `${cpus().length} CPUs, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")} at the end.`,
    ...figures.filter((f) => f.note).map((f) => `${f.id}: ${f.note}`),
    ...failures.map((f) => `ROW FAILED ${f}`),
  ];
  process.stdout.write(`\n${table(figures, previous)}\n\n${notes.map((n) => `- ${n}`).join("\n")}\n`);
  const failed = figures.filter((f) => f.pass === false).map((f) => f.id);
  // A row that failed measured nothing: its targets are neither met nor missed, and the run is not a pass.
  const verdict =
    failures.length > 0
      ? `${failures.length} row${failures.length === 1 ? "" : "s"} failed${failed.length === 0 ? "" : `; targets missed: ${failed.join(", ")}`}`
      : failed.length === 0
        ? "every target met"
        : `targets missed: ${failed.join(", ")}`;
  process.stdout.write(`- ${verdict}; whole bench ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  if (failures.length > 0) process.exitCode = 1;

  if (values.json) {
    const out = values.out ?? join(ROOT, "bench", ".data", `results-${commit.slice(0, 12) || "unknown"}${dirty ? "-dirty" : ""}.json`);
    const document = {
      commit,
      dirty,
      date: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      loadavg: loadavg(),
      quick,
      runs,
      figures,
      failures,
    };
    writeFileSync(out, JSON.stringify(document, null, 2) + "\n");
    log(`figures written to ${out}`);
  }
}

await main();
