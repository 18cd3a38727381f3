import type { Pricing } from "../config/schema.js";
import { addToBill, type Bill, emptyBill, totalCost, totalUnits } from "../pricing/billing.js";
import { exceeds, formatMoney } from "../pricing/money.js";
import type { JobRecord } from "../state/job-record.js";
import type { Job } from "./job.js";
import { nextStep, type RerunChoices } from "./rerun-rules.js";

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
