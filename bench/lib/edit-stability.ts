// How many requests one edit re-bills: the figure the `requests` row reports and a test holds. A script's plan is read
// back into its segments' turns; one turn of one segment is inserted, deleted or changed; the segment is cut again,
// and every request of the new cutting that the old one did not have is one the next run pays for. The same edits are
// measured on the cutting podc had before content cut points (every `turnsPerRequest` turns from the top, a new
// request at a third voice) as the baseline.

import { cutTurns, type CutTurn, type RequestLimits } from "../../src/lower/cut-points.js";
import type { Plan } from "../../src/lower/plan.js";
import { analyze } from "../../src/compile.js";
import { DEFAULT_VOICES, defaultConfig } from "../../src/config/defaults.js";
import { dialectOf } from "../../src/parser/dialect.js";
import { parse } from "../../src/parser/parse.js";

/** A way to cut a segment's turns into requests: each request's turns [from, to). */
export type Cutter = (turns: readonly CutTurn[], limits: RequestLimits) => { from: number; to: number }[];

const contentCuts: Cutter = cutTurns;

/** The cutting before content cut points: filled from the top, cut at the turn limit and at a third voice. */
export const greedyCuts: Cutter = (turns, limits) => {
  const cuts: { from: number; to: number }[] = [];
  const voices = new Set<string>();
  let from = 0;
  for (let i = 0; i < turns.length; i++) {
    const voice = turns[i]!.voice;
    if (i - from >= limits.turnsPerRequest || (!voices.has(voice) && voices.size >= limits.voicesPerRequest)) {
      cuts.push({ from, to: i });
      from = i;
      voices.clear();
    }
    voices.add(voice);
  }
  if (from < turns.length) cuts.push({ from, to: turns.length });
  return cuts;
};

/**
 * The turns of each segment of a plan, in order: a podcast request whose origin has no `cutBy` starts a segment, and
 * every request after it that has one continues it.
 */
export function planSegments(plan: Plan): CutTurn[][] {
  const segments: CutTurn[][] = [];
  let current: CutTurn[] | undefined;
  for (const request of plan.requests) {
    if (request.kind !== "podcast") {
      current = undefined;
      continue;
    }
    if (current === undefined || request.origin.cutBy === undefined) segments.push((current = []));
    for (const turn of request.body.conversations) current.push({ voice: turn.voice, text: turn.text });
  }
  return segments;
}

export type EditKind = "insert" | "delete" | "change";

export interface EditOutcome {
  kind: EditKind;
  /** Requests of the edited segment the new cutting has and the old one had not, with each cutter. */
  rebilled: { content: number; greedy: number };
}

/**
 * `count` random one-turn edits of the segments (the edited segment drawn in proportion to its turns, the kind in turn
 * insert, delete, change), each of the original: the same seed gives the same edits. An inserted or changed turn
 * takes the voice of a turn of its segment and words drawn from the segment's own text.
 */
export function randomEdits(segments: readonly CutTurn[][], limits: RequestLimits, count: number, next: () => number): EditOutcome[] {
  const total = segments.reduce((n, s) => n + s.length, 0);
  const words = segments.flatMap((s) => s.flatMap((t) => t.text.split(" ")));
  const outcomes: EditOutcome[] = [];
  for (let e = 0; e < count; e++) {
    let at = Math.floor(next() * total);
    let s = 0;
    while (at >= segments[s]!.length) at -= segments[s++]!.length;
    const before = segments[s]!;
    const kind = (["insert", "delete", "change"] as const)[e % 3]!;
    const text = () =>
      Array.from({ length: 6 + Math.floor(next() * 20) }, () => words[Math.floor(next() * words.length)]!)
        .join(" ")
        .slice(0, 300);
    const after = [...before];
    if (kind === "insert") after.splice(at, 0, { voice: before[Math.floor(next() * before.length)]!.voice, text: text() });
    else if (kind === "delete") after.splice(at, 1);
    else after[at] = { voice: before[at]!.voice, text: text() };
    outcomes.push({ kind, rebilled: { content: rebilled(contentCuts, before, after, limits), greedy: rebilled(greedyCuts, before, after, limits) } });
  }
  return outcomes;
}

/** Requests of `after`'s cutting whose turns no request of `before`'s cutting had. */
function rebilled(cut: Cutter, before: readonly CutTurn[], after: readonly CutTurn[], limits: RequestLimits): number {
  const bodies = (turns: readonly CutTurn[]) => cut(turns, limits).map((c) => JSON.stringify(turns.slice(c.from, c.to)));
  const paid = new Set(bodies(before));
  return bodies(after).filter((body) => !paid.has(body)).length;
}

/** The plan of a script's text, with every speaker the script names given a voice in turn (a screenplay has no cast). */
export function planOf(text: string, file: string): Plan {
  const speakers = new Set<string>();
  for (const element of parse(text, { dialect: dialectOf(file) }).script.body) if (element.type === "Speech") speakers.add(element.speaker.name);
  const config = defaultConfig();
  config.cast = Object.fromEntries([...speakers].map((s, i) => [s, DEFAULT_VOICES[i % DEFAULT_VOICES.length]!]));
  const { plan, diagnostics } = analyze(text, { file, config });
  if (plan === undefined) throw new Error(`${file} does not compile: ${diagnostics.find((d) => d.severity === "error")?.message ?? "?"}`);
  return plan;
}
