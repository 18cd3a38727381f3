import type { Origin } from "../lower/plan.js";
import { emptyRecord, type JobRecord, type JobState } from "./job-record.js";
import { jobLabel, type Episode } from "./job.js";
import { nextStep, stepText, type RerunChoices } from "./rerun-rules.js";
import { shownPath } from "./progress/describe.js";

/*
 * `podc run --dry-run`: the plan and what a run would do with each request — counts of podcast and
 * song requests and their characters, what the journal says is already done or waiting — without
 * sending anything or taking the lock. Without a known service the journal cannot be consulted (job
 * keys include the service), and the report says so.
 */

export interface DryRunRequest {
  order: number;
  kind: "song" | "podcast";
  origins: Origin[];
  /** Podcast: spoken text; song: lyrics. In Unicode code points. */
  characters: number;
  state: JobState;
  action: string;
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
  totals: { podcasts: number; songs: number; podcastCharacters: number; lyricsCharacters: number; toSend: number; done: number; waitingForYou: number };
}

/** What a run of `episodes` would do, given the journal's records (`undefined` when they cannot be known). */
export function dryRun(
  episodes: readonly Episode[],
  records: Map<string, JobRecord> | undefined,
  choices: RerunChoices,
  wouldStop: readonly string[] = [],
): DryRunReport {
  const totals = { podcasts: 0, songs: 0, podcastCharacters: 0, lyricsCharacters: 0, toSend: 0, done: 0, waitingForYou: 0 };
  const counted = new Set<string>();
  const report: DryRunReport = { journalConsulted: records !== undefined, local: choices.local, wouldStop: [...wouldStop], episodes: [], totals };
  for (const episode of episodes) {
    const view: DryRunEpisode = { source: episode.source, episode: episode.name, outDir: episode.outDir, requests: [] };
    if (episode.title !== undefined) view.title = episode.title;
    for (const entry of episode.entries) {
      const { job } = entry;
      const record = records?.get(job.key) ?? emptyRecord(job.key);
      const step = nextStep(record, job.kind, choices);
      const characters =
        job.kind === "podcast" ? job.body.conversations.reduce((n, turn) => n + [...turn.text].length, 0) : [...job.body.lyrics].length;
      view.requests.push({ order: entry.order, kind: job.kind, origins: entry.origins, characters, state: record.state, action: stepText(step, record, choices.local) });
      if (counted.has(job.key)) continue;
      counted.add(job.key);
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
  for (const episode of report.episodes) {
    lines.push(`${episode.source} → ${shownPath(episode.outDir, cwd)}/${episode.title ? ` (${episode.title})` : ""}`);
    for (const r of episode.requests) {
      const origin = r.origins[0]!;
      const where = `${jobLabel(r.kind, origin)}, line ${r.origins.map((o) => o.line).join(", ")}`;
      const size = `${r.characters} ${r.kind === "song" ? "characters of lyrics" : "characters"}`;
      lines.push(`  ${String(r.order).padStart(2, "0")}  ${where.padEnd(40)} ${size.padEnd(26)} ${r.action}`);
    }
  }
  const t = report.totals;
  lines.push(
    `${t.podcasts + t.songs} requests: ${t.podcasts} podcast (${t.podcastCharacters} characters), ${t.songs} song (${t.lyricsCharacters} characters of lyrics)`,
  );
  const requests = (n: number, what: string) => `${n} ${what}request${n === 1 ? "" : "s"}`;
  if (!report.journalConsulted) {
    lines.push("no service is configured (PODC_BASE_URL or service.baseUrl), so the journal was not consulted: every request shows as new");
  } else if (report.local) {
    lines.push(`would send ${requests(t.toSend, "")} to the built-in emulator — free: nothing is billed; already done: ${t.done}`);
  } else {
    lines.push(`would send ${requests(t.toSend, "paid ")}; already done: ${t.done}; waiting for your decision: ${t.waitingForYou}`);
  }
  for (const problem of report.wouldStop) lines.push(`a real run would stop before sending anything: ${problem}`);
  lines.push("Nothing was sent (dry run).");
  return `${lines.join("\n")}\n`;
}
