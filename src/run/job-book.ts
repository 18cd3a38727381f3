import { applyEntry, emptyRecord, foldJournal, type JobRecord } from "./job-record.js";
import type { JournalEntry, NewEntry } from "./journal-entry.js";
import type { Journal } from "./journal.js";

/**
 * The journal together with every job's record, kept in step: each append is flushed to disk first
 * and folded into the record after, so what the runner reads is never ahead of what would survive a crash.
 */
export class JobBook {
  readonly #journal: Journal;
  readonly #records: Map<string, JobRecord>;

  constructor(journal: Journal) {
    this.#journal = journal;
    this.#records = foldJournal(journal.entries(), journal.problems());
  }

  get path(): string {
    return this.#journal.path;
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

  /** Commits `entry` (in a batch with other jobs', see journal.ts) and folds it into its record once it is durable. */
  async append(entry: NewEntry): Promise<JournalEntry> {
    const written = await this.#journal.commit(entry);
    applyEntry(this.record(written.job), written);
    return written;
  }
}
