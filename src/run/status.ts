import type { Pricing } from "../config/schema.js";
import { displayPath } from "../files/display-path.js";
import type { Origin } from "../lower/plan.js";
import { billedUnits, lyricsCharacters, requestCost, spokenCharacters, totalCost, totalUnits } from "../pricing/billing.js";
import { formatAmount, formatMoney, moneyDecimals, roundMoney } from "../pricing/money.js";
import { emptyRecord, type JobRecord, type JobState } from "../state/job-record.js";
import { type Episode, isLocalKeyBase, type Job, jobLabel } from "./job.js";
import { capRefusal, capWithoutPrices, newSpending, nextStep, type RerunChoices, stepText } from "./rerun-rules.js";

/*
 * `podc status`: the journal's view of every job — where it stands, its task and trace id, its files,
 * what went wrong, and what the next `podc run` will do with it. Read-only: it takes no lock and can
 * run beside a `podc run`.
 */

export interface StatusRow {
  job: string;
  kind?: "song" | "podcast";
  script?: string;
  origin?: Origin;
  /** The service the job was made for (`local:` for --local). */
  base?: string;
  state: JobState;
  taskId?: string;
  taskStatus?: string;
  model?: string;
  /** The latest trace id. */
  traceId?: string;
  files: string[];
  /** Files whose length is the service's figure read as seconds, not the documented milliseconds (a guess podc says). */
  lengthInSeconds?: string[];
  problem?: string;
  /** Paid POSTs begun for the job over all runs. */
  requestsSent: number;
  updatedAt?: string;
  next: string;
}

/** Every job the journal knows, ordered by script and line. */
export function journalStatus(records: Map<string, JobRecord>): StatusRow[] {
  return [...records.values()]
    .map((record) => rowOf(record, record.kind, record.script, record.origin))
    .sort((a, b) => (a.script ?? "").localeCompare(b.script ?? "") || (a.origin?.line ?? 0) - (b.origin?.line ?? 0));
}

/** The jobs of some episodes, in script order, as the journal knows them ("new" when it does not). */
export function episodeStatus(episodes: readonly Episode[], records: Map<string, JobRecord>): StatusRow[] {
  const rows: StatusRow[] = [];
  const seen = new Set<string>();
  for (const episode of episodes) {
    for (const entry of episode.entries) {
      if (seen.has(entry.job.key)) continue;
      seen.add(entry.job.key);
      const record = records.get(entry.job.key) ?? emptyRecord(entry.job.key);
      rows.push(rowOf(record, entry.job.kind, episode.source, entry.origins[0]));
    }
  }
  return rows;
}

function rowOf(record: JobRecord, kind: "song" | "podcast" | undefined, script: string | undefined, origin: Origin | undefined): StatusRow {
  const row: StatusRow = {
    job: record.key,
    state: record.state,
    files: [...new Set(record.files.map((f) => f.file))],
    requestsSent: record.intents,
    next: kind
      ? stepText(
          nextStep(record, kind, { resubmitAmbiguous: false, retryFailed: false, regenerateLost: false, local: isLocalKeyBase(record.base) }),
          record,
          isLocalKeyBase(record.base),
        )
      : "",
  };
  const inSeconds = [...new Set(record.files.filter((f) => f.durationUnit === "s").map((f) => f.file))];
  if (inSeconds.length > 0) row.lengthInSeconds = inSeconds;
  if (kind) row.kind = kind;
  if (script !== undefined) row.script = script;
  if (origin) row.origin = origin;
  if (record.base !== undefined) row.base = record.base;
  if (record.taskId !== undefined) row.taskId = record.taskId;
  if (record.taskStatus !== undefined) row.taskStatus = record.taskStatus;
  if (record.model !== undefined) row.model = record.model;
  const trace = record.problem?.traceId ?? record.traceIds[record.traceIds.length - 1];
  if (trace) row.traceId = trace;
  if (record.problem && record.state !== "done") row.problem = record.problem.message;
  if (record.lost) row.problem = `audio lost: ${record.problem?.message ?? "the link no longer works"}`;
  if (record.updatedAt !== undefined) row.updatedAt = record.updatedAt;
  return row;
}

