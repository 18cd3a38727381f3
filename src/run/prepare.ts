import { randomBytes } from "node:crypto";
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, rmdirSync, statSync, unlinkSync, writeSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describeFileError, isFileError } from "../files/file-errors.js";
import { FileStore } from "../state/file-store.js";
import { applyEntry, emptyRecord, foldJournal, type JobRecord, type NewEntry, stamped } from "../state/job-record.js";
import { Journal, JournalCopy, journalPath, JournalUnreadableError, JournalWriteError } from "../state/journal.js";
import { LockHeldError, RunLock } from "../state/lock.js";
import type { StateTarget } from "../state/postgres/connection.js";
import { isStateStoreError, openSharedStore, stateDir, type StateStore, type StoreAccess } from "../state/store.js";
import { contentTypeFor, type Manifest, MANIFEST_FILE, MANIFEST_VERSION, type ManifestRequest } from "./episode-folder.js";
import type { Episode } from "./job.js";

/*
 * Everything a run settles on this machine before its first paid request, in order: the state folder
 * can be written; the lock is ours; the journal is readable by this podc and writable; every output
 * folder can take a file; leftovers of killed runs are gone; and what manifests know that the journal
 * does not is taken back into it. Any failure here stops the run with nothing sent.
 */

/** Why a run cannot start: the words to print, and the exit code (2: fix something here; 1: another run holds the lock). */
export interface NotStarted {
  exitCode: 1 | 2;
  error: string;
}

/** The store a command chose for the repository at `root`, and how the words about it reach the person. */
export interface StoreRequest {
  /** Where the jobs' state lives: the journal, or the shared store the front chose (state/store.ts chooseStore). */
  store: StoreAccess;
  /** The repository root the scripts share: the journal and the lock live under it. */
  root: string;
  /** Where the journal's copy outside the repository is kept (state/journal.ts `journalCopyDir`); none when absent. */
  journalCopyDir?: string;
  /** Something worth a line before the run starts: a journal warning, leftovers removed, jobs restored from manifests. */
  onNotice: (message: string) => void;
  /** How a path of this machine is shown in messages. */
  showPath: (path: string) => string;
}

/**
 * The store `request` names, held for a run of `episodes` (the file store's lock, the shared store's run row); or why
 * not, with nothing held and nothing sent.
 */
export async function openStore(
  request: StoreRequest,
  episodes: readonly Episode[],
  account: { apiKey: string; concurrency: number },
): Promise<StateStore | NotStarted> {
  const { root, showPath: show } = request;
  const state = stateDir(root);
  const cannotWrite = (path: string, reason: string): NotStarted => ({ exitCode: 2, error: `cannot write ${show(path)}: ${reason}. Nothing was sent.` });
  if (request.store.kind === "postgres") return openShared(request.store.target, request, account, cannotWrite);
  const stateProblem = checkWritableFolder(state);
  if (stateProblem) return cannotWrite(stateProblem.path, stateProblem.reason);
  let lock: RunLock;
  try {
    lock = await RunLock.acquire(state);
  } catch (error) {
    if (error instanceof LockHeldError) return { exitCode: 1, error: error.message };
    if (isFileError(error)) return cannotWrite(state, describeFileError(error));
    throw error;
  }
  let journal: Journal | undefined;
  try {
    journal = Journal.open(state);
    const shownJournal = show(journal.path);
    const notices = journal.warnings.map((w) => `warning: ${shownJournal}${w.line > 0 ? `:${w.line}` : ""}: ${w.message}`);
    for (const problem of journal.problems()) {
      notices.push(`warning: ${shownJournal}:${problem.line}: ${problem.message}; the request it names is treated as "outcome unknown"`);
    }
    for (const episode of episodes) {
      const problem = checkWritableFolder(episode.outDir);
      if (problem) return release(lock, journal, cannotWrite(problem.path, problem.reason));
    }
    if (request.journalCopyDir) reconcileWithCopy(journal, request.journalCopyDir, root, notices, show);
    const removed = removeLeftovers([state, ...episodes.map((e) => e.outDir)]);
    if (removed.length > 0) notices.push(`removed ${removed.length} temporary file${removed.length === 1 ? "" : "s"} left by an interrupted run`);
    const restored = restoreFromManifests(journal, episodes, root, notices, show);
    if (restored > 0) {
      notices.push(
        `the journal did not know ${restored} request${restored === 1 ? "" : "s"} that the manifests record; ` +
          "taken back from them (nothing they record is sent again)",
      );
    }
    for (const notice of notices) request.onNotice(notice);
    return new FileStore(lock, journal, account.concurrency);
  } catch (error) {
    if (error instanceof JournalUnreadableError || error instanceof ManifestNewerError) return release(lock, journal, { exitCode: 2, error: error.message });
    if (error instanceof JournalWriteError) return release(lock, journal, { exitCode: 2, error: `${error.message}. Nothing was sent.` });
    if (isFileError(error)) return release(lock, journal, cannotWrite(journal?.path ?? state, describeFileError(error)));
    release(lock, journal, undefined);
    throw error;
  }
}

