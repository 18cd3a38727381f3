import { resolve } from "node:path";
import { displayPath } from "../files/display-path.js";
import { repositoryRoot } from "../config/find.js";
import { adoptTask, baseUrlFrom } from "../run/index.js";
import { LockHeldError } from "../state/lock.js";
import { compileScripts } from "./compile-scripts.js";
import { chooseStore, isStateStoreError, stateDir, transferState } from "../state/store.js";
import { defineCommand, type Parsed } from "./command.js";
import { EXIT, UsageError, type Io } from "./io.js";

const OPTIONS = {
  line: { type: "string", arg: "N", help: "adopt: the line of the song's SONG: header, as podc run names it (FILE:N)" },
  task: { type: "string", arg: "ID", help: "adopt: the song's task id, as the service gave it" },
} as const;

export const command = defineCommand(
  {
    name: "state",
    usage: ["push", "pull", "adopt FILE --line N --task ID"],
    description: `Moves this repository's state between its journal (.podc/) and the shared store named by
PODC_STATE_URL (see docs/team.md). push copies into the store every job the journal knows and the store
does not, and the audio files on disk. pull copies into the journal every job of this repository the
store knows and the journal does not, and writes every recorded audio file missing from disk. A job both
sides know is left as each side has it. Takes the repository's lock while it works, as every podc run of
the repository does: refused while one runs, and a run is refused meanwhile.

adopt gives the song whose SONG: header is on line N of FILE the task ID seen in the account's dashboard
or a support reply, in the store podc run uses (the journal, or PODC_STATE_URL's): an "outcome unknown"
song is then finished by querying its task on the next podc run, never by paying for it again. Sends
nothing (see docs/run.md).`,
    options: OPTIONS,
    exit: "0 moved or adopted; 1 a podc run holds the lock, or the song already has an outcome; 2 usage, PODC_STATE_URL missing or the database unusable.",
    docs: "docs/team.md",
  },
  state,
);

async function state({ positionals, values }: Parsed<typeof OPTIONS>, io: Io): Promise<number> {
  const [direction, ...rest] = positionals;
  if (direction === "adopt") return adopt(rest, values, io);
  if ((direction !== "push" && direction !== "pull") || rest.length > 0) throw new UsageError("podc state takes push, pull or adopt (see podc state --help)");
  const choice = chooseStore(io.env);
  if ("error" in choice) return fail(io, choice.error);
  if (choice.kind === "file") return fail(io, "PODC_STATE_URL is not set: it names the shared store to push to or pull from (see docs/team.md)");
  const root = repositoryRoot(io.cwd, io.cwd);
  try {
    const report = await transferState(direction, choice.target, stateDir(root), root);
    const where = choice.target.shown;
    const jobs = direction === "push" ? `${report.moved} job(s) into ${where}` : `${report.moved} job(s) from ${where} into the journal`;
    const kept = report.kept > 0 ? `; ${report.kept} known to both, left as they are` : "";
    const files =
      direction === "push"
        ? `${report.files} audio file(s) stored, ${report.filesPresent} already there`
        : `${report.files} audio file(s) written, ${report.filesPresent} already on disk`;
    io.stdout.write(`podc state ${direction}: ${jobs}${kept}; ${files}\n`);
    for (const missing of report.filesMissing) io.stderr.write(`podc state ${direction}: ${missing}: neither on disk nor in the store\n`);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof LockHeldError) {
      io.stderr.write(`podc state: ${error.message}\n`);
      return EXIT.failed;
    }
    if (isStateStoreError(error)) return fail(io, error.message);
    // The journal cannot be written (a full disk): nothing was moved into it.
    if (error instanceof Error && error.name === "JournalWriteError") return fail(io, `${error.message}; nothing was moved`);
    throw error;
  }
}

/** `podc state adopt FILE --line N --task ID`: see adoptTask. */
async function adopt(files: string[], values: { line?: string | undefined; task?: string | undefined }, io: Io): Promise<number> {
  if (files.length !== 1) throw new UsageError("podc state adopt takes one FILE: the script of the song");
  const line = Number(values.line);
  if (!Number.isInteger(line) || line < 1) throw new UsageError(`--line: expected the line of the song's SONG: header, got ${values.line ?? "nothing"}`);
  const taskId = values.task?.trim() ?? "";
  if (taskId === "" || /[\s/?#]/.test(taskId)) throw new UsageError(`--task: expected the task id as the service gave it, got ${values.task ?? "nothing"}`);
  const compiled = await compileScripts([resolve(io.cwd, files[0]!)], { out: undefined, local: false }, io);
  if ("exitCode" in compiled) return compiled.exitCode;
  const target = baseUrlFrom(io.env, compiled.config.service);
  // Job keys are made with the service's address: without it, the song's job cannot be named.
  if ("error" in target) return fail(io, target.error);
  const store = chooseStore(io.env);
  if ("error" in store) return fail(io, store.error);
  const done = await adoptTask({
    script: compiled.scripts[0]!,
    line,
    taskId,
    store,
    root: compiled.root,
    keyBase: target.keyBase,
    showPath: (path) => displayPath(path, io.cwd),
    onNotice: (message) => io.stderr.write(`podc state adopt: ${message}\n`),
  });
  if ("error" in done) {
    io.stderr.write(`podc state adopt: ${done.error}\n`);
    return done.exitCode;
  }
  io.stdout.write(`podc state adopt: ${done.message}\n`);
  return EXIT.ok;
}

function fail(io: Io, message: string): number {
  io.stderr.write(`podc state: ${message}\n`);
  return EXIT.usage;
}
