import type { AllEpisodesTotals } from "./all-episodes.js";
import type { DirectionStats, EpisodeStats, StatsRow, StatsTotals } from "./episode-stats.js";
import { formatAmount, formatMoney, moneyDecimals } from "../pricing/money.js";
import { terminalSafeAll } from "../source/terminal-text.js";
import { renderTable, type Column, type Measure } from "./table.js";

/*
 * `podc stats` for a person: per episode, a table of speakers and a table of sections and songs, then what it
 * bills. Counts have thousands separators, times are m:ss (h:mm:ss from an hour), shares are percentages; every
 * total row is the sum of the rows above it, except where a repeated request is billed once (its row says so).
 */

/** Widest a section or song title is shown: longer ones are cut with "…" so the numbers stay on screen. */
const TITLE_COLUMNS = 40;

const NO_PRICES = 'No estimated cost: podc.json has no "pricing" (the service\'s prices change, so none are built in; see docs/configuration.md).';

/** The stats of `episodes` as text; `all` (for more than one episode) adds their totals. */
export function statsText(episodes: readonly EpisodeStats[], all: AllEpisodesTotals | undefined, measure: Measure): string {
  // Titles, sections, speakers and voices are script text: made safe before they are measured into columns.
  const blocks = episodes.map((episode) => episodeText(terminalSafeAll(episode), measure));
  if (all) blocks.push(allText(all));
  if (episodes.some((e) => e.totals.cost === undefined)) blocks.push(NO_PRICES);
  return `${blocks.join("\n\n")}\n`;
}

function episodeText(episode: EpisodeStats, measure: Measure): string {
  const t = episode.totals;
  const lines = [`${episode.source}${episode.title ? ` — ${episode.title}` : ""}`, ""];
  if (episode.speakers.length > 0) {
    const speakerColumns: Column[] = [
      { header: "Speaker", align: "left", max: TITLE_COLUMNS },
      { header: "Voice", align: "left" },
      { header: "Words", align: "right" },
      { header: "Turns", align: "right" },
      { header: "Characters", align: "right" },
      { header: "≈ Time", align: "right" },
      { header: "Share", align: "right" },
    ];
    const speakerRows = episode.speakers.map((s) => [
      s.speaker,
      s.voice,
      count(s.words),
      count(s.turns),
      count(s.characters),
      duration(s.durationMs),
      percent(t.words === 0 ? 0 : s.words / t.words),
    ]);
    speakerRows.push(["Total", "", count(t.words), count(t.turns), count(t.characters), duration(t.durationMs), t.words > 0 ? "100%" : ""]);
    lines.push(...renderTable(speakerColumns, speakerRows, measure), "");
  }
  const priced = t.cost !== undefined;
  const rowColumns: Column[] = [
    { header: "Section / song", align: "left", max: TITLE_COLUMNS },
    { header: "Words", align: "right" },
    { header: "Turns", align: "right" },
    { header: "Characters", align: "right" },
    { header: "≈ Time", align: "right" },
    { header: "Requests", align: "right" },
    { header: "Billed", align: "right" },
    ...(priced ? [{ header: `Cost (${t.cost!.currency})`, align: "right" } as const] : []),
    { header: "", align: "left" },
  ];
  const decimals = Math.max(...episode.rows.map((row) => moneyDecimals(row.cost ?? 0)), moneyDecimals(t.cost?.total ?? 0));
  const amount = (value: number) => formatAmount(value, decimals);
  const rows = episode.rows.map((row) => rowCells(row, episode.rows, priced ? amount : undefined));
  rows.push([
    "Total",
    count(t.words),
    count(t.turns),
    count(t.characters),
    duration(t.durationMs),
    count(t.requests.total),
    count(t.billedUnits.total),
    ...(priced ? [amount(t.cost!.total)] : []),
    "",
  ]);
  lines.push(...renderTable(rowColumns, rows, measure), "");
  lines.push(...summaryLines(t, episode.wordsPerMinute));
  if (episode.directions) lines.push(...directionLines(episode.directions));
  return lines.join("\n");
}

