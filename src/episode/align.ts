import { spokenMs } from "../lower/spoken-length.js";

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
