import type { Pricing } from "../config/schema.js";
import { addToBill, type Bill, emptyBill, totalCost, totalUnits } from "../pricing/billing.js";
import { exceeds, formatMoney } from "../pricing/money.js";
import type { Because, JobRecord } from "../state/job-record.js";
import type { Job } from "./job.js";

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

/** What the person asked a run to send again (--resubmit-ambiguous, --retry-failed, --regenerate-lost). */
export interface RunChoices {
  resubmitAmbiguous: boolean;
  retryFailed: boolean;
  regenerateLost: boolean;
}

/** The rules' choices: the person's, and whether the run is against the local emulator. */
export type RerunChoices = RunChoices & { local: boolean };

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

/*
 * What a run would newly pay for: the jobs the rerun rules send (new ones, and those the choices send again), never
 * those done, running, or waiting for a decision. `--dry-run` shows it and a spending cap (`--max-cost`,
 * `service.maxCost`) is checked against it before anything is sent — both through `nextStep`, the decision the
 * runner itself takes, so neither can count what is new differently from what the run then does.
 */

/** The distinct jobs a run would send, and their bill. */
export function newSpending(jobs: Iterable<Job>, recordOf: (key: string) => JobRecord, choices: RerunChoices, pricing: Pricing | undefined): Bill {
  const bill = emptyBill(pricing !== undefined);
  const counted = new Set<string>();
  for (const job of jobs) {
    if (counted.has(job.key)) continue;
    counted.add(job.key);
    if (nextStep(recordOf(job.key), job.kind, choices).type === "send") addToBill(bill, job, pricing);
  }
  return bill;
}

/** "2 requests, 3 billed units, estimated 0.11 EUR": what a bill of new requests comes to, for a person. */
export function spendingText(spending: Bill, currency: string): string {
  const requests = spending.requests.podcast + spending.requests.song;
  const units = totalUnits(spending);
  const cost = totalCost(spending);
  return `${requests} request${requests === 1 ? "" : "s"}, ${units} billed unit${units === 1 ? "" : "s"}${cost === undefined ? "" : `, estimated ${formatMoney(cost, currency)}`}`;
}

/** A cap on a run's new spending, in `pricing.currency`. */
export interface SpendingCap {
  maxCost: number;
  pricing: Pricing;
  /** Where the cap comes from, for the message: `--max-cost` or `service.maxCost`. */
  from: string;
}

/** Why a run must not start: what is wrong, and what to do about it. */
export interface CapRefusal {
  reason: string;
  advice: string;
}

/** Why a run must not start under `cap` (its new spending is over it), or undefined when it may. */
export function capRefusal(spending: Bill, cap: SpendingCap): CapRefusal | undefined {
  const estimate = totalCost(spending) ?? 0;
  if (!exceeds(estimate, cap.maxCost)) return undefined;
  const currency = cap.pricing.currency;
  const requests = spending.requests.podcast + spending.requests.song;
  const units = totalUnits(spending);
  return {
    reason:
      `the estimated cost of the requests this run would send, ${formatMoney(estimate, currency)} (${requests} request${requests === 1 ? "" : "s"}, ` +
      `${units} billed unit${units === 1 ? "" : "s"}), is over the cap of ${formatMoney(cap.maxCost, currency)} (${cap.from})`,
    advice: `to go ahead, raise the cap (--max-cost ${raisedCap(estimate)}, or service.maxCost in podc.json); podc stats shows what each section and song costs`,
  };
}

/** The refusal when a cap is set and no prices are: a cap cannot be checked without them. */
export function capWithoutPrices(from: string): CapRefusal {
  return {
    reason: `a spending cap is set (${from}) but podc.json has no "pricing", so the cost of the run cannot be estimated`,
    advice: "add the service's prices to podc.json (see docs/configuration.md), or remove the cap",
  };
}

// The smallest cap in cents that lets this estimate through, as a number a person can type.
function raisedCap(estimate: number): string {
  return (Math.ceil(estimate * 100 - 1e-9) / 100).toFixed(2);
}
