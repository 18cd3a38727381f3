import { z } from "zod";
import type { Origin } from "../lower/plan.js";
import type { RawAnswer } from "../service/raw-answer.js";

/*
 * The journal's line format. Each line is one JSON object with the format version `v`, the time `at`,
 * the entry `type` and the `job` key it is about. An entry is written and flushed to disk before the
 * side effect it licenses (see journal.ts), so the journal is never behind what the service knows.
 *
 * Versions. `v` on a line is the oldest format that can read that line: entries that format 1 already
 * had are still written as `v: 1`, so an older podc keeps reading them; only entries that format 1
 * lacks (`restored`) carry `v: 2`. A reader never skips a line it does not understand — a skipped
 * `intent` would mean paying twice — it stops instead (see journal.ts parseJournal).
 *
 *   1  the first format
 *   2  adds `restored`: what a manifest recorded of a job the journal had lost
 */

/** The newest journal format this podc reads and writes. */
export const JOURNAL_VERSION = 2;

const OriginSchema = z.object({ line: z.number().int(), section: z.string().optional(), song: z.string().optional() });

/** The service's answer in a few words: enough to tell a person what happened and to quote to support. */
const Answer = {
  status: z.number().int().optional(),
  code: z.string().optional(),
  message: z.string(),
  traceId: z.string().optional(),
};

/**
 * A paid answer as it came (status, headers, body, without the key), kept when podc could not act on it: a later podc
 * that can read it finishes the job from it instead of paying again. An older podc reading the line ignores it.
 */
const RawSchema = z.object({
  status: z.number().int(),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
  truncated: z.boolean().optional(),
});

const Base = {
  v: z.number().int().min(1).max(JOURNAL_VERSION),
  at: z.string(),
  job: z.string().min(1),
};

const DurationUnit = z.enum(["ms", "s"]);

/** A file of a job on disk, as `downloaded` records it and `restored` takes it back from a manifest. */
const FileFields = {
  choice: z.number().int().nonnegative(),
  /** Relative to the repository root when inside it. */
  file: z.string(),
  bytes: z.number().int().nonnegative(),
  sha256: z.string(),
  contentType: z.string(),
  durationMs: z.number().optional(),
  /** The unit the service's `duration` was read in, when `durationMs` is the service's and not measured from the file. */
  durationUnit: DurationUnit.optional(),
  /** `restored` only: a song take's `lyrics_sections`, as the manifest kept them. */
  lyricsSections: z.unknown().optional(),
};

/** Why a paid request is being sent (again). */
const BECAUSE = ["first", "rate-limited", "resubmit-ambiguous", "retry-failed", "regenerate-lost", "local-lost"] as const;
export type Because = (typeof BECAUSE)[number];

