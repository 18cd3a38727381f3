import type { Failure } from "../service/outcome.js";
import type { JobRef } from "./events.js";
import type { Because, JobRecord } from "../state/job-record.js";
import { type Job, jobLabel, originText } from "./job.js";

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
