import { randomBytes } from "node:crypto";
import type pg from "pg";
import { applyEntry, emptyRecord, type JobRecord, type JournalEntry } from "../job-record.js";
import { ClaimLostError } from "../store.js";
import type { Database } from "./database.js";
import { repositoryScope } from "./repository.js";
import type { RunHolder, RunRow } from "./runs.js";

/*
 * One row per job key in `podc_jobs`: the job's record (the journal's fold of its entries) and the run
 * that holds it. Every step is one transaction that locks the row, appends the entry to
 * `podc_entries` and stores the new record, so two machines' steps on one job never interleave and the
 * row always agrees with the entries.
 *
 * The write-ahead rule across machines: an `intent` is committed only by the run that holds the job's
 * claim — taken in that same transaction when the job is free — and only when the job has not moved
 * since the run decided to send it. Once the transaction commits, the paid request may leave; if it
 * cannot commit (another run holds the job, the database is gone), nothing is sent.
 */

export type ClaimResult = { type: "claimed"; record: JobRecord } | { type: "busy"; holder: RunHolder };

export interface JobRow {
  record: JobRecord;
  claim_run: string | null;
}

export class JobRows {
  constructor(
    readonly db: Database,
    readonly run: RunRow,
    /** The repository this run works for (repository.ts): the jobs it touches are marked as its own. */
    readonly repository: string | undefined,
  ) {}

  /** Claims job `key` for this run (creating its row) and returns its record; "busy" when a live run holds it. */
  claim(key: string): Promise<ClaimResult> {
    return this.db.transaction(async (client) => {
      const row = await lockRow(client, key, this.repository);
      if (row.claim_run !== null && row.claim_run !== this.run.id) {
        const holder = await client.query<{ host: string; pid: number; started_at: string }>("SELECT host, pid, started_at FROM podc_runs WHERE id = $1", [
          row.claim_run,
        ]);
        const h = holder.rows[0];
        return { type: "busy", holder: h ? { host: h.host, pid: h.pid, startedAt: h.started_at } : { host: "?", pid: 0, startedAt: "?" } };
      }
      if (row.claim_run === null) await client.query("UPDATE podc_jobs SET claim_run = $2, claimed_at = now() WHERE job = $1", [key, this.run.id]);
      return { type: "claimed", record: row.record };
    });
  }

  /** Gives up this run's claim on `key` (a no-op when another run holds it). */
  async release(key: string): Promise<void> {
    await this.db.query("UPDATE podc_jobs SET claim_run = NULL, claimed_at = NULL WHERE job = $1 AND claim_run = $2", [key, this.run.id]);
  }

  /**
   * Appends `entry` and returns the job's new record. An intent needs the claim (taken here when the
   * job is free) and `expectIntents`, the number of intents the record had when the run decided to send;
   * otherwise ClaimLostError, and nothing is written.
   */
  async append(entry: JournalEntry, expectIntents: number | undefined, signal?: AbortSignal, onWait?: (problem: string) => void): Promise<JobRecord> {
    const id = randomBytes(12).toString("hex");
    let tried = false;
    return this.db.retrying(
      async () => {
        // A commit whose answer was lost may have happened: look before writing it twice.
        if (tried) {
          const done = await this.db.query<{ record: JobRecord }>("SELECT j.record FROM podc_entries e JOIN podc_jobs j USING (job) WHERE e.id = $1", [id]);
          if (done.rows[0]) return done.rows[0].record;
        }
        tried = true;
        return this.db.transaction(async (client) => {
          const row = await lockRow(client, entry.job, this.repository);
          if (entry.type === "intent") {
            if (this.run.lost)
              throw new ClaimLostError(
                "this run was out of touch with the state database for longer than the claim timeout, and another run may have taken its jobs",
              );
            if (row.claim_run !== null && row.claim_run !== this.run.id) throw new ClaimLostError("another podc run holds this request now");
            if (expectIntents !== undefined && row.record.intents !== expectIntents) throw new ClaimLostError("another podc run sent this request meanwhile");
          }
          const record = row.record;
          applyEntry(record, entry);
          await client.query("INSERT INTO podc_entries (id, job, entry, run) VALUES ($1, $2, $3, $4)", [id, entry.job, JSON.stringify(entry), this.run.id]);
          await client.query(
            `UPDATE podc_jobs SET record = $2, state = $3, updated_at = now()${entry.type === "intent" ? ", claim_run = $4, claimed_at = coalesce(claimed_at, now())" : ""} WHERE job = $1`,
            entry.type === "intent" ? [entry.job, JSON.stringify(record), record.state, this.run.id] : [entry.job, JSON.stringify(record), record.state],
          );
          return record;
        });
      },
      signal,
      onWait,
    );
  }
}

/** The record of every job in the store; with `repository`, of the jobs that repository may see (repository.ts). */
export async function allRecords(db: Database, repository?: string | null): Promise<Map<string, JobRecord>> {
  const result =
    repository === undefined
      ? await db.query<{ job: string; record: JobRecord }>("SELECT job, record FROM podc_jobs")
      : await db.query<{ job: string; record: JobRecord }>(`SELECT j.job, j.record FROM podc_jobs j WHERE ${repositoryScope("j", 1)}`, [repository]);
  return new Map(result.rows.map((row) => [row.job, row.record]));
}

/** Locks job `key`'s row for this transaction, creating it as "new" first if needed; a row of no repository becomes `repository`'s. */
export async function lockRow(client: pg.PoolClient, key: string, repository: string | undefined): Promise<JobRow> {
  await client.query("INSERT INTO podc_jobs (job, state, record, repository) VALUES ($1, 'new', $2, $3) ON CONFLICT (job) DO NOTHING", [
    key,
    JSON.stringify(emptyRecord(key)),
    repository ?? null,
  ]);
  const result = await client.query<JobRow>("SELECT record, claim_run FROM podc_jobs WHERE job = $1 FOR UPDATE", [key]);
  if (repository !== undefined) await client.query("UPDATE podc_jobs SET repository = $2 WHERE job = $1 AND repository IS NULL", [key, repository]);
  return result.rows[0]!;
}
