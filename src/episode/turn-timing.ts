import { proportionalStarts, type AlignedTurn } from "./align.js";

/*
 * Where each turn of a podcast clip starts, for the transcript. The one place the build asks the alignment: a better
 * alignment (the audio's pauses matched to the turns) replaces the call below and nothing else.
 */

export interface TurnTimingOptions {
  wordsPerMinute: number;
  /** ffmpeg, for alignments that listen to the audio. */
  ffmpeg: string;
}

/** The start of each of `turns` in `audioFile` (of `durationMs`), in milliseconds from the file's start. */
export async function turnStartsIn(audioFile: string, turns: readonly AlignedTurn[], durationMs: number, options: TurnTimingOptions): Promise<number[]> {
  void audioFile;
  return proportionalStarts(turns, durationMs, options.wordsPerMinute);
}