/** The rows as text for a person, one block per job. */
export function statusText(rows: readonly StatusRow[]): string {
  if (rows.length === 0) return "The journal knows no jobs yet: nothing has been sent from this repository.\n";
  const lines: string[] = [];
  for (const row of rows) {
    const where = row.script && row.origin ? `${row.script}:${row.origin.line}` : "(unknown script)";
    const what = row.kind && row.origin ? jobLabel(row.kind, row.origin) : "request";
    const task = row.taskId ? `  task ${row.taskId}${row.taskStatus ? ` (${row.taskStatus})` : ""}` : "";
    lines.push(`${row.state.padEnd(10)} ${where}  ${what}${task}`);
    const details: string[] = [];
    if (row.traceId) details.push(`trace ${row.traceId}`);
    if (row.model) details.push(`model ${row.model}`);
    if (row.requestsSent > 1) details.push(`${row.requestsSent} requests sent`);
    if (isLocalKeyBase(row.base)) details.push("local emulator");
    if (row.updatedAt) details.push(`updated ${row.updatedAt}`);
    details.push(`job ${row.job.slice(0, 12)}`);
    lines.push(`           ${details.join(" · ")}`);
    if (row.problem) lines.push(`           problem: ${row.problem}`);
    for (const file of row.files)
      lines.push(`           file: ${file}${row.lengthInSeconds?.includes(file) ? " (its length: the service's figure, read as seconds)" : ""}`);
    if (row.next) lines.push(`           next run: ${row.next}`);
  }
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.state, (counts.get(row.state) ?? 0) + 1);
  lines.push(`${rows.length} job${rows.length === 1 ? "" : "s"}: ${[...counts].map(([state, n]) => `${n} ${state}`).join(", ")}`);
  return `${lines.join("\n")}\n`;
}

/*
 * `podc run --dry-run`: the plan and what a run would do with each request — counts of podcast and
 * song requests and their characters, the units the service bills for each, what the journal says is
 * already done or waiting, and what the requests it would send are estimated to cost (with `pricing`) —
 * without sending anything or taking the lock. Without a known service the journal cannot be consulted (job
 * keys include the service), and the report says so.
 */

export interface DryRunRequest {
  order: number;
  kind: "song" | "podcast";
  /** The job key (run/job.ts): what the journal and the shared store know the request by. */
  job: string;
  origins: Origin[];
  /** Podcast: spoken text; song: lyrics. In Unicode code points. */
  characters: number;
  /** Units the service bills for it: a song's takes, or 1. */
  billedUnits: number;
  /** Its estimated cost, when the project has prices. */
  cost?: number;
  state: JobState;
  action: string;
  /** What a run does with it first: send it (a paid POST), or report it, or carry on with what was sent before. */
  step: "send" | "report" | "continue";
}

export interface DryRunEpisode {
  source: string;
  episode: string;
  title?: string;
  outDir: string;
  requests: DryRunRequest[];
}

export interface DryRunReport {
  /** False when no service is configured: every request then shows as new. */
  journalConsulted: boolean;
  /** True for --local: the built-in emulator, where nothing is billed. */
  local: boolean;
  /** What would stop a real run before it sends anything (no service address, no key). */
  wouldStop: string[];
  episodes: DryRunEpisode[];
  totals: {
    podcasts: number;
    songs: number;
    podcastCharacters: number;
    lyricsCharacters: number;
    billedUnits: number;
    toSend: number;
    done: number;
    waitingForYou: number;
  };
  /** What the requests it would send are billed: units and, with prices, the estimated cost (0 with --local). */
  newSpending: { requests: number; billedUnits: number; cost?: number; currency?: string };
}

/** Prices and the run's cap, when the project has them. */
export interface DryRunMoney {
  pricing?: Pricing;
  /** The cap a real run would check; `pricing` absent with a cap set is a run that would stop. */
  cap?: { maxCost: number; from: string };
}

