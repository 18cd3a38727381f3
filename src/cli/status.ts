import { resolve } from "node:path";
import { foldJournal } from "../run/job-record.js";
import { buildEpisodes, LOCAL_KEY_BASE } from "../run/job.js";
import { readJournal } from "../run/journal.js";
import { currentHolder } from "../run/lock.js";
import { baseUrlFrom } from "../run/service-target.js";
import { repositoryRoot, stateDir } from "../run/state-dir.js";
import { episodeStatus, journalStatus, statusText } from "../run/status.js";
import { defineCommand, type Parsed } from "./command.js";
import { EXIT, type Io } from "./io.js";
import { compileScripts } from "./run.js";
import { displayPath } from "./scripts.js";

const OPTIONS = {
  json: { type: "boolean", help: "one JSON object {\"jobs\": […]} on stdout" },
  local: { type: "boolean", help: "the jobs of the built-in emulator (podc run --local) instead of the service's" },
  out: { type: "string", arg: "DIR", default: "out", help: "where the episodes were written, as given to podc run" },
} as const;

export const command = defineCommand(
  {
    name: "status",
    usage: ["[FILE…] [options]"],
    description: `Shows what the journal (.podc/journal.jsonl at the repository root) knows of every job: its state,
task and trace id, files, problem, and what the next podc run will do with it. With FILE, only that
script's requests, in script order (for the service in PODC_BASE_URL or podc.json; --local for the
emulator's). Sends nothing and takes no lock.`,
    options: OPTIONS,
    exit: "0 shown, 1 a FILE has errors; 2 usage, unreadable file, bad configuration.",
    docs: "docs/run.md",
  },
  status,
);

async function status({ values, positionals }: Parsed<typeof OPTIONS>, io: Io): Promise<number> {
  const files = positionals.map((p) => resolve(io.cwd, p));
  let rows;
  let root: string;
  if (files.length === 0) {
    root = repositoryRoot(io.cwd, io.cwd);
    rows = journalStatus(foldJournal(readJournal(stateDir(root)).entries));
  } else {
    const compiled = compileScripts(files, resolve(io.cwd, values.out), io);
    if ("exitCode" in compiled) return compiled.exitCode;
    root = compiled.root;
    const records = foldJournal(readJournal(stateDir(root)).entries);
    const target = values.local ? { keyBase: LOCAL_KEY_BASE } : baseUrlFrom(io.env, compiled.config.service);
    if ("error" in target) {
      // Without the service, job keys cannot be made: fall back to what the journal says came from these scripts.
      io.stderr.write(`podc status: ${target.error}\npodc status: showing the journal's jobs from these scripts instead\n`);
      const sources = new Set(compiled.scripts.map((s) => s.sourceInRoot));
      rows = journalStatus(records).filter((row) => row.script !== undefined && sources.has(row.script));
    } else {
      rows = episodeStatus(buildEpisodes(compiled.scripts, target.keyBase).episodes, records);
    }
  }
  const holder = currentHolder(stateDir(root));
  if (values.json) {
    io.stdout.write(`${JSON.stringify({ jobs: rows, ...(holder ? { runningNow: holder } : {}) }, null, 2)}\n`);
    return EXIT.ok;
  }
  if (holder) io.stderr.write(`podc status: a podc run holds the lock (pid ${holder.pid} on ${holder.host} since ${holder.startedAt}); states may be changing\n`);
  io.stdout.write(statusText(rows));
  if (files.length === 0 && rows.length > 0) io.stderr.write(`podc status: journal ${displayPath(resolve(stateDir(root), "journal.jsonl"), io.cwd)}\n`);
  return EXIT.ok;
}
