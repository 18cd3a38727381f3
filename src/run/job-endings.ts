import { authAdvice, describeOutcome } from "../service/outcome.js";
import type { ChoiceResult } from "./downloads.js";
import type { ProblemKind } from "./events.js";
import type { SubmitResult } from "./submit.js";

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

function traceOf(traceId: string | undefined): { traceId?: string } {
  return traceId !== undefined ? { traceId } : {};
}
