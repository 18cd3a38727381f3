import { keptLyricsSections } from "../contract/lyric-timings.js";
import {
  durationMs,
  type LinkPreference,
  type PodcastResponse,
  PodcastResponseSchema,
  type SongTask,
  type SongTaskCreated,
  SongTaskCreatedSchema,
  taskState,
  type UsableChoice,
} from "../contract/responses.js";
import { describeFileError } from "../files/file-errors.js";
import type { CallListener, ServiceClient } from "../service/client.js";
import { parseJson } from "../service/exchange.js";
import { authAdvice, type AuthFailed, describeOutcome, type Failure, type Outcome, type RateLimited } from "../service/outcome.js";
import type { RawAnswer } from "../service/raw-answer.js";
import { sleep } from "../service/retry.js";
import type { Because, JobRecord, NewEntry } from "../state/job-record.js";
import { JournalWriteError } from "../state/journal.js";
import { ClaimLostError, type EntryWriter } from "../state/store.js";
import type { ChoiceResult } from "./downloads.js";
import type { JobRef, ProblemKind } from "./events.js";
import { idempotencyKey, type Job, jobLabel, originText } from "./job.js";

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
function songAccepted(task: SongTaskCreated, traceId: string | undefined): Accepted {
  return {
    type: "accepted",
    taskId: task.id,
    taskStatus: task.status ?? "preparing",
    ...(task.model ? { model: task.model } : {}),
    ...(traceId ? { traceId } : {}),
  };
}

/** What podc keeps of a rendered podcast: its link and when it expires (Unix seconds). */
function podcastAccepted(answer: PodcastResponse, traceId: string | undefined): Accepted {
  return {
    type: "accepted",
    url: answer.url,
    ...(answer.expires_at !== undefined ? { expiresAt: answer.expires_at } : {}),
    ...(traceId ? { traceId } : {}),
  };
}

