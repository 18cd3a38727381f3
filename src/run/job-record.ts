import type { Origin } from "../lower/plan.js";
import type { Because, JournalEntry } from "./journal-entry.js";
import type { RawAnswer } from "../service/raw-answer.js";

/*
 * What the journal knows of one job, folded from its entries in order. The states:
 *
 *   new ──intent──▶ intent ──accepted──▶ accepted ──polling──▶ polling ──succeeded──▶ succeeded ──done──▶ done
 *                     │                     (podcast: accepted ──downloaded…──▶ done)        └─failed──▶ failed
 *                     ├──not-sent──▶ ready      (provably nothing created; sent again freely)
 *                     ├──rejected──▶ rejected   (the service refused the content; nothing billed)
 *                     └──ambiguous─▶ ambiguous  (may have been accepted and billed; never sent again automatically)
 *
 * An `intent` with nothing after it is how a crash during a POST looks: a new run treats it as
 * ambiguous. Any new `intent` starts the job's story afresh (a rate-limited retry, or a new request the
 * user asked for); `downloaded` and `download-failed` add to a state without changing it.
 */

export type JobState = "new" | "intent" | "ready" | "rejected" | "ambiguous" | "accepted" | "polling" | "succeeded" | "failed" | "done";

export interface RecordedFile {
  choice: number;
  /** As journaled: relative to the repository root when inside it. */
  file: string;
  bytes: number;
  sha256: string;
  contentType: string;
  durationMs?: number;
  durationUnit?: "ms" | "s";
}

export interface RecordedChoice {
  index: number;
  url: string;
  durationMs?: number;
  durationUnit?: "ms" | "s";
  lyricsSections?: unknown;
}

export interface Problem {
  status?: number;
  code?: string;
  message: string;
  traceId?: string;
}

export interface JobRecord {
  key: string;
  state: JobState;
  kind?: "song" | "podcast";
  script?: string;
  origin?: Origin;
  base?: string;
  /** The generation of the latest intent (see job.ts idempotencyKey). */
  generation: number;
  idempotencyKey?: string;
  because?: Because;
  /** Paid POSTs the journal has begun for this job, over all runs (each `intent`). */
  intents: number;
  taskId?: string;
  model?: string;
  /** The song task's last known status. */
  taskStatus?: string;
  /** A podcast's link and its expiry (Unix seconds). */
  url?: string;
  expiresAt?: number;
  choices?: RecordedChoice[];
  /** Every download of the current result, oldest first (a choice may have copies in several places). */
  files: RecordedFile[];
  /** Why the job stopped: the rejection, the ambiguity, the task's failure, or the last failed download. */
  problem?: Problem;
  /** The last paid answer podc could not act on, as received (see journal-entry.ts `raw`), and what it lacked. */
  raw?: RawAnswer;
  /** The last failed download could not be repeated: the link expired or is gone. */
  lost: boolean;
  traceIds: string[];
  /** ISO time of the latest entry. */
  updatedAt?: string;
}

/** The record of a job the journal has never seen. */
export function emptyRecord(key: string): JobRecord {
  return { key, state: "new", generation: 0, intents: 0, files: [], lost: false, traceIds: [] };
}

/** Folds one entry into a record (mutating it). Entries for other jobs are ignored. */
export function applyEntry(record: JobRecord, entry: JournalEntry): void {
  if (entry.job !== record.key) return;
  record.updatedAt = entry.at;
  switch (entry.type) {
    case "intent": {
      const { intents, traceIds } = record;
      // A new request starts the story afresh: nothing of the earlier task, link or files carries over.
      for (const field of Object.keys(record)) delete (record as unknown as Record<string, unknown>)[field];
      Object.assign(record, emptyRecord(entry.job), {
        state: "intent",
        kind: entry.kind,
        script: entry.script,
        origin: entry.origin,
        base: entry.base,
        generation: entry.generation,
        idempotencyKey: entry.idempotencyKey,
        because: entry.because,
        intents: intents + 1,
        traceIds,
        updatedAt: entry.at,
      });
      return;
    }
    case "accepted":
      record.state = "accepted";
      delete record.raw;
      setIf(record, "taskId", entry.taskId);
      setIf(record, "model", entry.model);
      setIf(record, "taskStatus", entry.status);
      setIf(record, "url", entry.url);
      setIf(record, "expiresAt", entry.expiresAt);
      addTrace(record, entry.traceId);
      return;
    case "rejected":
    case "ambiguous":
    case "not-sent":
      // Provably not sent means ready to send; the other two keep their name as the job's state.
      record.state = entry.type === "not-sent" ? "ready" : entry.type;
      record.problem = problemOf(entry);
      if (entry.type === "ambiguous" && entry.raw) record.raw = { ...entry.raw };
      addTrace(record, entry.traceId);
      return;
    case "polling":
      if (record.state === "accepted" || record.state === "polling") record.state = "polling";
      record.taskId ??= entry.taskId;
      record.taskStatus = entry.status;
      if (entry.raw) record.raw = { ...entry.raw };
      else delete record.raw;
      if (entry.missing !== undefined) record.problem = { message: entry.missing, ...(entry.traceId ? { traceId: entry.traceId } : {}) };
      // Not kept in traceIds: one per status change is noise; the final query's trace comes with the ending.
      return;
    case "succeeded":
      record.state = "succeeded";
      delete record.raw;
      delete record.problem;
      record.taskStatus = "succeeded";
      record.choices = entry.choices.map((c) => ({ ...c }));
      setIf(record, "model", entry.model);
      addTrace(record, entry.traceId);
      return;
    case "failed":
      record.state = "failed";
      record.taskStatus = entry.status;
      record.problem = { message: entry.reason, ...(entry.traceId ? { traceId: entry.traceId } : {}) };
      addTrace(record, entry.traceId);
      return;
    case "downloaded": {
      const file: RecordedFile = {
        choice: entry.choice,
        file: entry.file,
        bytes: entry.bytes,
        sha256: entry.sha256,
        contentType: entry.contentType,
        ...(entry.durationMs !== undefined ? { durationMs: entry.durationMs } : {}),
        ...(entry.durationUnit !== undefined ? { durationUnit: entry.durationUnit } : {}),
      };
      record.files = record.files.filter((f) => f.file !== entry.file);
      record.files.push(file);
      record.lost = false;
      addTrace(record, entry.traceId);
      return;
    }
    case "download-failed":
      record.problem = problemOf(entry);
      record.lost = entry.lost;
      addTrace(record, entry.traceId);
      return;
    case "done":
      record.state = "done";
      delete record.problem;
      return;
    case "restored":
      restore(record, entry);
      return;
  }
}