export const JournalEntrySchema = z.discriminatedUnion("type", [
  /** Written before a paid POST. Without an outcome after it, the POST may have reached the service. */
  z.object({
    ...Base,
    type: z.literal("intent"),
    kind: z.enum(["song", "podcast"]),
    path: z.string(),
    /** The base URL the job key was made for (`local:` for --local). */
    base: z.string(),
    /** The script, relative to the repository root. */
    script: z.string(),
    origin: OriginSchema,
    /** Sent as `Idempotency-Key`; the same on every retry and rerun of one generation of the job. */
    idempotencyKey: z.string(),
    /** 0 for the job's first request; +1 each time the user asks for a new one (--retry-failed, --regenerate-lost). */
    generation: z.number().int().nonnegative(),
    because: z.enum(BECAUSE),
  }),
  /** The service took the request: a song's task id, or a podcast's link. */
  z.object({
    ...Base,
    type: z.literal("accepted"),
    taskId: z.string().optional(),
    model: z.string().optional(),
    status: z.string().optional(),
    url: z.string().optional(),
    /** Set when the answer was read from an earlier entry's `raw`, or given by hand (`podc state adopt`), not received now. */
    from: z.enum(["raw", "hand"]).optional(),
    /** Unix seconds, as the service gives it. */
    expiresAt: z.number().optional(),
    traceId: z.string().optional(),
  }),
  /** The service refused the request's content (400, 404, 422, 451): nothing was billed. */
  z.object({ ...Base, type: z.literal("rejected"), ...Answer }),
  /** The request may have reached the service and been billed, but no usable answer came back. */
  z.object({ ...Base, type: z.literal("ambiguous"), outcome: z.enum(["ambiguous", "server-error"]), ...Answer, raw: RawSchema.optional() }),
  /** The request provably created nothing (never left, rate-limited, out of quota, key refused): safe to send. */
  z.object({ ...Base, type: z.literal("not-sent"), outcome: z.enum(["not-sent", "rate-limited", "quota", "auth"]), ...Answer }),
  /**
   * A song task's status changed while being polled. `raw` and `missing`: the task has ended in a way podc cannot read
   * (an unknown status and no link); it stays "polling", so a later podc asks again, for free.
   */
  z.object({
    ...Base,
    type: z.literal("polling"),
    taskId: z.string(),
    status: z.string(),
    traceId: z.string().optional(),
    missing: z.string().optional(),
    raw: RawSchema.optional(),
  }),
  /** A song task finished with audio; these links license the downloads. */
  z.object({
    ...Base,
    type: z.literal("succeeded"),
    taskId: z.string(),
    model: z.string().optional(),
    choices: z.array(
      z.object({
        index: z.number().int().nonnegative(),
        url: z.string(),
        durationMs: z.number().optional(),
        /** The unit the answer's `duration` was read in (the public record says ms; some answers give seconds). */
        durationUnit: DurationUnit.optional(),
        /** The choice's `lyrics_sections` as answered (see contract/lyric-timings.ts), for the transcript. */
        lyricsSections: z.unknown().optional(),
      }),
    ),
    traceId: z.string().optional(),
  }),
  /** A song task ended without audio (failed, timeouted, cancelled, or succeeded without a usable link). */
  z.object({ ...Base, type: z.literal("failed"), taskId: z.string(), status: z.string(), reason: z.string(), traceId: z.string().optional() }),
  /** One choice's audio is on disk, complete and flushed, at `file` (relative to the repository root when inside it). */
  z.object({ ...Base, type: z.literal("downloaded"), ...FileFields, traceId: z.string().optional() }),
  /** A download did not succeed; `lost` when the link can no longer give the audio. */
  z.object({ ...Base, type: z.literal("download-failed"), choice: z.number().int().nonnegative(), lost: z.boolean(), ...Answer }),
  /** Every choice of the job has been downloaded at least once. */
  z.object({ ...Base, type: z.literal("done") }),
  /**
   * What a manifest recorded of a job this journal did not know (it was deleted, or lost lines): taken
   * back so that nothing the manifest records is paid for again. `state` is the manifest's.
   */
  z.object({
    ...Base,
    type: z.literal("restored"),
    /** The manifest it came from, relative to the repository root when inside it. */
    manifest: z.string(),
    kind: z.enum(["song", "podcast"]),
    state: z.enum(["intent", "ambiguous", "accepted", "polling", "succeeded", "failed", "rejected", "done"]),
    taskId: z.string().optional(),
    model: z.string().optional(),
    traceIds: z.array(z.string()),
    files: z.array(z.object(FileFields)),
    problem: z.string().optional(),
  }),
]);

/** The format version a new entry is written with: the oldest that can read it (see above). */
function formatVersionOf(type: EntryType): number {
  return type === "restored" ? 2 : 1;
}

/**
 * A new entry as it is written: with its format version and the time. The runner's entries are not checked against
 * the schema here: their types are, when podc is built, and every reader checks each line. Checking them again cost a
 * run a tenth of a millisecond of its main thread per job (zod, interpreted: see cli/interpreted-shapes.ts).
 */
export function stamped(entry: NewEntry): JournalEntry {
  return { v: formatVersionOf(entry.type), at: new Date().toISOString(), ...entry };
}

export type JournalEntry = z.infer<typeof JournalEntrySchema>;
export type EntryType = JournalEntry["type"];

/** An entry as the runner writes it: the journal adds `v` and `at`. */
export type NewEntry = JournalEntry extends infer E ? (E extends JournalEntry ? Omit<E, "v" | "at"> : never) : never;

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
  /** The last paid answer podc could not act on, as received (see `raw` above), and what it lacked. */
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

/** Takes back what a manifest recorded of a job the journal had lost (see run/prepare.ts). */
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
