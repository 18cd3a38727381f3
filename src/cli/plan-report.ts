import type { DryRunReport, DryRunRequest } from "../run/index.js";
import { formatMoney } from "../pricing/money.js";

/*
 * What `podc plan` says a branch will send: each episode's requests sorted into new (nothing of the kind stood there
 * in the base revision), changed (a request of the same section or song was there, different), reused (the state
 * store has it: nothing sent) and waiting (podc run reports it and sends nothing until told), with what the requests
 * to send are billed. The requests to send are exactly the paid POSTs the next `podc run` makes: they are the dry
 * run's, read from the same rules (run/rerun-rules.ts).
 */

export type PlanCategory = "new" | "changed" | "reused" | "waiting";

export interface PlanRequest {
  order: number;
  kind: "song" | "podcast";
  /** Where it stands in the script: `song "Intro"`, or the section (or `opening`) of a podcast request, with its line. */
  place: string;
  line: number;
  category: PlanCategory;
  billedUnits: number;
  cost?: number;
  action: string;
}

export interface PlanEpisode {
  source: string;
  requests: PlanRequest[];
  counts: Record<PlanCategory, number>;
  /** What the requests to send (new and changed) are billed. */
  billedUnits: number;
  cost?: number;
}

export interface PlanView {
  /** The base revision compared with, when one was given. */
  base?: string;
  /** False when the service is not known here: the store cannot be read, and every request counts as to send. */
  storeConsulted: boolean;
  currency?: string;
  episodes: PlanEpisode[];
  totals: { counts: Record<PlanCategory, number>; billedUnits: number; cost?: number };
}

/** What stood in the base revision: each episode's job keys and the places of its requests (undefined: no base). */
export type BasePlaces = Map<string, { jobs: Set<string>; places: Set<string> }>;

const zero = (): Record<PlanCategory, number> => ({ new: 0, changed: 0, reused: 0, waiting: 0 });

/** The plan from a dry run of the branch's scripts and, with a base, what its revision held. */
export function planView(report: DryRunReport, base: { ref: string; episodes: BasePlaces } | undefined): PlanView {
  const view: PlanView = { storeConsulted: report.journalConsulted, episodes: [], totals: { counts: zero(), billedUnits: 0 } };
  if (base) view.base = base.ref;
  if (report.newSpending.currency !== undefined) {
    view.currency = report.newSpending.currency;
    view.totals.cost = 0;
  }
  // A request the script repeats is sent once: counted at its first place.
  const seen = new Set<string>();
  for (const episode of report.episodes) {
    const was = base?.episodes.get(episode.source);
    const out: PlanEpisode = { source: episode.source, requests: [], counts: zero(), billedUnits: 0 };
    if (view.currency !== undefined) out.cost = 0;
    for (const request of episode.requests) {
      if (seen.has(request.job)) continue;
      seen.add(request.job);
      const place = placeOf(request);
      const category: PlanCategory =
        request.step === "report"
          ? "waiting"
          : request.step === "continue"
            ? "reused"
            : was !== undefined && was.places.has(place) && !was.jobs.has(request.job)
              ? "changed"
              : "new";
      const row: PlanRequest = {
        order: request.order,
        kind: request.kind,
        place,
        line: request.origins[0]!.line,
        category,
        billedUnits: request.billedUnits,
        action: request.action,
      };
      if (request.cost !== undefined) row.cost = request.cost;
      out.requests.push(row);
      out.counts[category]++;
      view.totals.counts[category]++;
      if (category === "new" || category === "changed") {
        out.billedUnits += request.billedUnits;
        view.totals.billedUnits += request.billedUnits;
        if (out.cost !== undefined && request.cost !== undefined) out.cost += request.cost;
      }
    }
    if (out.cost !== undefined) view.totals.cost! += out.cost;
    view.episodes.push(out);
  }
  return view;
}

/** The place of a request in its script, as a plan names it and compares it with the base: kind and section or song. */
export function placeOf(request: Pick<DryRunRequest, "kind" | "origins">): string {
  const origin = request.origins[0]!;
  if (request.kind === "song") return `song "${origin.song ?? ""}"`;
  return origin.section === undefined ? "opening" : `"${origin.section}"`;
}

/** The plan for a terminal: one line per episode, the requests to send under it, and the totals. */
export function planText(view: PlanView): string {
  const lines: string[] = [];
  for (const episode of view.episodes) {
    lines.push(`${episode.source}: ${summary(episode.counts)}; ${billed(episode.billedUnits, episode.cost, view.currency)}`);
    for (const r of episode.requests)
      if (r.category === "new" || r.category === "changed" || r.category === "waiting")
        lines.push(`  ${r.category.padEnd(7)} ${r.place}, line ${r.line}: ${r.action}`);
  }
  lines.push(
    `${view.episodes.length} episode${view.episodes.length === 1 ? "" : "s"}: ${summary(view.totals.counts)}; ${billed(view.totals.billedUnits, view.totals.cost, view.currency)}`,
  );
  if (!view.storeConsulted) lines.push("The service is not set here (PODC_BASE_URL): the state store was not read, so every request counts as to send.");
  return `${lines.join("\n")}\n`;
}

/** The plan as Markdown, for a CI job's summary or a pull request's comment. */
export function planMarkdown(view: PlanView): string {
  const money = view.currency !== undefined;
  const lines = [
    `### podc plan${view.base !== undefined ? ` against \`${view.base}\`` : ""}`,
    "",
    `| episode | new | changed | reused | waiting | billed units |${money ? ` estimated cost (${view.currency}) |` : ""}`,
    `| --- | ---: | ---: | ---: | ---: | ---: |${money ? " ---: |" : ""}`,
  ];
  const row = (name: string, c: Record<PlanCategory, number>, units: number, cost: number | undefined) =>
    `| ${name} | ${c.new} | ${c.changed} | ${c.reused} | ${c.waiting} | ${units} |${money ? ` ${formatMoney(cost ?? 0, view.currency!)} |` : ""}`;
  for (const e of view.episodes) lines.push(row(`\`${e.source}\``, e.counts, e.billedUnits, e.cost));
  lines.push(row("**total**", view.totals.counts, view.totals.billedUnits, view.totals.cost));
  if (!view.storeConsulted)
    lines.push("", "_The service is not set here (`PODC_BASE_URL`): the state store was not read, so every request counts as to send._");
  return `${lines.join("\n")}\n`;
}

function summary(c: Record<PlanCategory, number>): string {
  return `${c.new} new, ${c.changed} changed, ${c.reused} reused${c.waiting > 0 ? `, ${c.waiting} waiting for you` : ""}`;
}

function billed(units: number, cost: number | undefined, currency: string | undefined): string {
  return `${units} billed unit${units === 1 ? "" : "s"} to send${cost !== undefined && currency !== undefined ? `, ≈ ${formatMoney(cost, currency)}` : ""}`;
}