/** Takes back what a manifest recorded of a job the journal had lost (see journal-rebuild.ts). */
function restore(record: JobRecord, entry: Extract<JournalEntry, { type: "restored" }>): void {
  record.kind = entry.kind;
  record.state = entry.state === "intent" ? "ambiguous" : entry.state;
  setIf(record, "taskId", entry.taskId);
  setIf(record, "model", entry.model);
  for (const trace of entry.traceIds) addTrace(record, trace);
  record.files = entry.files.map(({ lyricsSections: _sections, ...f }) => ({ ...f }));
  // The manifest keeps no links: a song's are asked for again by task id, a podcast's is gone.
  if (entry.kind === "song" && entry.files.length > 0)
    record.choices = entry.files.map((f) => ({ index: f.choice, url: "", ...(f.lyricsSections !== undefined ? { lyricsSections: f.lyricsSections } : {}) }));
  if (entry.problem !== undefined) record.problem = { message: entry.problem };
  else if (record.state === "ambiguous") record.problem = { message: `the manifest ${entry.manifest} records it as sent, with no known outcome` };
}

/**
 * Every job's record, folded from a journal's entries. A job named by a `damaged` line that otherwise
 * looks never sent counts as "outcome unknown": the lost line may have been its `intent`.
 */
export function foldJournal(entries: readonly JournalEntry[], damaged: readonly { job?: string; line: number }[] = []): Map<string, JobRecord> {
  const records = new Map<string, JobRecord>();
  const recordOf = (key: string): JobRecord => {
    let record = records.get(key);
    if (!record) {
      record = emptyRecord(key);
      records.set(key, record);
    }
    return record;
  };
  for (const entry of entries) applyEntry(recordOf(entry.job), entry);
  for (const { job, line } of damaged) {
    if (job === undefined) continue;
    const record = recordOf(job);
    if (record.state !== "new" && record.state !== "ready") continue;
    record.state = "ambiguous";
    record.problem = { message: `line ${line} of the journal, about this request, is damaged: it may have recorded a paid request` };
  }
  return records;
}

/**
 * The choices a finished job has audio for: a song's task choices, or a podcast's single file (index 0).
 * `kind` is the job's own, for a record whose `intent` line was lost.
 */
export function expectedChoices(record: JobRecord, kind: "song" | "podcast" | undefined = record.kind): RecordedChoice[] {
  // A podcast whose link is not known (restored from a manifest, or its line lost) has one file all the same.
  if (kind === "podcast") return [{ index: 0, url: record.url ?? "" }];
  return record.choices ?? [];
}

function problemOf(entry: { status?: number | undefined; code?: string | undefined; message: string; traceId?: string | undefined }): Problem {
  const problem: Problem = { message: entry.message };
  if (entry.status !== undefined) problem.status = entry.status;
  if (entry.code !== undefined) problem.code = entry.code;
  if (entry.traceId !== undefined) problem.traceId = entry.traceId;
  return problem;
}

function addTrace(record: JobRecord, traceId: string | undefined): void {
  if (traceId && !record.traceIds.includes(traceId)) record.traceIds.push(traceId);
}

function setIf<K extends keyof JobRecord>(record: JobRecord, key: K, value: JobRecord[K] | undefined): void {
  if (value !== undefined) record[key] = value;
}
