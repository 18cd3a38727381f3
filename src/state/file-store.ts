import { Slots } from "../concurrency/slots.js";
import { applyEntry, emptyRecord, foldJournal, type JobRecord, type JournalEntry, type NewEntry } from "./job-record.js";
import type { Journal } from "./journal.js";
import type { RunLock } from "./lock.js";
import type { StateStore } from "./store.js";

/*
 * The default store: `.podc/` at the repository root. The whole repository is one run's at a time
 * (the lock), so every job is this run's without asking; the journal makes each entry durable before
 * `append` resolves; the account's slots are counted in this process.
 *
 * The journal and every job's record are kept in step: each append is flushed to disk first and folded into the
 * record after, so what the runner reads is never ahead of what would survive a crash.
 */

export class FileStore implements StateStore {
  readonly kind = "file";
  readonly slots: Slots;
  readonly #records: Map<string, JobRecord>;
  onNotice?: (message: string) => void;

  /** The store over a journal opened under the repository's lock (see run/prepare.ts); closing it releases both. */
  constructor(
    readonly lock: RunLock,
    readonly journal: Journal,
    concurrency: number,
  ) {
    this.#records = foldJournal(journal.entries(), journal.problems());
    this.slots = new Slots(concurrency);
  }

  get where(): string {
    return this.journal.path;
  }

  /** The record of job `key` (a fresh "new" one if the journal has never seen it). */
  record(key: string): JobRecord {
    let record = this.#records.get(key);
    if (!record) {
      record = emptyRecord(key);
      this.#records.set(key, record);
    }
    return record;
  }

  async claim(): Promise<boolean> {
    return true; // the lock already makes every job this run's
  }

  async release(): Promise<void> {}

  /** Commits `entry` (in a batch with other jobs', see journal.ts) and folds it into its record once it is durable. */
  async append(entry: NewEntry): Promise<JournalEntry> {
    const written = await this.journal.commit(entry);
    applyEntry(this.record(written.job), written);
    return written;
  }

  async close(): Promise<void> {
    try {
      this.journal.close();
    } finally {
      this.lock.release();
    }
  }
}
