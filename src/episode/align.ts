import { spokenMs } from "../lower/spoken-length.js";
import { matchPauses, type PauseMatch } from "./pause-matching.js";
import { measureLevel, readPauses, type Level, type Pause } from "./silences.js";

/*
 * Where each turn starts in a podcast request's audio. The service renders up to ten turns into one file and says
 * nothing of where each begins, so the transcript has to find out: from each turn's expected length (its words at the
 * configured speaking rate), scaled to the file's real length. This proportional timing is also the fallback when
 * the audio's pauses cannot be matched to the turns.
 */

/** A turn as alignment sees it: only its text matters. */
export interface AlignedTurn {
  text: string;
}

/**
 * The start of each turn, in milliseconds from the start of the file, proportional to the turns' expected lengths.
 * The first turn starts at 0; the starts rise strictly and stay within `durationMs`.
 */
export function proportionalStarts(turns: readonly AlignedTurn[], durationMs: number, wordsPerMinute: number): number[] {
  // A turn of no words still takes some time to say: never let it collapse onto its neighbour.
  const expected = turns.map((turn) => Math.max(spokenMs(turn.text, wordsPerMinute), 60_000 / wordsPerMinute));
  const total = expected.reduce((sum, ms) => sum + ms, 0);
  const starts: number[] = [];
  let at = 0;
  for (const ms of expected) {
    starts.push(Math.round((at / total) * durationMs));
    at += ms;
  }
  return starts;
}

/**
 * Thresholds tried: below the speech's mean level (a clean file), and above the noise floor by a noise's crest factor
 * (a voice over room tone or a music bed, whose quiet is never digital silence); silencedetect compares single
 * samples, not their power, hence the margin.
 */
const BELOW_MEAN_DB = [30, 18];
const ABOVE_FLOOR_DB = [16, 22];
/** The quietest threshold worth trying: below it even a clean file's dither counts as sound. */
const QUIETEST_DB = -70;
/** The loudest: closer to the speech's mean level, quiet syllables would count as pauses. */
const LOUDEST_BELOW_MEAN_DB = 6;
/** Thresholds closer than this hear the same pauses: one of them is enough. */
const DISTINCT_DB = 3;
/**
 * A match this plausible (mean cost per turn, every boundary on a pause) ends the search: louder thresholds hear more
 * pauses, some inside words, and would only fit the expected lengths better by chance.
 */
const PLAUSIBLE_COST = 1;
/** The shortest pause that may separate two turns; shorter ones are breaths inside words. */
const MIN_PAUSE_MS = 100;
/** A pause ending this close to the stated duration is the file's tail (a compressed file's length is approximate). */
const END_TOLERANCE_MS = 50;

/** What alignment needs besides the audio: the speaking rate of the turns' expected lengths, and ffmpeg to listen. */
export interface AlignOptions {
  wordsPerMinute: number;
  ffmpeg: string;
}

/**
 * The start of each turn of a podcast request's audio `audioFile` (ms from its start; the first is 0), found by
 * matching the file's pauses to the turns' expected lengths; proportional timing for any boundary that no pause
 * matches, and for the whole file when it has no pauses or ffmpeg cannot read it. Starts rise strictly and stay
 * within `durationMs`; never throws.
 */
export async function turnStarts(audioFile: string, turns: readonly AlignedTurn[], durationMs: number, options: AlignOptions): Promise<number[]> {
  if (turns.length <= 1) return turns.map(() => 0);
  return (await alignTurns(audioFile, turns, durationMs, options)).starts;
}

/** Where a request's turns are in its audio: each turn's start, and where the pause before it begins. */
export interface TurnAlignment {
  /** As turnStarts gives them. */
  starts: number[];
  /** Where the pause before each turn begins (the turn before has ended): at or before its start. The first is 0. */
  pauseStarts: number[];
}

