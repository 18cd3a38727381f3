import { describeFileError, isFileError } from "../files/file-errors.js";
import { foldJournal } from "../state/job-record.js";
import type { Episode } from "./job.js";
import { entriesFromManifests, ManifestNewerError } from "./journal-rebuild.js";
import { Journal, JournalCopy, type JournalFileOps, JournalUnreadableError, JournalWriteError } from "../state/journal.js";
import { removeLeftovers } from "./leftovers.js";
import { LockHeldError, RunLock } from "../state/lock.js";
import { checkWritableFolder } from "./preflight.js";

/*
 * Everything a run settles on this machine before its first paid request, in order: the state folder
 * can be written; the lock is ours; the journal is readable by this podc and writable; every output
 * folder can take a file; leftovers of killed runs are gone; and what manifests know that the journal
 * does not is taken back into it. Any failure here stops the run with nothing sent.
 */

export interface PreparedRun {
  lock: RunLock;
  journal: Journal;
  /** Things worth a line on stderr: journal warnings, leftovers removed, jobs restored from manifests. */
  notices: string[];
}

/** Why a run cannot start: the words to print, and the exit code (2: fix something here; 1: another run holds the lock). */
export interface NotStarted {
  exitCode: 1 | 2;
  message: string;
}

/** Prepares a run in the state folder `state` for `episodes`; on failure nothing is held and nothing was sent. */
export async function prepareRun(
  state: string,
  episodes: readonly Episode[],
  root: string,
  options: { journalOps?: JournalFileOps; show?: (path: string) => string; copyDir?: string } = {},
): Promise<PreparedRun | NotStarted> {
  const show = options.show ?? ((path: string) => path);
  const cannotWrite = (path: string, reason: string): NotStarted => ({ exitCode: 2, message: `cannot write ${show(path)}: ${reason}. Nothing was sent.` });
  const stateProblem = checkWritableFolder(state);
  if (stateProblem) return cannotWrite(stateProblem.path, stateProblem.reason);
  let lock: RunLock;
  try {
    lock = await RunLock.acquire(state);
  } catch (error) {
    if (error instanceof LockHeldError) return { exitCode: 1, message: error.message };
    if (isFileError(error)) return cannotWrite(state, describeFileError(error));
    throw error;
  }
  let journal: Journal | undefined;
  try {
    journal = Journal.open(state, options.journalOps);
    const shownJournal = show(journal.path);
    const notices = journal.warnings.map((w) => `warning: ${shownJournal}${w.line > 0 ? `:${w.line}` : ""}: ${w.message}`);
    for (const problem of journal.problems()) {
      notices.push(`warning: ${shownJournal}:${problem.line}: ${problem.message}; the request it names is treated as "outcome unknown"`);
    }
    for (const episode of episodes) {
      const problem = checkWritableFolder(episode.outDir);
      if (problem) return release(lock, journal, cannotWrite(problem.path, problem.reason));
    }
    if (options.copyDir) reconcileWithCopy(journal, options.copyDir, root, notices, show);
    const removed = removeLeftovers([state, ...episodes.map((e) => e.outDir)]);
    if (removed.length > 0) notices.push(`removed ${removed.length} temporary file${removed.length === 1 ? "" : "s"} left by an interrupted run`);
    const restored = restoreFromManifests(journal, episodes, root, notices, show);
    if (restored > 0) {
      notices.push(
        `the journal did not know ${restored} request${restored === 1 ? "" : "s"} that the manifests record; ` +
          "taken back from them (nothing they record is sent again)",
      );
    }
    return { lock, journal, notices };
  } catch (error) {
    if (error instanceof JournalUnreadableError || error instanceof ManifestNewerError) return release(lock, journal, { exitCode: 2, message: error.message });
    if (error instanceof JournalWriteError) return release(lock, journal, { exitCode: 2, message: `${error.message}. Nothing was sent.` });
    if (isFileError(error)) return release(lock, journal, cannotWrite(journal?.path ?? state, describeFileError(error)));
    release(lock, journal, undefined);
    throw error;
  }
}

/**
 * Takes back into `journal` every entry its copy outside the repository holds and it lacks (a journal deleted by
 * `git clean`, or cut), saying so loudly; gives the copy the entries it lacks; then keeps the copy for the run.
 * A copy that cannot be opened or written is a warning: the journal in the repository is what the run needs.
 */
function reconcileWithCopy(journal: Journal, dir: string, root: string, notices: string[], show: (path: string) => string): void {
  let copy: JournalCopy;
  try {
    copy = JournalCopy.open(dir, root);
  } catch (error) {
    notices.push(`warning: cannot keep a copy of the journal in ${show(dir)}: ${describeFileError(error)}; a git clean would take what it records`);
    return;
  }
  const inJournal = new Set(journal.entries().map((entry) => JSON.stringify(entry)));
  const lost = copy.entries.filter((entry) => !inJournal.has(JSON.stringify(entry)));
  for (const entry of lost) journal.append(entry);
  if (lost.length > 0) {
    const jobs = new Set(lost.map((entry) => entry.job)).size;
    notices.push(
      `warning: ${show(journal.path)} had lost ${lost.length} entr${lost.length === 1 ? "y" : "ies"} of ${jobs} request${jobs === 1 ? "" : "s"} ` +
        `(deleted — git clean -fdX? — or cut); taken back from its copy ${show(copy.path)}: nothing they record is sent again`,
    );
  }
  const inCopy = new Set(copy.entries.map((entry) => JSON.stringify(entry)));
  copy.append(
    journal
      .entries()
      .filter((entry) => !inCopy.has(JSON.stringify(entry)))
      .map((entry) => `${JSON.stringify(entry)}\n`)
      .join(""),
  );
  journal.keepCopy(copy);
  if (copy.failure) notices.push(`warning: cannot write the journal's copy ${show(copy.path)}: ${copy.failure}`);
}

/**
 * Appends to `journal` a `restored` entry for every job the episodes' manifests record and the journal
 * does not know; returns how many. Runs before the first paid request of a run.
 */
function restoreFromManifests(journal: Journal, episodes: readonly Episode[], root: string, notices: string[], show: (path: string) => string): number {
  const records = foldJournal(journal.entries(), journal.problems());
  const { entries, warnings } = entriesFromManifests(episodes, (key) => records.get(key), root);
  for (const warning of warnings) notices.push(`warning: ${show(warning.path)}: ${warning.message}`);
  for (const entry of entries) journal.append(entry);
  return entries.length;
}

function release<T>(lock: RunLock, journal: Journal | undefined, result: T): T {
  journal?.close();
  lock.release();
  return result;
}