/**
 * The shared store at `target`, held for a run under the repository's lock: `podc state push` and `pull` take it
 * too, so they never copy a job's story under a run of this repository that is about to pay for it.
 */
async function openShared(
  target: StateTarget,
  request: StoreRequest,
  account: { apiKey: string; concurrency: number },
  cannotWrite: (path: string, reason: string) => NotStarted,
): Promise<StateStore | NotStarted> {
  let lock: RunLock;
  try {
    lock = await RunLock.acquire(stateDir(request.root));
  } catch (error) {
    if (error instanceof LockHeldError) return { exitCode: 1, error: `${error.message}; nothing was sent` };
    if (isFileError(error)) return cannotWrite(stateDir(request.root), describeFileError(error));
    throw error;
  }
  try {
    const store = await openSharedStore(target, { ...account, root: request.root });
    request.onNotice(`state: the shared store ${store.where}`);
    return holdingLock(store, lock);
  } catch (error) {
    releaseLock(lock);
    if (isStateStoreError(error)) return { exitCode: 2, error: `${error.message} — nothing was sent` };
    throw error;
  }
}

/** `store`, whose closing also releases the repository's lock. */
function holdingLock(store: StateStore, lock: RunLock): StateStore {
  const close = store.close.bind(store);
  store.close = async () => {
    try {
      await close();
    } finally {
      releaseLock(lock);
    }
  };
  return store;
}

