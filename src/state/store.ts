import { join } from "node:path";
import type { JobRecord, JournalEntry, NewEntry } from "./job-record.js";
import { JOURNAL_FILE, readRecords } from "./journal.js";
import { currentHolder, isAlive } from "./lock.js";
import { type StateTarget, stateTargetFrom } from "./postgres/connection.js";
import type { TransferReport } from "./postgres/transfer.js";

/*
 * Where a run keeps what it knows of every job: the state store. The runner works through this
 * interface only (its port); two stores implement it:
 *
 *   file      `.podc/` at the repository root: the journal and the whole-repository lock (the default;
 *             one machine, one run at a time): file-store.ts.
 *   postgres  a shared PostgreSQL database named by PODC_STATE_URL: one row per job, claims per job
 *             (several machines work on one repository at once), the account's slots counted in the
 *             database, and the audio itself, so a teammate or a fresh CI checkout never pays again:
 *             postgres/postgres-store.ts, loaded only when chosen.
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

/** The folder, at the repository root, that holds the journal, the lock and the local emulator's ledger. */
export const STATE_DIR_NAME = ".podc";

/** The state folder (`.podc/`) of a repository root. */
export function stateDir(root: string): string {
  return join(root, STATE_DIR_NAME);
}

/*
 * Which store a command uses: PODC_STATE_URL in the environment chooses the shared store on PostgreSQL; without it,
 * `.podc/`. The PostgreSQL code, and the driver with it, is loaded only when the shared store is opened.
 */

/** Where the jobs' state lives for a command: the journal in `.podc/`, or the shared store at `target`. */
export type StoreAccess = { kind: "file" } | { kind: "postgres"; target: StateTarget };

/** The store the environment asks for, or a message saying what is wrong with PODC_STATE_URL. */
export function chooseStore(env: NodeJS.ProcessEnv): StoreAccess | { error: string } {
  const target = stateTargetFrom(env);
  if (target === undefined) return { kind: "file" };
  if ("error" in target) return target;
  return { kind: "postgres", target };
}

/**
 * Opens the shared store at `target` for a run of the repository at `root`: connects, checks its schema and
 * registers the run (a store error otherwise).
 */
export async function openSharedStore(target: StateTarget, { root, ...account }: { apiKey: string; concurrency: number; root: string }): Promise<StateStore> {
  const [{ PostgresState }, { repositoryOf }] = await Promise.all([import("./postgres/postgres-store.js"), import("./postgres/repository.js")]);
  return PostgresState.open(target, { ...account, repository: repositoryOf(root), isGoneHere: (holder) => !isAlive(holder) });
}

/** Opens the store for reading only (`podc status`, `--dry-run`), the jobs of the repository at `root`: no run registered. */
export async function openReader(store: StoreAccess, root: string): Promise<StateReader> {
  if (store.kind === "file") return new FileStateReader(stateDir(root));
  const [{ PostgresReader }, { repositoryOf }] = await Promise.all([import("./postgres/postgres-store.js"), import("./postgres/repository.js")]);
  return PostgresReader.open(store.target, repositoryOf(root));
}

/** Reading `.podc/` without the lock, for `podc status` and `--dry-run`. */
class FileStateReader implements StateReader {
  readonly kind = "file";
  constructor(readonly stateDir: string) {}

  get where(): string {
    return join(this.stateDir, JOURNAL_FILE);
  }

  async records(): Promise<Map<string, JobRecord>> {
    return readRecords(this.stateDir);
  }

  async running(): Promise<OtherRun[]> {
    const holder = currentHolder(this.stateDir);
    return holder ? [{ host: holder.host, pid: holder.pid, startedAt: holder.startedAt }] : [];
  }

  async close(): Promise<void> {}
}

/** `podc state push` / `pull`: see postgres/transfer.ts. */
export async function transferState(direction: "push" | "pull", target: StateTarget, stateDir: string, root: string): Promise<TransferReport> {
  const transfer = await import("./postgres/transfer.js");
  return transfer.transferState(direction, target, stateDir, root);
}

/** True for a failure of the shared store that the user must act on (unreachable, refused, a newer schema): exit 2. */
export function isStateStoreError(error: unknown): error is Error {
  return error instanceof Error && (error.name === "StateDbError" || error.name === "SchemaTooNewError");
}
