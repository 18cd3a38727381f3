import { resolve } from "node:path";
import { terminalSafeAll } from "../source/terminal-text.js";
import { repositoryRoot } from "../config/find.js";
import { baseUrlFrom, localKeyBase, status as statusOf, statusText, unreadableStateMessage } from "../run/index.js";
import { chooseStore, isStateStoreError, type StoreAccess } from "../state/store.js";
import { defineCommand, type Parsed } from "./command.js";
import { compileScripts } from "./compile-scripts.js";
import { EXIT, type Io } from "./io.js";
import { displayPath } from "../files/display-path.js";

const OPTIONS = {
  json: { type: "boolean", help: 'one JSON object {"jobs": […]} on stdout' },
  local: { type: "boolean", help: "the jobs of the built-in emulator (podc run --local) instead of the service's" },
  out: { type: "string", arg: "DIR", help: "where the episodes were written, as given to podc run (default: out/ at the repository's root)" },
} as const;

export const command = defineCommand(
  {
    name: "status",
    usage: ["[FILE…] [options]"],
    description: `Shows what the state store knows of every job: its state, task and trace id, files, problem, and
what the next podc run will do with it. The store is the journal (.podc/journal.jsonl at the repository
root), or the shared database when PODC_STATE_URL is set (this repository's jobs: see docs/team.md). With FILE, only that
script's requests, in script order (for the service in PODC_BASE_URL or podc.json; --local for the
emulator's). Sends nothing and takes no lock.`,
    options: OPTIONS,
    exit: "0 shown, 1 a FILE has errors; 2 usage, unreadable file, bad configuration.",
    docs: "docs/run.md",
  },
  status,
);

async function status(parsed: Parsed<typeof OPTIONS>, io: Io): Promise<number> {
  const store = parsed.values.local ? ({ kind: "file" } as const) : chooseStore(io.env);
  if ("error" in store) {
    io.stderr.write(`podc status: ${store.error}\n`);
    return EXIT.usage;
  }
  try {
    return await showStatus(parsed, store, io);
  } catch (error) {
    const unreadable = isStateStoreError(error) ? error.message : unreadableStateMessage(error);
    if (unreadable === undefined) throw error;
    io.stderr.write(`podc status: ${unreadable}\n`);
    return EXIT.usage;
  }
}

async function showStatus({ values, positionals }: Parsed<typeof OPTIONS>, store: StoreAccess, io: Io): Promise<number> {
  const files = positionals.map((p) => resolve(io.cwd, p));
  let found;
  if (files.length === 0) {
    found = await statusOf(repositoryRoot(io.cwd, io.cwd), store);
  } else {
    const compiled = await compileScripts(files, { out: values.out, local: values.local }, io);
    if ("exitCode" in compiled) return compiled.exitCode;
    const target = values.local
      ? { keyBase: localKeyBase((await (await import("./local-service.js")).localVoice()).identity) }
      : baseUrlFrom(io.env, compiled.config.service);
    if ("error" in target) {
      // Without the service, job keys cannot be made: fall back to what the journal says came from these scripts.
      io.stderr.write(`podc status: ${target.error}\npodc status: showing the journal's jobs from these scripts instead\n`);
    }
    found = await statusOf(compiled.root, store, { list: compiled.scripts, keyBase: "error" in target ? undefined : target.keyBase });
  }
  const { rows, running } = found;
  if (values.json) {
    // `runningNow`: the first run working now (the lock's holder on the file store); `runs`: every one.
    io.stdout.write(`${JSON.stringify({ jobs: rows, ...(running[0] ? { runningNow: running[0], runs: running } : {}) }, null, 2)}\n`);
    return EXIT.ok;
  }
  for (const run of running)
    io.stderr.write(`podc status: a podc run is working (pid ${run.pid} on ${run.host} since ${run.startedAt}); states may be changing\n`);
  io.stdout.write(statusText(terminalSafeAll(rows)));
  if (files.length === 0 && rows.length > 0) {
    io.stderr.write(`podc status: ${found.kind === "file" ? `journal ${displayPath(found.where, io.cwd)}` : `the shared store ${found.where}`}\n`);
  }
  return EXIT.ok;
}