/** Releases a shared-store run's lock, and removes `.podc/` when the lock was all it held: a team run keeps nothing there. */
function releaseLock(lock: RunLock): void {
  lock.release();
  try {
    rmdirSync(dirname(lock.path));
  } catch {
    // It holds a journal, or more: it stays.
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

/*
 * Checking before paying: a run that cannot write its journal or its output finds out before its first
 * paid request, not after (a song paid for and then lost to ENOTDIR). Each folder is created if needed,
 * and a small file is written, flushed and removed there — the same steps a download or a journal
 * entry takes.
 */

/** A place podc cannot write, and why, in words. */
export interface WriteProblem {
  path: string;
  reason: string;
}

/** The name of the file written to test a folder: hidden, and one of podc's own leftovers (see removeLeftovers). */
function probeName(): string {
  return `.podc-write-check.${randomBytes(6).toString("hex")}.tmp`;
}

/** Makes sure `folder` exists (creating it) and a file can be written, flushed and removed in it. */
function checkWritableFolder(folder: string): WriteProblem | undefined {
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    return blockingAncestor(folder) ?? { path: folder, reason: `cannot create this folder: ${describeFileError(error)}` };
  }
  const probe = join(folder, probeName());
  let fd: number | undefined;
  try {
    fd = openSync(probe, "wx");
    writeSync(fd, "podc\n");
    fsyncSync(fd);
  } catch (error) {
    return { path: folder, reason: `cannot write a file in this folder: ${describeFileError(error)}` };
  } finally {
    if (fd !== undefined) closeSync(fd);
    try {
      unlinkSync(probe);
    } catch {
      // never created, or already gone
    }
  }
  return undefined;
}

/** The nearest existing path at or above `folder` that is not a folder: why `mkdir -p` failed, in words. */
function blockingAncestor(folder: string): WriteProblem | undefined {
  for (let at = folder; ; at = dirname(at)) {
    try {
      if (!statSync(at).isDirectory()) return { path: at, reason: "this is a file, and podc needs a folder here (move it, or choose another --out)" };
      return undefined;
    } catch {
      // does not exist: look further up
    }
    if (dirname(at) === at) return undefined;
  }
}

/*
 * What runs that were killed leave behind: temporary files beside their targets (`.<name>.<12 hex>.part`
 * from a download, `.<name>.<12 hex>.tmp` from an atomic write or a write check, `.<name>.incoming`
 * between a download and its rename). A run removes them from its own folders while it holds the lock,
 * so no other podc run can be writing them. Only these names are touched: nothing a person made.
 */

const LEFTOVER = /^\..+\.(?:[0-9a-f]{12}\.(?:part|tmp)|incoming)$/;

/** Whether `name` is one of podc's own temporary file names. */
function isLeftover(name: string): boolean {
  return LEFTOVER.test(name);
}

/** Removes podc's temporary files from each folder (not below it); returns the paths removed. */
export function removeLeftovers(folders: readonly string[]): string[] {
  const removed: string[] = [];
  for (const folder of folders) {
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      continue;
    }
    for (const name of names) {
      if (!isLeftover(name)) continue;
      try {
        unlinkSync(join(folder, name));
        removed.push(join(folder, name));
      } catch {
        // gone already, or not ours to remove after all
      }
    }
  }
  return removed;
}

/*
 * Rebuilding the journal from manifests. Every `out/<episode>/manifest.json` names each request's job
 * key, task id, state and files with their checksums. When the journal is gone (deleted, `git clean
 * -fdX`) or lacks a job a manifest records, that knowledge is taken back into the journal as a
 * `restored` entry, before anything is sent, so nothing a manifest records is paid for again:
 *
 *   done / succeeded (with files)   done: the files are checked and kept
 *   accepted, polling (a song)      accepted: its task is asked about again by id
 *   intent, ambiguous, or accepted without a task id   outcome unknown
 *   rejected, failed                as they were (a new request only with --retry-failed)
 *   new, ready                      nothing to take back: nothing was paid
 */

/** A manifest written by a newer podc: its format is not one this podc can trust itself to read. */
export class ManifestNewerError extends Error {
  override name = "ManifestNewerError";
}

/** A manifest that could not be read; the run goes on without it. */
export interface ManifestWarning {
  path: string;
  message: string;
}

/**
 * The `restored` entries for jobs that the episodes' manifests record and `known` does not (a record in
 * state "new" counts as unknown). Throws ManifestNewerError for a manifest from a newer podc.
 */
function entriesFromManifests(
  episodes: readonly Episode[],
  known: (key: string) => JobRecord | undefined,
  root: string,
): { entries: NewEntry[]; warnings: ManifestWarning[] } {
  const entries: NewEntry[] = [];
  const warnings: ManifestWarning[] = [];
  const taken = new Set<string>();
  for (const episode of episodes) {
    const path = join(episode.outDir, MANIFEST_FILE);
    const manifest = readManifest(path, warnings);
    if (!manifest) continue;
    for (const request of manifest.requests) {
      if (typeof request?.job !== "string" || taken.has(request.job)) continue;
      const record = known(request.job);
      if (record && record.state !== "new") continue;
      const entry = restoredEntry(request, episode.outDir, journalPath(root, path), root);
      if (!entry) continue;
      taken.add(request.job);
      entries.push(entry);
    }
  }
  return { entries, warnings };
}

