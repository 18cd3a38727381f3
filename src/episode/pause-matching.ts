import type { Pause } from "./silences.js";

/*
 * Which pauses of a podcast request's audio are the boundaries between its turns. Every turn has an expected length
 * (its words, scaled so that all turns fill the file's speech); the boundaries are the n−1 pauses, in order, that make
 * each turn's length closest to its expectation, preferring long pauses where the longest stand out (voices often
 * hand over with a longer breath than a full stop's, but not always). Found by
 * dynamic programming over (boundary, pause), so one long turn read faster than expected cannot push every later
 * boundary onto the wrong pause, as a greedy nearest match would.
 *
 * A boundary with no plausible pause takes its proportional place instead (a "virtual" pause at a fixed penalty), so a
 * file with too few pauses still gets monotonic starts and the real pauses that do match still count.
 */

/**
 * How far a turn's length may stray from its expectation: a share of it, plus a fixed margin, since a turn of one word
 * ("Yes.") lasts what the voice makes of it far more than its word count says.
 */
const LENGTH_SPREAD = 0.3;
const LENGTH_MARGIN_MS = 500;
/** Weight of a pause shorter than the typical boundary pause, per squared log of how much shorter. */
const SHORT_PAUSE_WEIGHT = 1.5;
/** How much longer than the next pause the n−1 longest must be (as a ratio, above 1) for their length to count fully. */
const STAND_OUT_RANGE = 0.5;
/** Cost of placing a boundary without a pause: worth a turn about twice or half as long as expected. */
const VIRTUAL_PENALTY = 5;
/** Shortest turn the matching accepts, in ms: a boundary is never placed on top of its neighbour. */
const MIN_TURN_MS = 40;

export interface PauseMatch {
  /** Each turn's start in ms from the file's start; the first is 0. */
  starts: number[];
  /**
   * Where the pause before each turn begins (the turn before it has ended), in ms; the same as its start where a
   * boundary had no pause to take. The first is 0.
   */
  pauseStarts: number[];
  /** Mean cost per turn: lower is a more plausible match. */
  cost: number;
  /** How many boundaries fell back to their proportional place. */
  virtual: number;
}

interface Candidate {
  startMs: number;
  endMs: number;
  penalty: number;
  virtual: boolean;
}

/**
 * The starts of turns whose expected lengths are proportional to `weights`, spoken between `speech.startMs` and
 * `speech.endMs`, with boundaries chosen among `pauses` (interior pauses, in time order, not overlapping).
 */
export function matchPauses(pauses: readonly Pause[], weights: readonly number[], speech: { startMs: number; endMs: number }): PauseMatch {
  const n = weights.length;
  if (n <= 1) return { starts: [0], pauseStarts: [0], cost: 0, virtual: 0 };
  const span = Math.max(1, speech.endMs - speech.startMs);
  const total = weights.reduce((sum, w) => sum + w, 0);
  const longest = pauses.map((p) => p.endMs - p.startMs).sort((a, b) => b - a);
  const gaps = longest.slice(0, n - 1);
  // The boundaries' pauses are not speech: take their likely share out before scaling the turns to fill the rest.
  const speechMs = Math.max(span / 2, span - gaps.reduce((sum, ms) => sum + ms, 0));
  const expected = weights.map((w) => (w / total) * speechMs);
  const typicalGap = gaps.length > 0 ? gaps[gaps.length - 1]! : 1;
  // Long pauses mark hand-overs only where the n−1 longest stand out from the next one; where voices hand over as
  // briefly as they stop between sentences, preferring long pauses would pull boundaries onto full stops.
  const standOut = longest.length >= n ? typicalGap / Math.max(1, longest[n - 1]!) : Number.POSITIVE_INFINITY;
  const pauseWeight = SHORT_PAUSE_WEIGHT * Math.min(1, Math.max(0, (standOut - 1) / STAND_OUT_RANGE));

  const candidates: Candidate[][] = [[{ startMs: speech.startMs, endMs: speech.startMs, penalty: 0, virtual: false }]];
  let cumulative = 0;
  for (let k = 1; k < n; k++) {
    cumulative += weights[k - 1]!;
    const proportional = speech.startMs + (cumulative / total) * span;
    const list: Candidate[] = pauses.map((p) => ({
      startMs: p.startMs,
      endMs: p.endMs,
      penalty: pauseWeight * Math.max(0, Math.log(typicalGap / Math.max(1, p.endMs - p.startMs))) ** 2,
      virtual: false,
    }));
    list.push({ startMs: proportional, endMs: proportional, penalty: VIRTUAL_PENALTY, virtual: true });
    candidates.push(list);
  }
  candidates.push([{ startMs: speech.endMs, endMs: speech.endMs, penalty: 0, virtual: false }]);

  // best[k][c]: least cost of turns 0..k-1 with boundary k on candidate c; from[k][c]: the previous boundary's candidate.
  const best: number[][] = [[0]];
  const from: number[][] = [[-1]];
  for (let k = 1; k <= n; k++) {
    const here = candidates[k]!;
    const before = candidates[k - 1]!;
    const row = new Array<number>(here.length).fill(Number.POSITIVE_INFINITY);
    const back = new Array<number>(here.length).fill(-1);
    for (const [c, candidate] of here.entries()) {
      for (const [p, previous] of before.entries()) {
        const prior = best[k - 1]![p]!;
        if (prior === Number.POSITIVE_INFINITY) continue;
        const length = candidate.startMs - previous.endMs;
        if (length < MIN_TURN_MS) continue;
        const wanted = expected[k - 1]!;
        const cost = prior + ((length - wanted) / (LENGTH_SPREAD * wanted + LENGTH_MARGIN_MS)) ** 2 + candidate.penalty;
        if (cost < row[c]!) {
          row[c] = cost;
          back[c] = p;
        }
      }
    }
    best.push(row);
    from.push(back);
  }

  const last = best[n]![0]!;
  if (last === Number.POSITIVE_INFINITY) return { starts: [], pauseStarts: [], cost: Number.POSITIVE_INFINITY, virtual: n - 1 };
  const starts = new Array<number>(n).fill(0);
  const pauseStarts = new Array<number>(n).fill(0);
  let virtual = 0;
  for (let k = n, c = 0; k > 1; k--) {
    c = from[k]![c]!;
    const chosen = candidates[k - 1]![c]!;
    starts[k - 1] = Math.round(chosen.endMs);
    pauseStarts[k - 1] = Math.round(chosen.startMs);
    if (chosen.virtual) virtual++;
  }
  return { starts, pauseStarts, cost: last / n, virtual };
}
