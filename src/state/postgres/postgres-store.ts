import { hostname } from "node:os";
import { emptyRecord, type JobRecord } from "../../run/job-record.js";
import { formatVersionOf, type JournalEntry, type NewEntry } from "../../run/journal-entry.js";
import { accountId } from "./account.js";
import { AccountSlots } from "./account-slots.js";
import { AudioStore } from "./audio-store.js";
import type { StateTarget } from "./connection.js";
import { Database, pause } from "./database.js";
import { JobRows } from "./job-rows.js";
import { migrate } from "./migrations.js";
import { RunRow, type IsGoneHere, type RunHolder } from "./runs.js";

/*
 * The shared state on PostgreSQL, as one run sees it: the database reached and brought to this podc's
 * schema, the run registered with its heartbeat, the account's slots, the jobs' rows and the audio.
 * Opening it is the first thing a run does; if that fails, nothing has been sent.
 */

export interface OpenOptions {
  /** The API key, to identify the account's slots (never stored: see account.ts). Absent for read-only use. */
  apiKey?: string;
  /** `service.concurrency`: the account's tasks in flight, across machines. */
  concurrency?: number;
  isGoneHere: IsGoneHere;
  /** Defaults: this host, this process, now. */
  holder?: RunHolder;
}

export class PostgresState {
  readonly #records = new Map<string, JobRecord>();
  /** Jobs this run holds the claim of. */
  readonly #claimed = new Set<string>();

  private constructor(
    readonly db: Database,
    readonly run: RunRow,
    readonly jobs: JobRows,
    readonly audio: AudioStore,
    readonly slots: AccountSlots | undefined,
  ) {}

  /** Connects, migrates (refusing a newer schema), registers the run. Throws StateDbError or SchemaTooNewError. */
  static async open(target: StateTarget, options: OpenOptions): Promise<PostgresState> {
    const db = new Database(target);
    try {
      const client = await db.pool.connect().catch((error: unknown) => {
        throw db.wrap(error);
      });
      try {
        await migrate(client).catch((error: unknown) => {
          throw db.wrap(error);
        });
      } finally {
        client.release();
      }
      const settings = new Map((await db.query<{ name: string; value: string }>("SELECT name, value FROM podc_settings")).rows.map((r) => [r.name, r.value]));
      const timeout = Number(settings.get("claim_timeout_seconds") ?? 60);
      const holder = options.holder ?? { host: hostname(), pid: process.pid, startedAt: new Date().toISOString() };
      const run = new RunRow(db, holder, Number.isFinite(timeout) && timeout > 0 ? timeout : 60, options.isGoneHere);
      const account = options.apiKey !== undefined ? accountId(options.apiKey, settings.get("account_salt") ?? "") : undefined;
      await run.register(account);
      const slots = account !== undefined ? new AccountSlots(db, run, account, Math.max(1, options.concurrency ?? 1)) : undefined;
      const state = new PostgresState(db, run, new JobRows(db, run), new AudioStore(db), slots);
      for (const [key, record] of await state.jobs.all()) state.#records.set(key, record);
      return state;
    } catch (error) {
      await db.close();
      throw error;
    }
  }

  /** Where the state lives, as messages show it (no credentials). */
  get shown(): string {
    return this.db.target.shown;
  }

  /** The record of job `key` as last read or written by this run ("new" when unknown). */
  record(key: string): JobRecord {
    let record = this.#records.get(key);
    if (!record) this.#records.set(key, (record = emptyRecord(key)));
    return record;
  }

  /** Every job's record as the database has it now. */
  async allRecords(): Promise<Map<string, JobRecord>> {
    return this.jobs.all();
  }

  /**
   * Claims job `key` for this run, waiting while another live run holds it (dead runs' claims are
   * taken over), and refreshes its record. False when `signal` aborted first. `onWait` is told once
   * who holds it.
   */
  async claim(key: string, signal: AbortSignal, onWait?: (holder: RunHolder) => void): Promise<boolean> {
    let told = false;
    while (!signal.aborted) {
      const result = await this.db.retrying(() => this.jobs.claim(key), signal);
      if (result.type === "claimed") {
        this.#claimed.add(key);
        this.#refresh(key, result.record);
        return true;
      }
      if (!told) onWait?.(result.holder);
      told = true;
      await this.run.reapDead().catch(() => undefined);
      await pause(250, signal);
    }
    return false;
  }

  /** Gives up the claim on `key`; other runs may now work on the job. */
  async release(key: string): Promise<void> {
    if (!this.#claimed.delete(key)) return;
    await this.jobs.release(key).catch(() => undefined); // the run's end frees it anyway
  }

  /** Commits `entry` (waiting out a lost connection until `signal` aborts). An intent commits only with the claim: ClaimLostError otherwise. */
  async append(entry: NewEntry, signal?: AbortSignal): Promise<JournalEntry> {
    const full = { v: formatVersionOf(entry.type), at: new Date().toISOString(), ...entry } as JournalEntry;
    const expect = entry.type === "intent" ? this.record(entry.job).intents : undefined;
    const record = await this.jobs.append(full, expect, signal);
    this.#claimed.add(entry.job);
    this.#refresh(entry.job, record);
    return full;
  }

  /** Ends the run: stops its heartbeat and frees its claims and slots. */
  async close(): Promise<void> {
    await this.run.end();
    await this.db.close();
  }

  /** Replaces the cached record's contents in place: the runner may hold the object. */
  #refresh(key: string, fresh: JobRecord): void {
    const record = this.record(key);
    for (const field of Object.keys(record)) delete (record as unknown as Record<string, unknown>)[field];
    Object.assign(record, fresh);
  }
}

