import { open as openFile, unlink } from "node:fs/promises";
import { hostname } from "node:os";
import { renameDurably, tempBeside } from "../../files/durable.js";
import { emptyRecord, type JobRecord, type JournalEntry, type NewEntry, stamped } from "../job-record.js";
import { accountId, AccountSlots } from "./account-slots.js";
import { AudioStore } from "./audio-store.js";
import type { StateTarget } from "./connection.js";
import { Database, pause } from "./database.js";
import { allRecords, type ClaimResult, JobRows } from "./job-rows.js";
import { migrate } from "./migrations.js";
import { type IsGoneHere, type RunHolder, RunRow } from "./runs.js";
import type { AudioShelf, OtherRun, StateReader, StateStore } from "../store.js";

/*
 * The shared state on PostgreSQL, as one run sees it: the database reached and brought to this podc's
 * schema, the run registered with its heartbeat, the account's slots, the jobs' rows and the audio.
 * Opening it is the first thing a run does; if that fails, nothing has been sent.
 */

export interface OpenOptions {
  /** The API key, to identify the account's slots (never stored: see account-slots.ts). */
  apiKey: string;
  /** `service.concurrency`: the account's tasks in flight, across machines. */
  concurrency: number;
  isGoneHere: IsGoneHere;
  /** Defaults: this host, this process, now. */
  holder?: RunHolder;
  /** The repository the run works for (repository.ts); none outside git. */
  repository?: string | undefined;
}

export class PostgresState implements StateStore {
  readonly kind = "postgres";
  readonly #records = new Map<string, JobRecord>();
  /** Jobs this run holds the claim of. */
  readonly #claimed = new Set<string>();
  /** First claims go out in the order asked (the runner's schedule), so the jobs keep their order. */
  #claimTurn: Promise<unknown> = Promise.resolve();
  readonly audio: AudioShelf;
  onNotice?: (message: string) => void;

  private constructor(
    readonly db: Database,
    readonly run: RunRow,
    readonly jobs: JobRows,
    readonly audioStore: AudioStore,
    readonly slots: AccountSlots,
  ) {
    this.audio = {
      put: async (path, sha256, contentType) => {
        // Keeping a copy is a convenience, never a condition of the run: `podc state push` can add it later.
        await this.audioStore.put(path, sha256, contentType).catch((error: unknown) => {
          this.onNotice?.(`could not keep ${path} in the state database (${(error as Error).message}); podc state push adds it later`);
        });
      },
      restore: (sha256, target) => restoreAudio(this.audioStore, sha256, target),
    };
  }

  /** Connects, migrates (refusing a newer schema), registers the run. Throws StateDbError or SchemaTooNewError. */
  static async open(target: StateTarget, options: OpenOptions): Promise<PostgresState> {
    const db = await connect(target);
    try {
      const settings = new Map((await db.query<{ name: string; value: string }>("SELECT name, value FROM podc_settings")).rows.map((r) => [r.name, r.value]));
      const timeout = Number(settings.get("claim_timeout_seconds") ?? 60);
      const holder = options.holder ?? { host: hostname(), pid: process.pid, startedAt: new Date().toISOString() };
      const run = new RunRow(db, holder, Number.isFinite(timeout) && timeout > 0 ? timeout : 60, options.isGoneHere);
      const account = accountId(options.apiKey, settings.get("account_salt") ?? "");
      await run.register(account);
      const slots = new AccountSlots(db, run, account, Math.max(1, options.concurrency));
      const state = new PostgresState(db, run, new JobRows(db, run, options.repository), new AudioStore(db), slots);
      for (const [key, record] of await allRecords(db)) state.#records.set(key, record);
      return state;
    } catch (error) {
      await db.close();
      throw error;
    }
  }

  /** Where the state lives, as messages show it (no credentials). */
  get where(): string {
    return this.db.target.shown;
  }

  /** The record of job `key` as last read or written by this run ("new" when unknown). */
  record(key: string): JobRecord {
    let record = this.#records.get(key);
    if (!record) this.#records.set(key, (record = emptyRecord(key)));
    return record;
  }

  /**
   * Claims job `key` for this run, waiting while another live run holds it (dead runs' claims are
   * taken over), and refreshes its record. False when `signal` aborted first. `onWait` is told once
   * who holds it.
   */
  async claim(key: string, signal: AbortSignal, onWait?: (holder: RunHolder) => void): Promise<boolean> {
    try {
      return await this.#claim(key, signal, onWait);
    } catch (error) {
      if (signal.aborted) return false; // stopped while the database was unreachable: nothing was claimed
      throw error;
    }
  }