/** The journal's `accepted` entry for `result` (its name for the task's status is `status`). */
function acceptedEntry(jobKey: string, result: Accepted): Extract<NewEntry, { type: "accepted" }> {
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

/*
 * Polling one song task until it ends. Queries are reads: repeating them costs nothing, so every
 * failure is met with a pause (shared with the other jobs through the retry budget) and another
 * query, until the task ends, the run's deadline or Ctrl-C stops it, or the budget runs out. What the
 * task does is decided by its status alone: anything not terminal is "still going".
 */

export interface PollContext {
  client: Pick<ServiceClient, "queryTask">;
  /** Time between two queries of a running task (10% jitter is added so jobs drift apart). */
  intervalMs: number;
  budget: RetryBudget;
  /** Aborts on Ctrl-C, at the deadline, or when the key is refused. */
  signal: AbortSignal;
  random: () => number;
  /** Which of a choice's links to fetch (podc.json `download.prefer`). */
  prefer?: LinkPreference;
}

export interface PollHooks {
  /** Wait this long before the first query (a task just created is not worth asking about at once). */
  firstDelayMs: number;
  /** The task's status changed (first query included). */
  onStatus(status: string, traceId: string | undefined): Promise<void>;
  /** A query failed and the next one comes after `delayMs`. */
  onRetry(delayMs: number, failure: Failure): void;
}

export type PollResult =
  | { type: "succeeded"; task: SongTask; choices: UsableChoice[]; traceId?: string }
  | { type: "failed"; task: SongTask; status: string; reason: string; traceId?: string }
  /** The task ended in a way podc cannot read: its answer, for the journal, and what podc missed in it. */
  | { type: "unrecognised"; status: string; missing: string; raw: RawAnswer; traceId?: string }
  /** Ctrl-C or the deadline: the task goes on without us; the next run resumes it. */
  | { type: "stopped" }
  /** The service answered that it does not know the task (or the query path is wrong). */
  | { type: "unknown"; failure: Failure }
  | { type: "auth"; failure: AuthFailed }
  /** The retry budget ran out while the service kept failing. */
  | { type: "gave-up"; failure: Failure };

/** Queries task `taskId` until it ends or polling must stop; see PollResult. */
export async function pollTask(ctx: PollContext, taskId: string, hooks: PollHooks): Promise<PollResult> {
  const { client, budget, signal } = ctx;
  let delayMs = hooks.firstDelayMs;
  let lastStatus: string | undefined;
  for (;;) {
    if (!(await sleep(delayMs, signal))) return { type: "stopped" };
    if (!(await budget.waitTurn(signal))) return { type: "stopped" };
    const outcome = await client.queryTask(taskId, { signal });
    if (signal.aborted) return { type: "stopped" };
    if (outcome.kind === "accepted") {
      budget.success();
      const task = outcome.value;
      const traceId = outcome.traceId ?? task.trace_id ?? undefined;
      const trace = traceId ? { traceId } : {};
      const status = task.status ?? "(no status)";
      if (status !== lastStatus) {
        lastStatus = status;
        await hooks.onStatus(status, traceId);
      }
      const state = taskState(task, ctx.prefer);
      if (state.state === "succeeded") return { type: "succeeded", task, choices: state.choices, ...trace };
      if (state.state === "failed") return { type: "failed", task, status: state.status, reason: state.reason, ...trace };
      if (state.state === "unrecognised")
        return {
          type: "unrecognised",
          status: state.status,
          missing: state.missing,
          raw: outcome.raw?.() ?? { status: outcome.status, headers: {}, body: "" },
          ...trace,
        };
      delayMs = Math.round(ctx.intervalMs * (0.9 + 0.2 * ctx.random()));
      continue;
    }
    if (outcome.kind === "auth") return { type: "auth", failure: outcome };
    if (outcome.kind === "rejected") return { type: "unknown", failure: outcome };
    const pause = budget.failure(outcome.kind === "rate-limited" ? outcome.retryAfterMs : undefined);
    if (budget.exhausted) return { type: "gave-up", failure: outcome };
    hooks.onRetry(pause, outcome);
    delayMs = 0; // waitTurn holds every job until the shared pause ends
  }
}

/** A finished song's current link for choice `index`, by asking the service again (a free read); undefined if it will not say. */
export async function freshChoiceUrl(
  client: Pick<ServiceClient, "queryTask">,
  taskId: string,
  index: number,
  signal: AbortSignal,
  prefer?: LinkPreference,
): Promise<string | undefined> {
  const outcome = await client.queryTask(taskId, { signal });
  if (outcome.kind !== "accepted") return undefined;
  const state = taskState(outcome.value, prefer);
  return state.state === "succeeded" ? state.choices.find((c) => c.index === index)?.url : undefined;
}

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

// How a job ends when the service refuses its request or its audio cannot be had: the problem to report, in words, and
// what the rest of the run must do about it. The runner applies it; these decide nothing else.

/** A job's problem, and whether the run must stop sending (and stop reading, when the key was refused). */
export interface Verdict {
  problem: ProblemKind;
  message: string;
  traceId?: string;
  stop?: { reason: string; notice: string };
  stopReads?: boolean;
  /** The service could not be reached: the retry budget counts it. */
  unreachable?: boolean;
}

/** Every outcome of a paid POST other than accepted and rate-limited; `where` names the job, `ambiguous` is the unknown outcome's message. */
export function refusalVerdict(where: string, result: Exclude<SubmitResult, { type: "accepted" | "rate-limited" }>, ambiguous: () => string): Verdict {
  const failure = result.failure;
  const said = describeOutcome(failure);
  const trace = failure.traceId !== undefined ? { traceId: failure.traceId } : {};
  switch (result.type) {
    case "rejected":
      return {
        problem: "rejected",
        message: `${where}: rejected by the service, nothing was billed — ${said}. Fix the script; it is sent again only when it changes (or with --retry-failed)`,
        ...trace,
      };
    case "ambiguous":
      return {
        problem: "ambiguous",
        message: ambiguous(),
        ...trace,
        stop: { reason: "a paid request ended with an unknown outcome", notice: "an outcome is unknown: no further paid request is sent in this run" },
      };
    case "quota":
      return {
        problem: "not-sent",
        message: `${where}: not sent — out of credit (quota exceeded)`,
        ...trace,
        stop: {
          reason: "the account is out of credit",
          notice: `the service says the account is out of credit (${said}) — add credit, then run again; no further request is sent`,
        },
      };
    case "auth": {
      const region = failure.kind === "auth" && failure.cause === "region";
      const advice = failure.kind === "auth" ? authAdvice(failure) : "check PODC_API_KEY";
      const what = region ? "the service refuses requests from this region" : "the API key was refused";
      return {
        problem: "not-sent",
        message: `${where}: not sent — ${what}; nothing was billed, and it is sent on the next run once that is fixed`,
        ...trace,
        stop: { reason: what, notice: `${what} (${said}) — ${advice}; no further request is sent` },
        stopReads: true,
      };
    }
    case "not-sent":
      return { problem: "not-sent", message: `${where}: could not reach the service, nothing was sent (${said}) — run again`, ...trace, unreachable: true };
  }
}

/** Why a finished job's files are not all in place, when the run does not send it again for them. */
export function downloadVerdict(where: string, failures: readonly Extract<ChoiceResult, { type: "failed" }>[]): Verdict {
  const lost = failures.find((f) => f.lost);
  const refused = failures.find((f) => f.refused);
  if (refused && !lost) {
    const message = `${where}: ${refused.failure.message}. Running again will not help: the request was paid for, so quote its trace id to the service's support`;
    return { problem: "download", message, ...traceOf(refused.failure.traceId) };
  }
  const first = (lost ?? failures[0])!.failure;
  const said = first.status !== undefined && !first.message.includes(`HTTP ${first.status}`) ? `${first.message} (HTTP ${first.status})` : first.message;
  if (lost) {
    return {
      problem: "lost",
      message:
        `${where}: the audio is not on disk and its link no longer works (${said}); podc does not pay for it again on its own — ` +
        "restore the file, or run with --regenerate-lost to send a new (billed) request",
      ...traceOf(first.traceId),
    };
  }
  return { problem: "download", message: `${where}: download failed (${said}) — run again to retry; nothing will be sent again`, ...traceOf(first.traceId) };
}

// What a run says about a job in words: where it is, why it was sent again, and what a person should do after an
// unknown outcome or a failure. The runner decides; these only say it.

/** How events name a job: its key, kind, label, place in the script and in the episode. */
export function refOf(job: Job): JobRef {
  const first = job.placements[0];
  return {
    job: job.key,
    kind: job.kind,
    label: jobLabel(job.kind, job.origin),
    at: originText(job.script, job.origin),
    episode: first?.episode.name ?? "",
    order: first?.entry.order ?? 0,
  };
}

/** A trace id as an event's field, when there is one. */
export function traceOf(failure: Pick<Failure, "traceId"> | string | undefined): { traceId?: string } {
  const id = typeof failure === "string" ? failure : failure?.traceId;
  return id ? { traceId: id } : {};
}

/** Why a job is sent again, in the words of the option that asked for it. */
export function becauseText(because: Because): string {
  switch (because) {
    case "resubmit-ambiguous":
      return "sending again after an unknown outcome, as asked (--resubmit-ambiguous)";
    case "retry-failed":
      return "sending a new request after a failure, as asked (--retry-failed)";
    case "regenerate-lost":
      return "sending a new request for lost audio, as asked (--regenerate-lost)";
    case "local-lost":
      return "the local emulator forgot this request; sending it again (nothing is billed locally)";
    default:
      return "";
  }
}

/** The words a person needs after an unknown outcome: what it means, where it is, what to quote, what to do. */
export function ambiguousMessage(job: Job, record: JobRecord): string {
  const problem = record.problem;
  const why =
    record.state === "intent" || !problem
      ? "an earlier run stopped after sending it and before its answer was recorded"
      : `${problem.message}${problem.status !== undefined ? ` (HTTP ${problem.status})` : ""}`;
  // A podcast is rendered while its POST waits: a long one outlasts the request's deadline, which only a setting raises.
  const slow =
    job.kind === "podcast" && (problem?.code === "DEADLINE" || problem?.code === "UND_ERR_HEADERS_TIMEOUT")
      ? " A long podcast takes longer to render than one request may wait: raise service.requestTimeoutMs in podc.json before sending it again."
      : "";
  const traces = record.traceIds.length > 0 ? `trace ${record.traceIds[record.traceIds.length - 1]}` : "no trace id was received";
  return (
    `${originText(job.script, job.origin)}: ${jobLabel(job.kind, job.origin)}: outcome unknown — the request may have been accepted and billed, ` +
    `but no usable answer came back: ${why}; ${traces}. podc does not send it again on its own. Check the service's dashboard ` +
    `(or ask support, quoting the trace id); a song's task id seen there finishes it without paying again: podc state adopt ${job.script} ` +
    `--line ${job.origin.line} --task ID. To send it again anyway with the same Idempotency-Key, run: podc run --resubmit-ambiguous ${job.script}.${slow}`
  );
}

/** The words a person needs after a rejection or a failed task: what happened, what to quote, what a retry costs. */
export function failedMessage(job: Job, record: JobRecord): string {
  const where = `${originText(job.script, job.origin)}: ${jobLabel(job.kind, job.origin)}`;
  const problem = record.problem;
  const trace = problem?.traceId ?? record.traceIds[record.traceIds.length - 1];
  const traceText = trace ? ` (trace ${trace})` : "";
  if (record.state === "rejected") {
    const status = problem?.status !== undefined ? ` (HTTP ${problem.status})` : "";
    return `${where}: rejected by the service${status}: ${problem?.message ?? "no reason given"}${traceText}; nothing was billed. Fix the script, or run with --retry-failed`;
  }
  const ended = record.taskStatus === "succeeded" ? "ended without usable audio" : (record.taskStatus ?? "failed");
  const reason = problem?.message ?? "no reason given";
  return `${where}: task ${record.taskId ?? "?"} ${ended}: ${reason}${traceText}. A new attempt is a new paid request: run with --retry-failed to send one`;
}

/** The words a person needs when a task has ended in a way podc cannot read: what is missing, and that nothing is paid again. */
export function unreadableMessage(job: Job, taskId: string, ended: { status: string; missing: string }): string {
  return (
    `${originText(job.script, job.origin)}: ${jobLabel(job.kind, job.origin)}: task ${taskId} has ended with status "${ended.status}", ` +
    `which this podc does not know, and without ${ended.missing}: it cannot tell success from failure. Its answer is kept in the journal; ` +
    "nothing is sent again. Run again later (a query is free), or with a newer podc, or give the audio by hand (docs/run.md)"
  );
}

/**
 * What a run says when it took a take's length from the service's answer read as seconds, not the documented
 * milliseconds: the figure was a guess by plausibility, and the writer should know which one podc made.
 */
export function secondsNotice(where: string, choice: { index: number }, file: { durationMs?: number }): string {
  const ms = file.durationMs ?? 0;
  const clock = `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, "0")}`;
  return `${where}, take ${choice.index + 1}: the service gave its length as ${ms / 1000}, which in the documented milliseconds is no song: read as seconds (${clock})`;
}

/*
 * One budget of retries shared by every job of a run, so that a failing service is not hammered by
 * each job on its own schedule. Two mechanisms:
 *
 *  - a shared pause: every failed exchange (a 503 on a query, a 429 on a POST, a broken download)
 *    pushes back the moment any job may talk to the service again, by a delay that doubles with each
 *    failure in a row (from `baseMs`, capped at `maxMs`, half of it random) or by the service's own
 *    Retry-After; one success resets the doubling.
 *  - tokens, as gRPC's retry throttling has them: each failure costs one, each success gives half
 *    back; when none are left the run stops retrying and leaves the rest for the next run.
 */

export interface RetryBudgetOptions {
  /** Delay after the first failure in a row. */
  baseMs: number;
  /** Longest delay between two attempts. */
  maxMs: number;
  /** Failures the run tolerates (net of successes) before it gives up. */
  tokens: number;
  random?: () => number;
  now?: () => number;
}

export class RetryBudget {
  readonly #options: Required<RetryBudgetOptions>;
  #tokens: number;
  #failuresInARow = 0;
  #pauseUntil = 0;

  constructor(options: RetryBudgetOptions) {
    this.#options = { random: Math.random, now: Date.now, ...options };
    this.#tokens = options.tokens;
  }

  /** True once failures have used up the budget: stop retrying in this run. */
  get exhausted(): boolean {
    return this.#tokens < 1;
  }

  /** Records a successful exchange with the service. */
  success(): void {
    this.#failuresInARow = 0;
    this.#tokens = Math.min(this.#options.tokens, this.#tokens + 0.5);
  }

  /** Records a failed exchange; returns the pause every job now waits (at least `retryAfterMs` when given). */
  failure(retryAfterMs?: number): number {
    this.#failuresInARow++;
    this.#tokens -= 1;
    const { baseMs, maxMs, random, now } = this.#options;
    const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(30, this.#failuresInARow - 1));
    const backoff = Math.round(ceiling / 2 + random() * (ceiling / 2));
    const delay = retryAfterMs !== undefined ? Math.max(retryAfterMs, Math.min(backoff, baseMs)) : backoff;
    this.#pauseUntil = Math.max(this.#pauseUntil, now() + delay);
    return Math.max(0, this.#pauseUntil - now());
  }

  /** Milliseconds until the shared pause ends. */
  pauseLeftMs(): number {
    return Math.max(0, this.#pauseUntil - this.#options.now());
  }

  /** Waits out the shared pause; resolves false when `signal` aborts first. */
  async waitTurn(signal?: AbortSignal): Promise<boolean> {
    for (;;) {
      const left = this.pauseLeftMs();
      if (left <= 0) return !signal?.aborted;
      if (!(await sleep(left, signal))) return false;
    }
  }
}

/** The service client as one job's steps use it. */
export type JobClient = Pick<ServiceClient, "createSong" | "createPodcast" | "queryTask" | "download">;

/**
 * The shared client with every call telling `onEvent` about itself, so that the run's report knows which job a retry
 * belongs to. (Tracking the job through asynchronous context instead made every promise of a run pay for it.)
 */
export function jobClient(client: ServiceClient, onEvent: CallListener): JobClient {
  return {
    createSong: (body, options = {}) => client.createSong(body, { ...options, onEvent }),
    createPodcast: (body, options = {}) => client.createPodcast(body, { ...options, onEvent }),
    queryTask: (id, options = {}) => client.queryTask(id, { ...options, onEvent }),
    download: (url, destPath, options = {}) => client.download(url, destPath, { ...options, onEvent }),
  };
}
