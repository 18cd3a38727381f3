import { z } from "zod";

/*
 * Shapes of what the service answers, read for the few fields the toolchain acts on — a task id, a status, links and
 * durations — and tolerant of everything else: the interface leaves the unit of timestamps, the task's full field list
 * and which fields are always present "not shown", and public clients met integers, floats and ISO strings, choices
 * without `index`, missing `status` and fields no document names. A field podc does not use never makes a paid answer
 * unusable; every field is kept as received (a manifest or a later podc may want it). Ids are opaque strings — the
 * service's ids look numeric but exceed what a JSON number can hold exactly.
 */

/** Statuses after which a task never changes. */
const TERMINAL_STATUSES = ["succeeded", "failed", "timeouted", "cancelled"] as const;
export type TerminalStatus = (typeof TERMINAL_STATUSES)[number];
/** Statuses the public record names for a task still at work: with these, even a link in a choice is not final yet. */
const WORKING_STATUSES = new Set(["preparing", "queued", "running", "streaming", "reviewing"]);

/**
 * An id, always handed on as a string. The service sends strings; a number is accepted only while
 * JSON could carry it exactly, because a rounded id would silently name some other task.
 */
const OpaqueId = z.union([
  z.string().min(1),
  z.number().refine(Number.isSafeInteger, "a numeric id beyond 2^53 has lost digits in JSON; the service should send it as a string").transform(String),
]);

/** A string field, or undefined for anything else (absent, null, a number, an object): podc never fails on it. */
const LooseText = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" && value.length > 0 ? value : undefined));

/**
 * Unix seconds from whatever the service sent: integer or float seconds, milliseconds (told by size: no date after
 * 5138 has 12 digits of seconds), or an ISO date; undefined when it is none of them.
 */
export function unixSeconds(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isFinite(value) && value > 0) return value >= 1e11 ? value / 1000 : value;
  if (typeof value === "string" && value.trim() !== "") {
    if (/^\d+(\.\d+)?$/.test(value.trim())) return unixSeconds(Number(value));
    const ms = Date.parse(value);
    if (!Number.isNaN(ms)) return ms / 1000;
  }
  return undefined;
}
const Timestamp = z.unknown().optional().transform(unixSeconds);

/** One rendered take of a song, as podc reads it: every field the service sent, with the used ones normalised. */
export interface Choice {
  /** The service's `index`, or the choice's position when it sent none (or repeated one). */
  index: number;
  id?: string;
  /** The mp3 link. */
  url?: string;
  flac_url?: string;
  wav_url?: string;
  /** As the service sent it: milliseconds in the public record, seconds in some answers (see durationMs). */
  duration?: number;
  [field: string]: unknown;
}

function readChoices(value: unknown): Choice[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const objects = value.filter((c): c is Record<string, unknown> => typeof c === "object" && c !== null && !Array.isArray(c));
  const given = objects.map((c) => c.index);
  const indexed = given.every((i) => Number.isSafeInteger(i) && (i as number) >= 0) && new Set(given).size === given.length;
  return objects.map((c, position) => {
    const choice: Choice = { ...c, index: indexed ? (c.index as number) : position };
    for (const field of ["url", "flac_url", "wav_url"] as const) {
      if (typeof c[field] === "string" && c[field] !== "") choice[field] = c[field];
      else delete choice[field];
    }
    const id = OpaqueId.safeParse(c.id);
    if (id.success) choice.id = id.data;
    else delete choice.id;
    if (typeof c.duration === "number" && Number.isFinite(c.duration) && c.duration >= 0) choice.duration = c.duration;
    else delete choice.duration;
    return choice;
  });
}

/** The task as POST /v1/song/generate returns it: only its id is needed (its status is "preparing" when given). */
export const SongTaskCreatedSchema = z.looseObject({
  id: OpaqueId,
  status: LooseText,
  created_at: Timestamp,
  model: LooseText,
  trace_id: LooseText,
});
export type SongTaskCreated = z.infer<typeof SongTaskCreatedSchema>;

/** The task as the query path returns it; `choices` appear once it has succeeded. */
export const SongTaskSchema = z.looseObject({
  id: OpaqueId.optional(),
  status: LooseText,
  created_at: Timestamp,
  finished_at: Timestamp,
  model: LooseText,
  failed_reason: LooseText,
  choices: z.unknown().optional().transform(readChoices),
  trace_id: LooseText,
});
export type SongTask = z.infer<typeof SongTaskSchema>;

