import type { Because, JobRecord } from "../state/job-record.js";

/*
 * What a run does with a job, given what the journal knows of it: the rerun rules in one table,
 * shared by the runner, `--dry-run` and `podc status` so that what they say is what a run will do.
 *
 *   done, succeeded       finish: keep verified files, copy or download missing ones; never a new POST
 *   accepted, polling     resume: poll the song task / download the podcast link; never a new POST
 *   new, ready            send (ready: an earlier attempt provably created nothing)
 *   intent, ambiguous     report "outcome unknown" — send again only with --resubmit-ambiguous (same key)
 *   rejected, failed      report — a new request only with --retry-failed (a new key)
 *
 * With --local nothing is billed and the emulator forgets everything between runs, so an unknown
 * outcome there is simply sent again.
 */

export interface RerunChoices {
  resubmitAmbiguous: boolean;
  retryFailed: boolean;
  regenerateLost: boolean;
  local: boolean;
}

export type Step =
  | { type: "finish" }
  | { type: "resume" }
  | { type: "send"; generation: number; because: Because }
  | { type: "report"; problem: "ambiguous" | "rejected" | "failed" };

/** The next step for a job of `kind` whose journal record is `record`. */
export function nextStep(record: JobRecord, kind: "song" | "podcast", choices: RerunChoices): Step {
  switch (record.state) {
    case "done":
    case "succeeded":
      return { type: "finish" };
    case "accepted":
    case "polling":
      return kind === "podcast" ? { type: "finish" } : { type: "resume" };
    case "new":
    case "ready":
      return { type: "send", generation: record.generation, because: "first" };
    case "intent":
    case "ambiguous":
      if (choices.local) return { type: "send", generation: record.generation, because: "local-lost" };
      if (choices.resubmitAmbiguous) return { type: "send", generation: record.generation, because: "resubmit-ambiguous" };
      return { type: "report", problem: "ambiguous" };
    case "rejected":
    case "failed":
      if (choices.retryFailed) return { type: "send", generation: record.generation + 1, because: "retry-failed" };
      return { type: "report", problem: record.state };
  }
}

/** The step in a few words, for `--dry-run` and `podc status`; `local` requests (the emulator's) are free. */
export function stepText(step: Step, record: JobRecord, local = false): string {
  switch (step.type) {
    case "finish":
      return record.state === "done" ? "done: files are checked, missing ones fetched again (no new request)" : "download the audio (no new request)";
    case "resume":
      return `resume task ${record.taskId ?? "?"} (no new request)`;
    case "send":
      switch (step.because) {
        case "first":
          return local ? "send (local emulator: free)" : "send (a paid request)";
        case "resubmit-ambiguous":
          return "send again after an unknown outcome (--resubmit-ambiguous; may be billed twice)";
        case "retry-failed":
          return local ? "send a new request (--retry-failed; free locally)" : "send a new request (--retry-failed; paid)";
        case "local-lost":
          return "send again (local emulator: nothing is billed)";
        default:
          return "send";
      }
    case "report":
      return step.problem === "ambiguous"
        ? "outcome unknown: not sent again without --resubmit-ambiguous"
        : `${step.problem}: not sent again without --retry-failed`;
  }
}
