import { speechDirections } from "../ast/directions.js";
import { directionTagMap } from "../ast/speech.js";
import type { BodyElement } from "../ast/nodes.js";
import type { Config, Pricing } from "../config/schema.js";
import type { Plan, PlannedPodcast, PlannedRequest } from "../lower/plan.js";
import { wordCount, wordsMs } from "../lower/spoken-length.js";
import { codePointLength } from "../source/text.js";
import { addToBill, billedUnits, emptyBill, lyricsCharacters, requestCost, totalCost, totalUnits, type Bill } from "../pricing/billing.js";
import { roundMoney } from "../pricing/money.js";

/*
 * `podc stats`: what a script says and what it costs, before anything is sent. Everything is counted on the request
 * plan, as it would be sent — turns after merging and splitting, characters of the text as sent — so the figures
 * are the ones the service sees. The tree only supplies the section headings, so that a section without speech
 * still shows, and two sections with one title stay two rows. A section runs from its heading to the next heading,
 * whatever their depths (as the editor's hints count it). A request repeated in one episode (a jingle used twice) is
 * sent and billed once: its later uses count their words and time, not their bill.
 */

/** The shape of `podc stats --json`, documented in docs/stats.md. Bump it when a field changes meaning or goes. */
export const STATS_VERSION = 1;

export interface SpeakerStats {
  /** The cast label. */
  speaker: string;
  voice: string;
  words: number;
  turns: number;
  /** Characters of the spoken text, in Unicode code points. */
  characters: number;
  durationMs: number;
  /** This speaker's part of the episode's words, and of its spoken time, from 0 to 1. */
  wordShare: number;
  timeShare: number;
}

interface RowBill {
  requests: number;
  billedUnits: number;
  /** Present when the project has prices. */
  cost?: number;
}

/** Speech under one section heading (or before the first one: the opening, which has no title and depth 0). */
export interface SectionRow extends RowBill {
  kind: "section";
  title?: string;
  line: number;
  depth: number;
  words: number;
  turns: number;
  characters: number;
  durationMs: number;
}

export interface SongRow extends RowBill {
  kind: "song";
  title: string;
  line: number;
  /** The section the song is in; absent in the opening. */
  section?: string;
  takes: number;
  pick: number;
  lyricsCharacters: number;
  /** The line of the same song earlier in the episode, when this is a repeat: it is not billed again. */
  repeatOf?: number;
}

export type StatsRow = SectionRow | SongRow;

export interface StatsTotals {
  words: number;
  turns: number;
  characters: number;
  lyricsCharacters: number;
  durationMs: number;
  requests: { podcast: number; song: number; total: number };
  billedUnits: { podcast: number; song: number; total: number };
  cost?: { currency: string; podcasts: number; songs: number; total: number };
}

export interface EpisodeStats {
  source: string;
  title?: string;
  wordsPerMinute: number;
  speakers: SpeakerStats[];
  /** Sections and songs in script order. */
  rows: StatsRow[];
  totals: StatsTotals;
  /** The speeches' parentheticals, when there are any: pauses are put into the episode, the others are not rendered. */
  directions?: DirectionStats;
}

/** What becomes of the parentheticals of an episode's speeches. */
export interface DirectionStats {
  /** `(beat)`, `(pause)`, `(pause 2s)`: silence in the episode. */
  pauses: { count: number; ms: number };
  /** Parentheticals sent as the voices' own tag (speech.directionTags in podc.json). */
  tagged: number;
  /** Every other parenthetical, in script order: a direction no voice is given. */
  notRendered: { line: number; speaker: string; text: string }[];
}

/** An episode's stats from its plan and the body's section headings (any other element is ignored). */
export function episodeStats(plan: Plan, body: readonly BodyElement[], config: Pick<Config, "speech" | "pricing">): EpisodeStats {
  const wpm = config.speech.wordsPerMinute;
  const pricing = config.pricing;
  const headings: SectionRow[] = [];
  for (const element of body) {
    if (element.type === "Section") headings.push(sectionRow(element.title.text, element.span.start.line, element.depth, pricing));
  }
  let opening: SectionRow | undefined;
  // Requests come in script order, so the section of each is found by walking the headings once.
  let next = 0;
  const sectionAt = (line: number): SectionRow => {
    while (next < headings.length && headings[next]!.line <= line) next++;
    return next > 0 ? headings[next - 1]! : (opening ??= sectionRow(undefined, line, 0, pricing));
  };

  const speakers = new Map<string, SpeakerStats>();
  const seen = new Map<string, number>();
  const bill = emptyBill(pricing !== undefined);
  const songRows: SongRow[] = [];
  for (const request of plan.requests) {
    const firstUse = seen.get(request.key);
    if (firstUse === undefined) {
      seen.set(request.key, request.origin.line);
      addToBill(bill, request, pricing);
    }
    if (request.kind === "song") {
      songRows.push(songRow(request, firstUse, pricing));
      continue;
    }
    // A request of an included script carries that script's line: here it stands at its include.
    const section = sectionAt(request.origin.include ?? request.origin.line);
    countTurns(request, section, speakers);
    if (firstUse === undefined) chargeRow(section, request, pricing);
  }

  // Rows in script order, sections by their heading's line and songs by theirs; the opening heads them all, even a
  // song sung before its first line. Concatenated, not push(...spread): a long script may have more rows than a
  // call takes arguments.
  const sorted = (headings as StatsRow[]).concat(songRows).sort((a, b) => a.line - b.line);
  const rows: StatsRow[] = opening ? [opening as StatsRow].concat(sorted) : sorted;
  for (const row of rows) {
    if (row.kind !== "section") continue;
    row.durationMs = Math.round(wordsMs(row.words, wpm));
    if (row.cost !== undefined) row.cost = roundMoney(row.cost);
  }

  const totals = totalsOf(rows, bill, pricing);
  totals.durationMs = Math.round(wordsMs(totals.words, wpm));
  const speakerList = [...speakers.values()].sort((a, b) => b.words - a.words);
  for (const speaker of speakerList) {
    speaker.durationMs = Math.round(wordsMs(speaker.words, wpm));
    speaker.wordShare = share(speaker.words, totals.words);
    speaker.timeShare = share(wordsMs(speaker.words, wpm), wordsMs(totals.words, wpm));
  }
  const stats: EpisodeStats = {
    source: plan.source,
    ...(plan.title === undefined ? {} : { title: plan.title }),
    wordsPerMinute: wpm,
    speakers: speakerList,
    rows,
    totals,
  };
  const directions = directionStats(body, directionTagMap(config.speech.directionTags ?? {}));
  if (directions) stats.directions = directions;
  return stats;
}

