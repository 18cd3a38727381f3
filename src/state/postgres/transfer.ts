import { randomBytes } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { verifyFile } from "../../files/file-hash.js";
import { applyEntry, emptyRecord, foldJournal, type JobRecord, type JournalEntry } from "../job-record.js";
import { absolutePath, Journal } from "../journal.js";
import { RunLock } from "../lock.js";
import { AudioStore } from "./audio-store.js";
import type { StateTarget } from "./connection.js";
import type { Database } from "./database.js";
import { lockRow } from "./job-rows.js";
import { repositoryOf, repositoryScope } from "./repository.js";
import { connect, restoreAudio } from "./postgres-store.js";

/*
 * Moving state between a repository's `.podc/` journal and the shared store: `podc state push` (a
 * repository that worked alone joins the team, or a CI job hands its results over) and `podc state
 * pull` (a machine that will work without the database takes the team's state along).
 *
 * A job moves only to a side that has never seen it: the two sides' stories of one job are never
 * spliced together, since a guess about which is newer could turn a paid request into a forgotten
 * one. Jobs both sides know are counted as kept. Audio goes with its job, by content: each file the
 * moving side has on disk (checked against its sha256) is kept in the store; pulling writes each
 * file a job records to its place in the repository when it is not already there, whole.
 */

export interface TransferReport {
  /** Jobs copied to the other side. */
  moved: number;
  /** Jobs the other side already knew: left as they were there. */
  kept: number;
  /** Audio files stored (push) or written to disk (pull). */
  files: number;
  /** Audio files already there. */
  filesPresent: number;
  /** Files a record names that neither side has (gone from disk and never stored). */
  filesMissing: string[];
}

/**
 * `podc state push` or `pull` for the repository whose state folder is `stateDir`: holds the
 * repository's lock meanwhile, the one every run of the repository holds, on either store (so no run
 * of this repository decides to pay for a job while its story is being copied). Throws LockHeldError,
 * or a state store error when the database cannot be used.
 */
export async function transferState(direction: "push" | "pull", target: StateTarget, stateDir: string, root: string): Promise<TransferReport> {
  const lock = await RunLock.acquire(stateDir);
  try {
    const journal = Journal.open(stateDir);
    try {
      const db = await connect(target);
      try {
        return await (direction === "push" ? pushJournal : pullJournal)(db, journal, root, repositoryOf(root));
      } finally {
        await db.close();
      }
    } finally {
      journal.close();
    }
  } finally {
    lock.release();
  }
}

/** Copies into the shared store every job the journal knows and the store does not, and the audio on disk of every job the journal knows. */
async function pushJournal(db: Database, journal: Journal, root: string, repository: string | undefined): Promise<TransferReport> {
  const report: TransferReport = { moved: 0, kept: 0, files: 0, filesPresent: 0, filesMissing: [] };
  const byJob = new Map<string, JournalEntry[]>();
  for (const entry of journal.entries()) byJob.set(entry.job, [...(byJob.get(entry.job) ?? []), entry]);
  for (const [job, entries] of byJob) {
    const outcome = await db.transaction(async (client) => {
      const row = await lockRow(client, job, repository);
      if (row.record.state !== "new" || row.record.intents > 0) return "kept";
      // A run that holds the claim of a job the store never saw sent nothing for it yet: its intent will find the job
      // moved on (job-rows.ts) and not be sent, where leaving the job alone let that run pay for it again.
      const record = emptyRecord(job);
      for (const entry of entries) {
        applyEntry(record, entry);
        await client.query("INSERT INTO podc_entries (id, job, entry) VALUES ($1, $2, $3)", [randomBytes(12).toString("hex"), job, JSON.stringify(entry)]);
      }
      await client.query("UPDATE podc_jobs SET record = $2, state = $3, updated_at = now() WHERE job = $1", [job, JSON.stringify(record), record.state]);
      return "moved";
    });
    report[outcome]++;
  }
  const audio = new AudioStore(db);
  for (const record of foldJournal(journal.entries()).values()) {
    for (const file of distinctFiles(record)) {
      const path = absolutePath(root, file.file);
      if (await audio.find(file.sha256)) report.filesPresent++;
      else if (await verifyFile(path, file.bytes, file.sha256)) {
        await audio.put(path, file.sha256, file.contentType);
        report.files++;
      } else report.filesMissing.push(file.file);
    }
  }
  return report;
}

/**
 * Copies into the journal every job of this repository (repository.ts) the shared store knows and the journal does
 * not; writes every recorded file missing from disk from the store.
 */
async function pullJournal(db: Database, journal: Journal, root: string, repository: string | undefined): Promise<TransferReport> {
  const report: TransferReport = { moved: 0, kept: 0, files: 0, filesPresent: 0, filesMissing: [] };
  const local = foldJournal(journal.entries());
  const rows = await db.query<{ job: string; entry: JournalEntry }>(
    `SELECT e.job, e.entry FROM podc_entries e JOIN podc_jobs j USING (job) WHERE ${repositoryScope("j", 1)} ORDER BY e.seq`,
    [repository ?? null],
  );
  const moving = new Set<string>();
  const seen = new Set<string>();
  for (const { job, entry } of rows.rows) {
    if (!seen.has(job)) {
      seen.add(job);
      if (local.has(job)) report.kept++;
      else {
        moving.add(job);
        report.moved++;
      }
    }
    // The entry keeps its own time: the journal adds `at` only to entries that have none.
    if (moving.has(job)) journal.append(entry);
  }
  const audio = new AudioStore(db);
  for (const record of foldJournal(journal.entries()).values()) {
    for (const file of distinctFiles(record)) {
      const path = absolutePath(root, file.file);
      if (await verifyFile(path, file.bytes, file.sha256)) {
        report.filesPresent++;
        continue;
      }
      await mkdir(dirname(path), { recursive: true });
      if (await restoreAudio(audio, file.sha256, path)) report.files++;
      else report.filesMissing.push(file.file);
    }
  }
  return report;
}

/** The files a record names, once each (the latest record of each path). */
function distinctFiles(record: JobRecord): JobRecord["files"] {
  const byPath = new Map(record.files.map((f) => [f.file, f]));
  return [...byPath.values()];
}
