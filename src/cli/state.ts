import { LockHeldError, repositoryRoot, stateDir } from "../run/index.js";
import { chooseStore, isStateStoreError, transferState } from "../state/open.js";
import { defineCommand, type Parsed } from "./command.js";
import { EXIT, UsageError, type Io } from "./io.js";

export const command = defineCommand(
  {
    name: "state",
    usage: ["push", "pull"],
    description: `Moves this repository's state between its journal (.podc/) and the shared store named by
PODC_STATE_URL (see docs/team.md). push copies into the store every job the journal knows and the store
does not, and the audio files on disk. pull copies into the journal every job the store knows and the
journal does not, and writes every recorded audio file missing from disk. A job both sides know is left
as each side has it. Takes the repository's lock while it works.`,
    options: {},
    exit: "0 moved; 1 a podc run holds the repository's lock; 2 usage, PODC_STATE_URL missing or the database unusable.",
    docs: "docs/team.md",
  },
  state,
);

async function state({ positionals }: Parsed<Record<string, never>>, io: Io): Promise<number> {
  const [direction, ...rest] = positionals;
  if ((direction !== "push" && direction !== "pull") || rest.length > 0) throw new UsageError("podc state takes push or pull (see podc state --help)");
  const choice = chooseStore(io.env);
  if ("error" in choice) return fail(io, choice.error);
  if (choice.kind === "file") return fail(io, "PODC_STATE_URL is not set: it names the shared store to push to or pull from (see docs/team.md)");
  const root = repositoryRoot(io.cwd, io.cwd);
  try {
    const report = await transferState(direction, choice.target, stateDir(root), root);
    const where = choice.target.shown;
    const jobs = direction === "push" ? `${report.moved} job(s) into ${where}` : `${report.moved} job(s) from ${where} into the journal`;
    const kept = report.kept > 0 ? `; ${report.kept} known to both, left as they are` : "";
    const busy = report.busy > 0 ? `; ${report.busy} being worked on by a run right now, left alone` : "";
    const files =
      direction === "push"
        ? `${report.files} audio file(s) stored, ${report.filesPresent} already there`
        : `${report.files} audio file(s) written, ${report.filesPresent} already on disk`;
    io.stdout.write(`podc state ${direction}: ${jobs}${kept}${busy}; ${files}\n`);
    for (const missing of report.filesMissing) io.stderr.write(`podc state ${direction}: ${missing}: neither on disk nor in the store\n`);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof LockHeldError) {
      io.stderr.write(`podc state: ${error.message}\n`);
      return EXIT.failed;
    }
    if (isStateStoreError(error)) return fail(io, error.message);
    throw error;
  }
}

function fail(io: Io, message: string): number {
  io.stderr.write(`podc state: ${message}\n`);
  return EXIT.usage;
}