function directionStats(body: readonly BodyElement[], directionTags: ReadonlyMap<string, string>): DirectionStats | undefined {
  const all = speechDirections(body, directionTags);
  if (all.length === 0) return undefined;
  const stats: DirectionStats = { pauses: { count: 0, ms: 0 }, tagged: 0, notRendered: [] };
  for (const direction of all) {
    if (direction.rendered === "pause") {
      stats.pauses.count++;
      stats.pauses.ms += direction.ms;
    } else if (direction.rendered === "tag") stats.tagged++;
    else stats.notRendered.push({ line: direction.parenthetical.span.start.line, speaker: direction.speaker, text: direction.parenthetical.text });
  }
  return stats;
}

function sectionRow(title: string | undefined, line: number, depth: number, pricing: Pricing | undefined): SectionRow {
  const row: SectionRow = {
    kind: "section",
    ...(title === undefined ? {} : { title }),
    line,
    depth,
    words: 0,
    turns: 0,
    characters: 0,
    durationMs: 0,
    requests: 0,
    billedUnits: 0,
  };
  if (pricing) row.cost = 0;
  return row;
}

function songRow(request: PlannedRequest & { kind: "song" }, firstUse: number | undefined, pricing: Pricing | undefined): SongRow {
  const repeat = firstUse !== undefined;
  const row: SongRow = {
    kind: "song",
    title: request.origin.song ?? "",
    line: request.origin.include ?? request.origin.line,
    ...(request.origin.section === undefined ? {} : { section: request.origin.section }),
    takes: billedUnits(request),
    pick: request.pick ?? 1,
    lyricsCharacters: lyricsCharacters(request.body),
    requests: repeat ? 0 : 1,
    billedUnits: repeat ? 0 : billedUnits(request),
  };
  if (pricing) row.cost = repeat ? 0 : roundMoney(requestCost(request, pricing));
  if (repeat) row.repeatOf = firstUse;
  return row;
}

function countTurns(request: PlannedPodcast, section: SectionRow, speakers: Map<string, SpeakerStats>): void {
  request.body.conversations.forEach((turn, i) => {
    const label = request.speakers[i] ?? turn.voice;
    let speaker = speakers.get(label);
    if (!speaker)
      speakers.set(label, (speaker = { speaker: label, voice: turn.voice, words: 0, turns: 0, characters: 0, durationMs: 0, wordShare: 0, timeShare: 0 }));
    const words = wordCount(turn.text);
    const characters = codePointLength(turn.text);
    speaker.words += words;
    speaker.turns++;
    speaker.characters += characters;
    section.words += words;
    section.turns++;
    section.characters += characters;
  });
}

function chargeRow(row: SectionRow, request: PlannedPodcast, pricing: Pricing | undefined): void {
  row.requests++;
  row.billedUnits += billedUnits(request);
  if (pricing && row.cost !== undefined) row.cost += requestCost(request, pricing);
}

function totalsOf(rows: readonly StatsRow[], bill: Bill, pricing: Pricing | undefined): StatsTotals {
  const totals: StatsTotals = {
    words: 0,
    turns: 0,
    characters: 0,
    lyricsCharacters: 0,
    durationMs: 0,
    requests: { ...bill.requests, total: bill.requests.podcast + bill.requests.song },
    billedUnits: { ...bill.billedUnits, total: totalUnits(bill) },
  };
  for (const row of rows) {
    if (row.kind === "song") totals.lyricsCharacters += row.lyricsCharacters;
    else {
      totals.words += row.words;
      totals.turns += row.turns;
      totals.characters += row.characters;
    }
  }
  if (pricing && bill.cost) {
    totals.cost = {
      currency: pricing.currency,
      podcasts: roundMoney(bill.cost.podcasts),
      songs: roundMoney(bill.cost.songs),
      total: roundMoney(totalCost(bill)!),
    };
  }
  return totals;
}

function share(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000;
}