function readManifest(path: string, warnings: ManifestWarning[]): Manifest | undefined {
  if (!existsSync(path)) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    warnings.push({ path, message: `not readable as JSON (${(error as Error).message}); it is rewritten by this run` });
    return undefined;
  }
  const version = (json as { manifestVersion?: unknown } | null)?.manifestVersion;
  if (typeof version === "number" && version > MANIFEST_VERSION) {
    throw new ManifestNewerError(
      `${path} was written by a newer podc (manifest format ${version}; this podc reads up to ${MANIFEST_VERSION}): upgrade podc. Nothing was sent.`,
    );
  }
  if (version !== 1 || !Array.isArray((json as { requests?: unknown }).requests)) {
    warnings.push({ path, message: "not a podc manifest; it is rewritten by this run" });
    return undefined;
  }
  return json as Manifest;
}

function restoredEntry(request: ManifestRequest, outDir: string, manifest: string, root: string): NewEntry | undefined {
  const kind = request.kind === "song" || request.kind === "podcast" ? request.kind : undefined;
  if (!kind) return undefined;
  const files = (Array.isArray(request.files) ? request.files : [])
    .filter((f) => typeof f?.path === "string" && typeof f.sha256 === "string" && Number.isInteger(f.bytes))
    .map((f) => ({
      choice: kind === "song" ? (f.choice ?? 0) : 0,
      file: journalPath(root, resolve(outDir, f.path)),
      bytes: f.bytes,
      sha256: f.sha256,
      contentType: contentTypeFor(f.path),
      ...(typeof f.durationMs === "number" ? { durationMs: f.durationMs } : {}),
      ...(f.durationUnit === "ms" || f.durationUnit === "s" ? { durationUnit: f.durationUnit } : {}),
      ...(f.lyricsSections !== undefined ? { lyricsSections: f.lyricsSections } : {}),
    }));
  const state = restoredState(request, kind, files.length > 0);
  if (!state) return undefined;
  return {
    type: "restored",
    job: request.job,
    manifest,
    kind,
    state,
    ...(typeof request.taskId === "string" ? { taskId: request.taskId } : {}),
    ...(typeof request.model === "string" ? { model: request.model } : {}),
    traceIds: Array.isArray(request.traceIds) ? request.traceIds.filter((t) => typeof t === "string") : [],
    files,
    ...(typeof request.problem === "string" ? { problem: request.problem } : {}),
  };
}

type RestoredState = Extract<NewEntry, { type: "restored" }>["state"];

function restoredState(request: ManifestRequest, kind: "song" | "podcast", hasFiles: boolean): RestoredState | undefined {
  const hasTask = typeof request.taskId === "string";
  switch (request.state) {
    case "done":
    case "succeeded":
      if (hasFiles) return "done";
      return kind === "song" ? (hasTask ? "accepted" : "ambiguous") : "accepted";
    case "accepted":
    case "polling":
      return kind === "song" && !hasTask ? "ambiguous" : "accepted";
    case "intent":
    case "ambiguous":
      return "ambiguous";
    case "rejected":
    case "failed":
      return request.state;
    default:
      return undefined;
  }
}

/**
 * `records` with what the manifests would restore folded in, without writing anything: what `podc status`
 * and `--dry-run` show is then what a run will do.
 */
export function recordsWithManifests(records: Map<string, JobRecord>, episodes: readonly Episode[], root: string): Map<string, JobRecord> {
  const { entries } = entriesFromManifests(episodes, (key) => records.get(key), root);
  for (const entry of entries) {
    const record = records.get(entry.job) ?? emptyRecord(entry.job);
    applyEntry(record, stamped(entry));
    records.set(entry.job, record);
  }
  return records;
}