/** The alignment of `turns` in `audioFile` (see turnStarts), with the pauses at the boundaries and the file's speech; never throws. */
export async function alignTurns(audioFile: string, turns: readonly AlignedTurn[], durationMs: number, options: AlignOptions): Promise<TurnAlignment> {
  const fallback = (): TurnAlignment => {
    const starts = proportionalStarts(turns, durationMs, options.wordsPerMinute);
    return { starts, pauseStarts: starts };
  };
  if (!(durationMs > 0)) return fallback();
  try {
    const level = await measureLevel(audioFile, options.ffmpeg);
    if (!level || !Number.isFinite(level.meanDb)) return fallback();
    const weights = turns.map((turn) => Math.max(spokenMs(turn.text, options.wordsPerMinute), 60_000 / options.wordsPerMinute));
    let chosen: PauseMatch | undefined;
    for (const noiseDb of thresholds(level)) {
      const pauses = await readPauses(audioFile, options.ffmpeg, { noiseDb, minMs: MIN_PAUSE_MS });
      const { inside, speech } = interior(pauses, durationMs);
      const match = matchPauses(inside, weights, speech);
      if (match.starts.length !== turns.length) continue;
      if (!chosen || match.virtual < chosen.virtual || (match.virtual === chosen.virtual && match.cost < chosen.cost)) chosen = match;
      if (match.virtual === 0 && match.cost <= PLAUSIBLE_COST) break;
    }
    if (!chosen) return fallback();
    const starts = bounded(chosen.starts, durationMs);
    // A pause begins after the turn before it starts and no later than its own turn.
    const pauses = chosen.pauseStarts;
    const pauseStarts = starts.map((start, i) => (i === 0 ? 0 : Math.min(start, Math.max(starts[i - 1]! + 1, pauses[i]!))));
    return { starts, pauseStarts };
  } catch {
    // An unreadable file still gets a transcript: its timing is an estimate either way.
    return fallback();
  }
}

/**
 * How far under the file's mean level its first and last sound are heard, for trimming its lead-in and tail: louder
 * than alignment's thresholds, since a pause's written length is measured in the finished episode, where the last
 * syllable's quiet decay already counts as silence.
 */
const EDGE_BELOW_MEAN_DB = 20;
/** The shortest lead-in or tail worth trimming. */
const EDGE_MIN_MS = 50;

/** Where the sound of `audioFile` begins and ends, in ms; the whole file when it cannot be read. Never throws. */
export async function speechBounds(audioFile: string, durationMs: number, ffmpeg: string): Promise<{ startMs: number; endMs: number }> {
  const whole = { startMs: 0, endMs: Math.max(0, durationMs) };
  try {
    const level = await measureLevel(audioFile, ffmpeg);
    if (!level || !Number.isFinite(level.meanDb)) return whole;
    const pauses = await readPauses(audioFile, ffmpeg, { noiseDb: level.meanDb - EDGE_BELOW_MEAN_DB, minMs: EDGE_MIN_MS });
    return interior(pauses, durationMs).speech;
  } catch {
    return whole;
  }
}

/** The thresholds (dBFS) to try on a file of this level, quietest first. */
function thresholds(level: Level): number[] {
  const loudest = level.meanDb - LOUDEST_BELOW_MEAN_DB;
  // Under the noise's peaks no stretch is quiet throughout: a pause would be heard only in fragments.
  const quietest = Math.max(QUIETEST_DB, level.floorDb + ABOVE_FLOOR_DB[0]!);
  const wanted = [...BELOW_MEAN_DB.map((db) => level.meanDb - db), ...ABOVE_FLOOR_DB.map((db) => level.floorDb + db)]
    .filter((db) => Number.isFinite(db))
    .map((db) => Math.min(loudest, Math.max(quietest, db)))
    .sort((a, b) => a - b);
  const out: number[] = [];
  for (const db of wanted) if (out.length === 0 || db - out[out.length - 1]! >= DISTINCT_DB) out.push(db);
  return out;
}

/** The pauses between the first and the last sound of the file, and where that speech begins and ends. */
function interior(pauses: readonly Pause[], durationMs: number): { inside: Pause[]; speech: { startMs: number; endMs: number } } {
  const speech = { startMs: 0, endMs: durationMs };
  const inside: Pause[] = [];
  for (const pause of pauses) {
    if (pause.startMs <= 1) speech.startMs = Math.min(pause.endMs, durationMs);
    else if (pause.endMs >= durationMs - END_TOLERANCE_MS) speech.endMs = Math.max(speech.startMs, pause.startMs);
    else inside.push(pause);
  }
  return { inside, speech };
}

/** Starts that rise strictly from 0 and stay inside the file, whatever rounding did. */
function bounded(starts: readonly number[], durationMs: number): number[] {
  const last = Math.max(0, Math.floor(durationMs) - 1);
  const out: number[] = [];
  for (const [i, start] of starts.entries()) {
    const floor = i === 0 ? 0 : out[i - 1]! + 1;
    out.push(i === 0 ? 0 : Math.min(Math.max(start, floor), last));
  }
  return out;
}