/** What a run of `episodes` would do, given the journal's records (`undefined` when they cannot be known). */
export function dryRun(
  episodes: readonly Episode[],
  records: Map<string, JobRecord> | undefined,
  choices: RerunChoices,
  wouldStop: readonly string[] = [],
  money: DryRunMoney = {},
): DryRunReport {
  const totals = { podcasts: 0, songs: 0, podcastCharacters: 0, lyricsCharacters: 0, billedUnits: 0, toSend: 0, done: 0, waitingForYou: 0 };
  const counted = new Set<string>();
  const { pricing } = money;
  const recordOf = (key: string) => records?.get(key) ?? emptyRecord(key);
  const jobs = episodes.flatMap((episode) => episode.entries.map((entry): Job => entry.job));
  const bill = newSpending(jobs, recordOf, choices, choices.local ? undefined : pricing);
  const spending: DryRunReport["newSpending"] = { requests: bill.requests.podcast + bill.requests.song, billedUnits: totalUnits(bill) };
  if (choices.local) spending.cost = 0;
  else if (pricing) Object.assign(spending, { cost: roundMoney(totalCost(bill)!), currency: pricing.currency });
  const stops = [...wouldStop];
  if (money.cap && !choices.local) {
    const refusal = pricing ? capRefusal(bill, { ...money.cap, pricing }) : capWithoutPrices(money.cap.from);
    if (refusal !== undefined) stops.push(`${refusal.reason}; ${refusal.advice}`);
  }
  const report: DryRunReport = { journalConsulted: records !== undefined, local: choices.local, wouldStop: stops, episodes: [], totals, newSpending: spending };
  for (const episode of episodes) {
    const view: DryRunEpisode = { source: episode.source, episode: episode.name, outDir: episode.outDir, requests: [] };
    if (episode.title !== undefined) view.title = episode.title;
    for (const entry of episode.entries) {
      const { job } = entry;
      const record = recordOf(job.key);
      const step = nextStep(record, job.kind, choices);
      const characters = job.kind === "podcast" ? spokenCharacters(job.body) : lyricsCharacters(job.body);
      const units = billedUnits(job);
      view.requests.push({
        order: entry.order,
        kind: job.kind,
        job: job.key,
        origins: entry.origins,
        characters,
        billedUnits: units,
        ...(pricing ? { cost: roundMoney(requestCost(job, pricing)) } : {}),
        state: record.state,
        action: stepText(step, record, choices.local),
        step: step.type === "send" ? "send" : step.type === "report" ? "report" : "continue",
      });
      if (counted.has(job.key)) continue;
      counted.add(job.key);
      totals.billedUnits += units;
      if (job.kind === "podcast") {
        totals.podcasts++;
        totals.podcastCharacters += characters;
      } else {
        totals.songs++;
        totals.lyricsCharacters += characters;
      }
      if (step.type === "send") totals.toSend++;
      else if (step.type === "report") totals.waitingForYou++;
      else if (record.state === "done") totals.done++;
    }
    report.episodes.push(view);
  }
  return report;
}

/** The report as text for a person. */
export function dryRunText(report: DryRunReport, cwd: string): string {
  const lines: string[] = [];
  const currency = report.newSpending.currency;
  const billedWidth = currency ? 24 : 8;
  // One number of decimals for every cost, so that the column reads as one.
  const decimals = Math.max(2, ...report.episodes.flatMap((e) => e.requests.map((r) => moneyDecimals(r.cost ?? 0))));
  for (const episode of report.episodes) {
    lines.push(`${episode.source} → ${displayPath(episode.outDir, cwd)}/${episode.title ? ` (${episode.title})` : ""}`);
    for (const r of episode.requests) {
      const origin = r.origins[0]!;
      const where = `${jobLabel(r.kind, origin)}, line ${r.origins.map((o) => o.line).join(", ")}`;
      const size = `${r.characters} ${r.kind === "song" ? "characters of lyrics" : "characters"}`;
      const billed = `${r.kind === "song" ? `${r.billedUnits} take${r.billedUnits === 1 ? "" : "s"}` : "1 unit"}${r.cost !== undefined && currency ? ` ≈ ${formatAmount(r.cost, decimals)} ${currency}` : ""}`;
      lines.push(`  ${String(r.order).padStart(2, "0")}  ${where.padEnd(40)} ${size.padEnd(26)} ${billed.padEnd(billedWidth)} ${r.action}`);
    }
  }
  const t = report.totals;
  lines.push(
    `${t.podcasts + t.songs} requests: ${t.podcasts} podcast (${t.podcastCharacters} characters), ${t.songs} song (${t.lyricsCharacters} characters of lyrics); ${t.billedUnits} billed units`,
  );
  const requests = (n: number, what: string) => `${n} ${what}request${n === 1 ? "" : "s"}`;
  if (!report.journalConsulted) {
    lines.push("no service is configured (PODC_BASE_URL or service.baseUrl), so the journal was not consulted: every request shows as new");
  } else if (report.local) {
    lines.push(`would send ${requests(t.toSend, "")} to the built-in emulator — free: nothing is billed; already done: ${t.done}`);
  } else {
    lines.push(`would send ${requests(t.toSend, "paid ")}; already done: ${t.done}; waiting for your decision: ${t.waitingForYou}`);
  }
  lines.push(spendingText(report));
  for (const problem of report.wouldStop) lines.push(`a real run would stop before sending anything: ${problem}`);
  lines.push("Nothing was sent (dry run).");
  return `${lines.join("\n")}\n`;
}

/** The line on what the requests a run would send are billed, and cost. */
function spendingText(report: DryRunReport): string {
  const { billedUnits: units, cost, currency } = report.newSpending;
  const unitsText = `${units} billed unit${units === 1 ? "" : "s"}`;
  if (report.local) return `new spending: none — the built-in emulator is free (against the service: ${unitsText})`;
  const scope = report.journalConsulted ? "what would be sent" : "every request, if all are new";
  if (cost === undefined || currency === undefined) return `new spending (${scope}): ${unitsText}; no estimated cost without "pricing" in podc.json`;
  return `new spending (${scope}): ${unitsText}, estimated ${formatMoney(cost, currency)}`;
}
