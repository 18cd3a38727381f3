import type { JobRecord } from "./job-record.js";
import type { JournalEntry, NewEntry } from "./journal-entry.js";

/*
 * Where a run keeps what it knows of every job: the state store. The runner works through this
 * interface only (its port); two stores implement it:
 *
 *   file      `.podc/` at the repository root: the journal and the whole-repository lock (the default;
 *             one machine, one run at a time). The runner's own: file-store.ts.
 *   postgres  a shared PostgreSQL database named by PODC_STATE_URL: one row per job, claims per job
 *             (several machines work on one repository at once), the account's slots counted in the
 *             database, and the audio itself, so a teammate or a fresh CI checkout never pays again.
 *             Implemented in state/, above the runner, and handed to it by the front that chose it
 *             (SharedStoreAccess below), so that the runner never imports what implements its port.
 *
 * The money rules are the same for both: every entry is durable before `append` resolves (on the file
 * store, a `done` only by the time the store closes: journal.ts says why), and an `intent` is durable
 * before its paid request leaves. On the shared store, an intent commits only for
 * the run that holds the job's claim (ClaimLostError otherwise), and nothing is sent without it.
 */

/** Another run holds the job, or the job moved on since this run looked: its paid request must not be sent. */
export class ClaimLostError extends Error {
  override name = "ClaimLostError";
}

/** A counting semaphore of the account's tasks in flight. */
export interface SlotPool {
  /** Waits for a free slot; false (holding nothing) when `signal` aborts first. */
  acquire(signal: AbortSignal): Promise<boolean>;
  release(): void;
}

/** Audio kept by content (sha256) in the store, beside the files on disk. */
export interface AudioShelf {
  /** Keeps the file at `path`, whose hash is `sha256` (a file already kept is not sent again). */
  put(path: string, sha256: string, contentType: string): Promise<void>;
  /** Writes the kept file with hash `sha256` to `target`, whole or not at all; false when the store lacks it. */
  restore(sha256: string, target: string): Promise<boolean>;
}

/** Who else is working on a job, for the message while this run waits. */
export interface OtherRun {
  host: string;
  pid: number;
  startedAt: string;
}

/** What appends entries: the store, as the runner's parts see it. */
export interface EntryWriter {
  /** Where the entries go, for messages (a path, or the database's host:port/name). */
  readonly where: string;
  /** Makes `entry` durable; resolves once it is (a `done` on the file store: see journal.ts). */
  append(entry: NewEntry): Promise<JournalEntry>;
}

export interface StateStore {
  readonly kind: "file" | "postgres";
  /** Where the state lives, for messages: never with credentials. */
  readonly where: string;
  /** The record of job `key` as this run knows it ("new" when the store has never seen it). The object is kept up to date in place. */
  record(key: string): JobRecord;
  /**
   * Makes this run the one working on job `key` and refreshes its record. On the shared store this
   * waits while another live run works on it (`onWait` is told who, once); false when `signal` aborted first.
   */
  claim(key: string, signal: AbortSignal, onWait?: (other: OtherRun) => void): Promise<boolean>;
  /** Ends this run's work on job `key`: another run may take it. */
  release(key: string): Promise<void>;
  /** Makes `entry` durable, waiting out a lost database connection until `signal` aborts. */
  append(entry: NewEntry, signal?: AbortSignal): Promise<JournalEntry>;
  /** The account's tasks in flight: this run's on the file store, every machine's on the shared one. */
  readonly slots: SlotPool;
  /** The shared store's audio; absent for the file store. */
  readonly audio?: AudioShelf;
  /** Told about trouble worth a line (the database is unreachable and the run waits for it). */
  onNotice?: (message: string) => void;
  /** Ends the run's hold on the store: the lock, or the run's row, claims and slots. */
  close(): Promise<void>;
}

/** Every job the store knows, for `podc status` and `--dry-run`. */
export interface StateReader {
  readonly kind: "file" | "postgres";
  readonly where: string;
  records(): Promise<Map<string, JobRecord>>;
  /** Runs working on the store right now, for `podc status`. */
  running(): Promise<OtherRun[]>;
  close(): Promise<void>;
}

/** A shared store the front chose (state/ makes one from PODC_STATE_URL), as the runner's front door opens it. */
export interface SharedStoreAccess {
  readonly kind: "postgres";
  /**
   * Opens the store for a run of the repository at `root`: connects, checks its schema and registers the run (a store
   * error otherwise).
   */
  open(account: { apiKey: string; concurrency: number; root: string }): Promise<StateStore>;
  /** Opens the store for reading only (`podc status`, `--dry-run`), the jobs of the repository at `root`: no run registered. */
  reader(root: string): Promise<StateReader>;
  /** True for a failure of the store that the user must act on (unreachable, refused, a newer schema). */
  isStoreError(error: unknown): error is Error;
}

/** Where the jobs' state lives for a command: the journal in `.podc/` (the runner's own), or a shared store. */
export type StoreAccess = { kind: "file" } | SharedStoreAccess;