  async #claim(key: string, signal: AbortSignal, onWait?: (holder: RunHolder) => void): Promise<boolean> {
    let told = false;
    const attempt = (): Promise<ClaimResult> =>
      this.db.retrying(
        () => this.jobs.claim(key),
        signal,
        (problem) => this.#waiting(problem),
      );
    const first = this.#claimTurn.then(attempt);
    this.#claimTurn = first.catch(() => undefined);
    let result = await first;
    for (;;) {
      if (result.type === "claimed") {
        this.#claimed.add(key);
        this.#refresh(key, result.record);
        return true;
      }
      if (!told) onWait?.(result.holder);
      told = true;
      await this.run.reapDead().catch(() => undefined);
      await pause(250, signal);
      if (signal.aborted) return false;
      result = await attempt();
    }
  }

  /** Gives up the claim on `key`; other runs may now work on the job. */
  async release(key: string): Promise<void> {
    if (!this.#claimed.delete(key)) return;
    await this.jobs.release(key).catch(() => undefined); // the run's end frees it anyway
  }

  /** Commits `entry` (waiting out a lost connection until `signal` aborts). An intent commits only with the claim: ClaimLostError otherwise. */
  async append(entry: NewEntry, signal?: AbortSignal): Promise<JournalEntry> {
    const full = stamped(entry);
    const expect = entry.type === "intent" ? this.record(entry.job).intents : undefined;
    const record = await this.jobs.append(full, expect, signal, (problem) => this.#waiting(problem));
    this.#claimed.add(entry.job);
    this.#refresh(entry.job, record);
    return full;
  }

  /** Ends the run: stops its heartbeat and frees its claims and slots. */
  async close(): Promise<void> {
    await this.run.end();
    await this.db.close();
  }

  #waiting(problem: string): void {
    this.onNotice?.(`${problem} — waiting for it; no paid request is sent until it is back`);
  }

  /** Replaces the cached record's contents in place: the runner may hold the object. */
  #refresh(key: string, fresh: JobRecord): void {
    const record = this.record(key);
    for (const field of Object.keys(record)) delete (record as unknown as Record<string, unknown>)[field];
    Object.assign(record, fresh);
  }
}

/** The database, reached and brought to this podc's schema (a newer one is refused: SchemaTooNewError). */
export async function connect(target: StateTarget): Promise<Database> {
  const db = new Database(target);
  try {
    const client = await db.pool.connect().catch((error: unknown) => {
      throw db.wrap(error);
    });
    const onError = (): void => undefined; // the migration's own statement fails and is reported
    client.on("error", onError);
    try {
      await migrate(client).catch((error: unknown) => {
        throw db.wrap(error);
      });
    } finally {
      client.release();
      client.off("error", onError);
    }
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** Writes stored audio to `target` through a hidden temporary file, flushed and renamed: whole or not at all. */
export async function restoreAudio(store: AudioStore, sha256: string, target: string): Promise<boolean> {
  const temp = tempBeside(target);
  const handle = await openFile(temp, "wx");
  let found;
  try {
    found = await store.read(sha256, async (chunk) => {
      let written = 0;
      while (written < chunk.length) written += (await handle.write(chunk, written, chunk.length - written)).bytesWritten;
    });
    if (found) await handle.sync();
  } finally {
    await handle.close();
    if (!found) await unlinkQuietly(temp);
  }
  if (!found) return false;
  await renameDurably(temp, target);
  return true;
}

async function unlinkQuietly(path: string): Promise<void> {
  await unlink(path).catch(() => undefined);
}

/** The shared store read without registering a run, for `podc status` and `--dry-run`. */
export class PostgresReader implements StateReader {
  readonly kind = "postgres";
  private constructor(
    readonly db: Database,
    readonly repository: string | undefined,
  ) {}

  /**
   * Connects and checks the schema (bringing an older one up to date), to read the jobs `repository` may see (every
   * job without one). Throws StateDbError or SchemaTooNewError.
   */
  static async open(target: StateTarget, repository: string | undefined): Promise<PostgresReader> {
    return new PostgresReader(await connect(target), repository);
  }

  get where(): string {
    return this.db.target.shown;
  }

  records(): Promise<Map<string, JobRecord>> {
    return allRecords(this.db, this.repository ?? null);
  }

  async running(): Promise<OtherRun[]> {
    const result = await this.db.query<{ host: string; pid: number; started_at: string }>(
      "SELECT host, pid, started_at FROM podc_runs WHERE heartbeat_at >= now() - make_interval(secs => coalesce((SELECT value::int FROM podc_settings WHERE name = 'claim_timeout_seconds'), 60)) ORDER BY started_at",
    );
    return result.rows.map((r) => ({ host: r.host, pid: r.pid, startedAt: r.started_at }));
  }

  async close(): Promise<void> {
    await this.db.close();
  }
}
