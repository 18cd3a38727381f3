import { JobBook } from "./job-book.js";
import type { JobRecord } from "./job-record.js";
import type { JournalEntry, NewEntry } from "./journal-entry.js";
import { Journal, JOURNAL_FILE, readRecords } from "./journal.js";
import { join } from "node:path";
import { currentHolder, type RunLock } from "./lock.js";
import { Slots } from "../concurrency/slots.js";
import type { OtherRun, StateReader, StateStore } from "./store.js";

/*
 * The default store: `.podc/` at the repository root. The whole repository is one run's at a time
 * (the lock), so every job is this run's without asking; the journal makes each entry durable before
 * `append` resolves; the account's slots are counted in this process.
 */

export class FileStore implements StateStore {
  readonly kind = "file";
  readonly slots: Slots;
  readonly book: JobBook;
  onNotice?: (message: string) => void;

  /** The store over a journal opened under the repository's lock (see run/prepare.ts); closing it releases both. */
  constructor(
    readonly lock: RunLock,
    readonly journal: Journal,
    concurrency: number,
  ) {
    this.book = new JobBook(journal);
    this.slots = new Slots(concurrency);
  }

  get where(): string {
    return this.journal.path;
  }

  record(key: string): JobRecord {
    return this.book.record(key);
  }

  async claim(): Promise<boolean> {
    return true; // the lock already makes every job this run's
  }

  async release(): Promise<void> {}

  async append(entry: NewEntry): Promise<JournalEntry> {
    return this.book.append(entry);
  }

  async close(): Promise<void> {
    try {
      this.journal.close();
    } finally {
      this.lock.release();
    }
  }
}

/** Reading `.podc/` without the lock, for `podc status` and `--dry-run`. */
export class FileStateReader implements StateReader {
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
