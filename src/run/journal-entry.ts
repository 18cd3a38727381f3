import { z } from "zod";

/*
 * The journal's line format. Each line is one JSON object with the format version `v`, the time `at`,
 * the entry `type` and the `job` key it is about. An entry is written and flushed to disk before the
 * side effect it licenses (see journal.ts), so the journal is never behind what the service knows.
 *
 * Versions. `v` on a line is the oldest format that can read that line: entries that format 1 already
 * had are still written as `v: 1`, so an older podc keeps reading them; only entries that format 1
 * lacks (`restored`) carry `v: 2`. A reader never skips a line it does not understand — a skipped
 * `intent` would mean paying twice — it stops instead (see journal-format.ts).
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
export const BECAUSE = ["first", "rate-limited", "resubmit-ambiguous", "retry-failed", "regenerate-lost", "local-lost"] as const;
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
