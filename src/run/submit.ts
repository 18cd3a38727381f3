import type { ServiceClient } from "../service/client.js";
import type { Failure, Outcome, RateLimited } from "../service/outcome.js";
import type { PodcastResponse, SongTaskCreated } from "../contract/responses.js";
import { describeFileError } from "../files/file-errors.js";
import { idempotencyKey, type Job } from "./job.js";
import type { Because, NewEntry } from "../state/job-record.js";
import { ClaimLostError, type EntryWriter } from "../state/store.js";
import { JournalWriteError } from "../state/journal.js";

/*
 * Sending one paid request, with the money rules in one place:
 *
 *  1. `intent` is journaled and flushed before the POST: a crash after it leaves a trace that the
 *     request may be out there, and the next run will not send it blindly.
 *  2. The POST carries `Idempotency-Key`, the same for every attempt of this generation of the job.
 *  3. The outcome is journaled before anything else happens with it (the task id first of all).
 *  4. Only outcomes that prove nothing was created (never sent, 429, quota, key refused) make the job
 *     safe to send again; a 5xx or a lost answer is "ambiguous" and waits for the user's decision.
 *
 * The POST is never cancelled from here (not by Ctrl-C, not by the deadline): an answer on its way is
 * worth waiting for, since cancelling turns a known outcome into an unknown one.
 */

export interface SubmitContext {
  client: Pick<ServiceClient, "createSong" | "createPodcast">;
  journal: EntryWriter;
  keyBase: string;
  /**
   * Told as soon as the service has answered a podcast's POST, before the answer is journaled: the podcast no longer
   * counts against the account, so its slot may go to the next job without waiting for this job's fsync.
   */
  answered?: (outcome: Outcome<PodcastResponse>) => void;
}

export type SubmitResult =
  | { type: "accepted"; taskId?: string; model?: string; taskStatus?: string; url?: string; expiresAt?: number; traceId?: string }
  | { type: "rejected"; failure: Failure }
  | { type: "ambiguous"; failure: Failure }
  | { type: "rate-limited"; failure: RateLimited }
  | { type: "not-sent"; failure: Failure }
  | { type: "quota"; failure: Failure }
  | { type: "auth"; failure: Failure };

/** Sends generation `generation` of `job` once (the client may repeat attempts that never left), journaling before and after. */
export async function submitJob(ctx: SubmitContext, job: Job, generation: number, because: Because): Promise<SubmitResult> {
  const key = idempotencyKey(job.key, generation);
  await write(ctx, {
    type: "intent",
    job: job.key,
    kind: job.kind,
    path: job.path,
    base: ctx.keyBase,
    script: job.scriptInRoot,
    origin: job.origin,
    idempotencyKey: key,
    generation,
    because,
  });
  if (job.kind === "song") {
    const outcome = await ctx.client.createSong(job.body, { idempotencyKey: key });
    return record(ctx, job, outcome, songAccepted);
  }
  const outcome = await ctx.client.createPodcast(job.body, { idempotencyKey: key });
  ctx.answered?.(outcome);
  return record(ctx, job, outcome, podcastAccepted);
}

type Accepted = Extract<SubmitResult, { type: "accepted" }>;

/** What podc keeps of a created song task: its id above all (a task without a status is "preparing"). */
export function songAccepted(task: SongTaskCreated, traceId: string | undefined): Accepted {
  return {
    type: "accepted",
    taskId: task.id,
    taskStatus: task.status ?? "preparing",
    ...(task.model ? { model: task.model } : {}),
    ...(traceId ? { traceId } : {}),
  };
}

/** What podc keeps of a rendered podcast: its link and when it expires (Unix seconds). */
export function podcastAccepted(answer: PodcastResponse, traceId: string | undefined): Accepted {
  return {
    type: "accepted",
    url: answer.url,
    ...(answer.expires_at !== undefined ? { expiresAt: answer.expires_at } : {}),
    ...(traceId ? { traceId } : {}),
  };
}

/** The journal's `accepted` entry for `result` (its name for the task's status is `status`). */
export function acceptedEntry(jobKey: string, result: Accepted): Extract<NewEntry, { type: "accepted" }> {
  const { type: _type, taskStatus, ...fields } = result;
  return { type: "accepted", job: jobKey, ...fields, ...(taskStatus !== undefined ? { status: taskStatus } : {}) };
}

async function record<T extends { trace_id?: string | undefined }>(
  ctx: SubmitContext,
  job: Job,
  outcome: Outcome<T>,
  accepted: (value: T, traceId: string | undefined) => Accepted,
): Promise<SubmitResult> {
  if (outcome.kind === "accepted") {
    const result = accepted(outcome.value, outcome.traceId ?? outcome.value.trace_id);
    await write(ctx, acceptedEntry(job.key, result), { job, result });
    return result;
  }
  const answer = {
    message: outcome.message,
    ...(outcome.status !== undefined ? { status: outcome.status } : {}),
    ...(outcome.traceId ? { traceId: outcome.traceId } : {}),
    ...((outcome.kind === "not-sent" || outcome.kind === "ambiguous") && outcome.code ? { code: outcome.code } : {}),
  };
  switch (outcome.kind) {
    case "rejected":
      await write(ctx, { type: "rejected", job: job.key, ...answer });
      return { type: "rejected", failure: outcome };
    case "server-error":
    case "ambiguous":
      await write(ctx, {
        type: "ambiguous",
        job: job.key,
        outcome: outcome.kind,
        ...answer,
        ...(outcome.kind === "ambiguous" && outcome.raw ? { raw: outcome.raw } : {}),
      });
      return { type: "ambiguous", failure: outcome };
    case "rate-limited":
      await write(ctx, { type: "not-sent", job: job.key, outcome: "rate-limited", ...answer });
      return { type: "rate-limited", failure: outcome };
    case "quota":
      await write(ctx, { type: "not-sent", job: job.key, outcome: "quota", ...answer });
      return { type: "quota", failure: outcome };
    case "auth":
      await write(ctx, { type: "not-sent", job: job.key, outcome: "auth", ...answer });
      return { type: "auth", failure: outcome };
    case "not-sent":
      await write(ctx, { type: "not-sent", job: job.key, outcome: "not-sent", ...answer });
      return { type: "not-sent", failure: outcome };
  }
}

async function write(ctx: SubmitContext, entry: NewEntry, accepted?: { job: Job; result: Accepted }): Promise<void> {
  try {
    await ctx.journal.append(entry);
  } catch (error) {
    if (error instanceof ClaimLostError) throw error;
    const reason = error instanceof JournalWriteError ? error.message : `cannot write the journal ${ctx.journal.where}: ${describeFileError(error)}`;
    throw new JournalWriteError(`${reason}.${accepted ? keepThis(accepted.job, accepted.result) : ""}`);
  }
}

/** What the writer keeps of an answer that could not be written, and how a later run takes it back. */
function keepThis(job: Job, result: Accepted): string {
  const trace = result.traceId ? ` (trace ${result.traceId})` : "";
  if (!result.taskId) return ` The service accepted the request${trace}; its audio is at ${result.url ?? "an unknown link"}.`;
  return (
    ` The service accepted task ${result.taskId}${trace}: keep this id. Should a later run call the song's outcome unknown, ` +
    `\`podc state adopt ${job.script} --line ${job.origin.line} --task ${result.taskId}\` gives it back, and it is finished without paying again.`
  );
}