/** Answer of POST /v1/tts/podcast: a link to the audio, to be fetched before `expires_at` (read as Unix seconds). */
export const PodcastResponseSchema = z.looseObject({
  url: z.string().min(1),
  expires_at: Timestamp,
  trace_id: LooseText,
});
export type PodcastResponse = z.infer<typeof PodcastResponseSchema>;

/** The error body of every status >= 400 (when the service manages to send JSON at all). */
export const ErrorBodySchema = z.looseObject({
  error: z.looseObject({ message: z.string() }),
  trace_id: LooseText,
});

/** Where a task stands, reduced to what a runner acts on. */
export type TaskState =
  | { state: "running"; status: string }
  | { state: "succeeded"; choices: UsableChoice[] }
  | { state: "failed"; status: string; reason: string }
  /** The task has ended in a way podc cannot read (an unknown status and no link): never polled on, never paid again. */
  | { state: "unrecognised"; status: string; missing: string };

/** A choice with a link to download: `url` is the one chosen (see taskState). */
export type UsableChoice = Choice & { url: string };

/** Which of a choice's links to fetch: the lossless masters first, or the mp3 `url` only. */
export type LinkPreference = "lossless" | "mp3";

function isTerminalStatus(status: string): status is TerminalStatus {
  return (TERMINAL_STATUSES as readonly string[]).includes(status);
}

/**
 * Reduces a queried task to running / succeeded / failed / unrecognised. A known working status is "running"; a task
 * with a link and an unknown status (or none) has finished (`completed`, `success`, …: the audio is there); an unknown
 * status without a link is "running" until the task says it ended (`finished_at`, a reason), then "unrecognised". A
 * `succeeded` task without a single link is a failure, because there is nothing to keep.
 */
export function taskState(task: SongTask, prefer: LinkPreference = "lossless"): TaskState {
  const status = task.status ?? "";
  const choices = (task.choices ?? [])
    .map((c) => ({ ...c, url: chosenLink(c, prefer) }))
    .filter((c): c is UsableChoice => c.url !== undefined)
    .sort((a, b) => a.index - b.index);
  if (isTerminalStatus(status) && status !== "succeeded") {
    return { state: "failed", status, reason: task.failed_reason ?? `task ${status}` };
  }
  if (status === "succeeded" || (choices.length > 0 && !WORKING_STATUSES.has(status))) {
    if (choices.length > 0) return { state: "succeeded", choices };
    return { state: "failed", status, reason: "the task succeeded but no choice has a usable audio url" };
  }
  if (WORKING_STATUSES.has(status) || (task.finished_at === undefined && task.failed_reason === undefined)) {
    return { state: "running", status: status || "(no status)" };
  }
  return { state: "unrecognised", status: status || "(no status)", missing: "an audio link in any choice" };
}

/** The link of `choice` to fetch: a lossless master when preferred and offered, else the mp3; http(s) links only. */
function chosenLink(choice: Choice, prefer: LinkPreference): string | undefined {
  const order = prefer === "lossless" ? [choice.wav_url, choice.flac_url, choice.url] : [choice.url, choice.wav_url, choice.flac_url];
  return order.find((link) => link !== undefined && isWebLink(link));
}

function isWebLink(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const { protocol } = new URL(text);
  return protocol === "https:" || protocol === "http:";
}

/**
 * A choice's duration in milliseconds, with the unit it was read in. The public record says milliseconds; some answers
 * give seconds. A song is seconds to minutes long, so a value under an hour's worth of seconds (3600) can only be
 * seconds (3.6 s in milliseconds is no song); `expectedMs` (the file's measured length), when known, decides instead.
 */
export function durationMs(duration: number | undefined, expectedMs?: number): { ms: number; unit: "ms" | "s" } | undefined {
  if (duration === undefined) return undefined;
  if (expectedMs !== undefined) {
    const asSeconds = Math.abs(duration * 1000 - expectedMs);
    return asSeconds < Math.abs(duration - expectedMs) ? { ms: duration * 1000, unit: "s" } : { ms: duration, unit: "ms" };
  }
  return duration < 3600 ? { ms: Math.round(duration * 1000), unit: "s" } : { ms: duration, unit: "ms" };
}
