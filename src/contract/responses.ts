import { z } from "zod";
import { refuseInsecureUrl } from "./loopback.js";

/*
 * Shapes of what the service answers. Every object is loose: fields the service adds later are kept
 * (a manifest may want them), and only the fields the toolchain acts on are checked. Ids are opaque
 * strings — the service's ids look numeric but exceed what a JSON number can hold exactly.
 */

/** Statuses after which a task never changes. Any other status, known or not, means "still going". */
const TERMINAL_STATUSES = ["succeeded", "failed", "timeouted", "cancelled"] as const;
export type TerminalStatus = (typeof TERMINAL_STATUSES)[number];

const Seconds = z.number().int().nonnegative();

/**
 * An id, always handed on as a string. The service sends strings; a number is accepted only while
 * JSON could carry it exactly, because a rounded id would silently name some other task.
 */
const OpaqueId = z.union([
  z.string().min(1),
  z.number().refine(Number.isSafeInteger, "a numeric id beyond 2^53 has lost digits in JSON; the service should send it as a string").transform(String),
]);
const Timestamp = Seconds.nullish();

/** One rendered take of a song. `duration` is in milliseconds. */
const ChoiceSchema = z.looseObject({
  index: z.number().int().nonnegative(),
  id: OpaqueId.optional(),
  url: z.string().nullish(),
  flac_url: z.string().nullish(),
  wav_url: z.string().nullish(),
  duration: z.number().nonnegative().nullish(),
});
export type Choice = z.infer<typeof ChoiceSchema>;

/** The task as POST /v1/song/generate returns it (status "preparing"). `created_at` is in Unix seconds. */
export const SongTaskCreatedSchema = z.looseObject({
  id: OpaqueId,
  status: z.string().min(1),
  created_at: Timestamp,
  model: z.string().nullish(),
  trace_id: z.string().nullish(),
});
export type SongTaskCreated = z.infer<typeof SongTaskCreatedSchema>;

/** The task as the query path returns it; `choices` appear once it has succeeded. */
export const SongTaskSchema = z.looseObject({
  id: OpaqueId,
  status: z.string().min(1),
  created_at: Timestamp,
  finished_at: Timestamp,
  model: z.string().nullish(),
  failed_reason: z.string().nullish(),
  choices: z.array(ChoiceSchema).nullish(),
  trace_id: z.string().nullish(),
});
export type SongTask = z.infer<typeof SongTaskSchema>;

/** Answer of POST /v1/tts/podcast: a link to the audio, to be fetched before `expires_at` (Unix seconds). */
export const PodcastResponseSchema = z.looseObject({
  url: z.string().min(1),
  expires_at: Seconds.nullish(),
  trace_id: z.string().nullish(),
});
export type PodcastResponse = z.infer<typeof PodcastResponseSchema>;

/** The error body of every status >= 400 (when the service manages to send JSON at all). */
export const ErrorBodySchema = z.looseObject({
  error: z.looseObject({ message: z.string() }),
  trace_id: z.string().nullish(),
});

/** Where a task stands, reduced to what a runner acts on. */
export type TaskState =
  { state: "running"; status: string } | { state: "succeeded"; choices: UsableChoice[] } | { state: "failed"; status: string; reason: string };

/** A choice whose `url` can actually be downloaded. */
export type UsableChoice = Choice & { url: string };

/** True for the four statuses after which a task never changes. */
function isTerminalStatus(status: string): status is TerminalStatus {
  return (TERMINAL_STATUSES as readonly string[]).includes(status);
}

/**
 * Reduces a queried task to running / succeeded / failed. Unknown statuses are "running"; a
 * `succeeded` task without a single downloadable url is a failure, because there is nothing to keep.
 */
export function taskState(task: SongTask): TaskState {
  if (!isTerminalStatus(task.status)) return { state: "running", status: task.status };
  if (task.status !== "succeeded") {
    return { state: "failed", status: task.status, reason: task.failed_reason || `task ${task.status}` };
  }
  const choices = (task.choices ?? []).filter((c): c is UsableChoice => typeof c.url === "string" && isUsableUrl(c.url)).sort((a, b) => a.index - b.index);
  if (choices.length === 0) {
    return { state: "failed", status: task.status, reason: "the task succeeded but no choice has a usable audio url" };
  }
  return { state: "succeeded", choices };
}

function isUsableUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  return refuseInsecureUrl(new URL(text)) === undefined;
}