/** Pauses put into the episode, and the parentheticals no voice is given, each with its line. */
function directionLines(directions: DirectionStats): string[] {
  const lines: string[] = [];
  const { pauses, notRendered } = directions;
  if (pauses.count > 0)
    lines.push(`Pauses: ${count(pauses.count)}, ${(pauses.ms / 1000).toLocaleString("en-US", { maximumFractionDigits: 1 })} s of silence in the episode`);
  if (notRendered.length > 0) {
    const shown = notRendered.map((d) => `(${d.text}) line ${count(d.line)}`);
    lines.push(`Not rendered (directions for the reader, no voice is given them): ${shown.join(", ")}`);
  }
  return lines;
}

function rowCells(row: StatsRow, rows: readonly StatsRow[], amount: ((value: number) => string) | undefined): string[] {
  const cost = amount ? [amount(row.cost ?? 0)] : [];
  if (row.kind === "section") {
    const title = `${"  ".repeat(Math.max(0, row.depth - 1))}${row.title ?? "(opening)"}`;
    return [
      title,
      count(row.words),
      count(row.turns),
      count(row.characters),
      duration(row.durationMs),
      count(row.requests),
      count(row.billedUnits),
      ...cost,
      "",
    ];
  }
  const depth = sectionDepthAt(rows, row.line);
  const takes = `${row.takes} take${row.takes === 1 ? "" : "s"}${row.pick !== 1 ? `, pick ${row.pick}` : ""}`;
  const note = row.repeatOf !== undefined ? `repeats line ${row.repeatOf}: billed once` : takes;
  // Under its section: one step in from a top-level section (or the opening, which is shown as one).
  return [`${"  ".repeat(Math.max(1, depth))}♪ ${row.title}`, "", "", "", "", count(row.requests), count(row.billedUnits), ...cost, note];
}

/** The depth of the section a song at `line` is in (0 in the opening). */
function sectionDepthAt(rows: readonly StatsRow[], line: number): number {
  let depth = 0;
  for (const row of rows) {
    if (row.line > line) break;
    if (row.kind === "section") depth = row.depth;
  }
  return depth;
}

function summaryLines(t: StatsTotals, wordsPerMinute: number): string[] {
  const songs = t.requests.song;
  const spoken = `Spoken: ≈ ${duration(t.durationMs)} at ${count(wordsPerMinute)} words a minute${songs > 0 ? " (songs not included: their length is the service's)" : ""}`;
  const units = [
    t.billedUnits.podcast > 0 ? plural(t.billedUnits.podcast, "podcast request") : "",
    t.billedUnits.song > 0 ? plural(t.billedUnits.song, "song take") : "",
  ].filter((s) => s !== "");
  const requests = `Requests: ${count(t.requests.podcast)} podcast, ${count(t.requests.song)} song · billed units: ${count(t.billedUnits.total)}${units.length > 0 ? ` (${units.join(" + ")})` : ""}`;
  const lines = [spoken, requests];
  if (t.cost) {
    lines.push(
      `Estimated cost: ${formatMoney(t.cost.total, t.cost.currency)} (podcasts ${formatMoney(t.cost.podcasts, t.cost.currency)}, songs ${formatMoney(t.cost.songs, t.cost.currency)})`,
    );
  }
  return lines;
}

function allText(all: AllEpisodesTotals): string {
  const parts = [
    `${count(all.words)} words`,
    `≈ ${duration(all.durationMs)} spoken`,
    plural(all.requests.total, "request"),
    `${count(all.billedUnits.total)} billed unit${all.billedUnits.total === 1 ? "" : "s"}`,
  ];
  if (all.cost) parts.push(`estimated ${formatMoney(all.cost.total, all.cost.currency)}`);
  const lines = [`All ${all.episodes} episodes: ${parts.join(", ")}`];
  if (all.sharedRequests > 0) lines.push(`(${plural(all.sharedRequests, "use")} of a request another episode also makes: sent and billed once)`);
  return lines.join("\n");
}

function count(n: number): string {
  return n.toLocaleString("en-US");
}

function plural(n: number, word: string): string {
  return `${count(n)} ${word}${n === 1 ? "" : "s"}`;
}

/**
 * 0.25 → "25%", 0.3333 → "33.3%": one decimal, dropped when it is zero. A speaker's share of words is their share
 * of time too (one speaking rate per episode), and is taken from the counts, not from the JSON's rounded shares.
 */
function percent(share: number): string {
  const value = Math.round(share * 1000) / 10;
  return `${value.toLocaleString("en-US", { maximumFractionDigits: 1 })}%`;
}

/** Milliseconds as m:ss, or h:mm:ss from an hour, rounded to the second. */
function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}
