import { resolve } from "node:path";
import { buildEpisodes, LOCAL_KEY_BASE } from "../run/job.js";
import { baseUrlFrom } from "../run/service-target.js";
import { repositoryRoot, stateDir } from "../run/state-dir.js";
import { episodeStatus, journalStatus, statusText, type StatusRow } from "../run/status.js";
import { chooseStore, isStateStoreError, openReader } from "../state/open.js";
import type { StateReader } from "../state/store.js";
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
    description: `Shows what the state store knows of every job: its state, task and trace id, files, problem, and
what the next podc run will do with it. The store is the journal (.podc/journal.jsonl at the repository
root), or the shared database when PODC_STATE_URL is set (see docs/team.md). With FILE, only that
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
  const choice = values.local ? { kind: "file" as const } : chooseStore(io.env);
  if ("error" in choice) {
    io.stderr.write(`podc status: ${choice.error}\n`);
    return EXIT.usage;
  }
  let reader: StateReader | undefined;
  try {
    if (files.length === 0) {
      const root = repositoryRoot(io.cwd, io.cwd);
      reader = await openReader(choice, stateDir(root));
      return await show(journalStatus(await reader.records()), reader, files.length, values.json, io);
    }
    const compiled = compileScripts(files, resolve(io.cwd, values.out), io);
    if ("exitCode" in compiled) return compiled.exitCode;
    reader = await openReader(choice, stateDir(compiled.root));
    const records = await reader.records();
    let rows;
    const target = values.local ? { keyBase: LOCAL_KEY_BASE } : baseUrlFrom(io.env, compiled.config.service);
    if ("error" in target) {
      // Without the service, job keys cannot be made: fall back to what the journal says came from these scripts.
      io.stderr.write(`podc status: ${target.error}\npodc status: showing the journal's jobs from these scripts instead\n`);
      const sources = new Set(compiled.scripts.map((s) => s.sourceInRoot));
      rows = journalStatus(records).filter((row) => row.script !== undefined && sources.has(row.script));
    } else {
      rows = episodeStatus(buildEpisodes(compiled.scripts, target.keyBase).episodes, records);
    }
    return await show(rows, reader, files.length, values.json, io);
  } catch (error) {
    if (!isStateStoreError(error)) throw error;
    io.stderr.write(`podc status: ${error.message}\n`);
    return EXIT.usage;
  } finally {
    await reader?.close();
  }
}

async function show(rows: StatusRow[], reader: StateReader, files: number, json: boolean, io: Io): Promise<number> {
  const running = await reader.running();
  if (json) {
    // `runningNow` is the first run (the lock's holder on the file store); `runs` every one working on the store.
    io.stdout.write(`${JSON.stringify({ jobs: rows, ...(running[0] ? { runningNow: running[0], runs: running } : {}) }, null, 2)}\n`);
    return EXIT.ok;
  }
  for (const run of running) io.stderr.write(`podc status: a podc run is working (pid ${run.pid} on ${run.host} since ${run.startedAt}); states may be changing\n`);
  io.stdout.write(statusText(rows));
  if (files === 0 && rows.length > 0) io.stderr.write(`podc status: ${reader.kind === "file" ? `journal ${displayPath(reader.where, io.cwd)}` : `the shared store ${reader.where}`}\n`);
  return EXIT.ok;
}
