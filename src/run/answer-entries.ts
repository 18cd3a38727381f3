import { keptLyricsSections } from "../contract/lyric-timings.js";
import { durationMs, PodcastResponseSchema, SongTaskCreatedSchema } from "../contract/responses.js";
import { parseJson } from "../service/exchange.js";
import type { JobRecord, NewEntry } from "../state/job-record.js";
import type { PollResult } from "./poll.js";
import { acceptedEntry, podcastAccepted, songAccepted } from "./submit.js";

// The journal entries a job's answers make: how a polled task's end is recorded, and how a paid answer journaled
// earlier, which that podc could not read, finishes the job now — without a new request.

/**
 * The `accepted` entry a job in "outcome unknown" gets from its journaled answer (`record.raw`) when this podc can
 * read it (a task id for a song, a link for a podcast); undefined when there is none or it still cannot.
 */
export function rereadEntry(record: JobRecord, kind: "song" | "podcast"): Extract<NewEntry, { type: "accepted" }> | undefined {
  const raw = record.raw;
  if (record.state !== "ambiguous" || !raw || raw.status < 200 || raw.status >= 300 || raw.truncated) return undefined;
  const json = parseJson(raw.body);
  const traceId = record.problem?.traceId;
  if (kind === "song") {
    const task = SongTaskCreatedSchema.safeParse(json);
    return task.success ? { ...acceptedEntry(record.key, songAccepted(task.data, traceId ?? task.data.trace_id)), from: "raw" } : undefined;
  }
  const answer = PodcastResponseSchema.safeParse(json);
  return answer.success ? { ...acceptedEntry(record.key, podcastAccepted(answer.data, traceId ?? answer.data.trace_id)), from: "raw" } : undefined;
}

/** The entry that records how a polled task ended (succeeded, failed, or in a way podc cannot read); none for the rest. */
export function pollEndEntry(jobKey: string, taskId: string, result: PollResult): NewEntry | undefined {
  const trace = "traceId" in result && result.traceId ? { traceId: result.traceId } : {};
  switch (result.type) {
    case "succeeded":
      return {
        type: "succeeded",
        job: jobKey,
        taskId,
        ...(result.task.model ? { model: result.task.model } : {}),
        choices: result.choices.map((c) => {
          const duration = durationMs(c.duration);
          const lyricsSections = keptLyricsSections(c.lyrics_sections);
          return {
            index: c.index,
            url: c.url,
            ...(duration ? { durationMs: duration.ms, durationUnit: duration.unit } : {}),
            ...(lyricsSections !== undefined ? { lyricsSections } : {}),
          };
        }),
        ...trace,
      };
    case "failed":
      return { type: "failed", job: jobKey, taskId, status: result.status, reason: result.reason, ...trace };
    case "unrecognised":
      return { type: "polling", job: jobKey, taskId, status: result.status, missing: result.missing, raw: result.raw, ...trace };
    default:
      return undefined;
  }
}
