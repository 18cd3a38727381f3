import type { BuildSettings } from "../config/schema.js";
import { normalisation, type LoudnessMeasure } from "./assemble.js";
import { episodeLoudness, type ClipLoudness } from "./loudness.js";

/*
 * Levelling: each clip of the episode (a request's audio, a song's take) is brought to the target loudness on its own,
 * from its own measured loudness (loudness.ts, kept in the build cache), before the mix. Requests the service rendered
 * at different levels then sound alike, and a clip's samples no longer depend on the rest of the episode: an edit
 * elsewhere changes nothing of it, so its encoded mp3 is reused (mp3-pieces.ts). Once every clip is at the target, the
 * episode is too, but for the gating of blocks across clips: that remainder moves every clip alike, in steps of half a
 * decibel, so that an edit almost never moves it at all (a changed gain would change every piece's bytes).
 */

/** The step of the gain that brings the levelled episode to its target. */
const EPISODE_STEP_DB = 0.5;
/** The most a clip is raised: a clip quieter than that is mostly noise, which should not be brought up to speech. */
const MOST_RAISED_DB = 20;

/** What levelling makes of the episode: each clip's filter, and the episode's loudness before and after. */
export interface Levels {
  /** One ffmpeg filter per clip, in timeline order (`anull` for silence). */
  filters: string[];
  /** The episode's loudness as the service made its clips; undefined: silence. */
  before: LoudnessMeasure | undefined;
  /** The gain every clip shares, in dB: the remainder that brings the levelled episode to its target. */
  episodeGainDb: number;
}

/** Levels each of `clips` (their loudness, in timeline order) to `target`, then the episode to it (see above). */
export function levels(clips: readonly ClipLoudness[], target: BuildSettings["loudness"]): Levels {
  const own = clips.map((clip) => {
    const measure = episodeLoudness([clip]);
    // A clip far under the target is raised at most so much: its measure is moved up to leave the gain at that.
    if (measure && target.integratedLufs - measure.integratedLufs > MOST_RAISED_DB)
      return { ...measure, integratedLufs: target.integratedLufs - MOST_RAISED_DB };
    return measure;
  });
  // The blocks as levelling leaves them: each clip's moved by its own gain.
  const moved = clips.map((clip, i) => {
    const measure = own[i];
    const gain = measure && measure.integratedLufs >= SILENT_LUFS ? target.integratedLufs - measure.integratedLufs : 0;
    return { ...clip, momentary: clip.momentary.map((l) => l + gain), shortTerm: clip.shortTerm.map((l) => l + gain) };
  });
  const levelled = episodeLoudness(moved);
  const remainder = levelled ? target.integratedLufs - levelled.integratedLufs : 0;
  const episodeGainDb = Math.round(remainder / EPISODE_STEP_DB) * EPISODE_STEP_DB + 0;
  const aim = { ...target, integratedLufs: target.integratedLufs + episodeGainDb };
  // A gain, and a limiter where the peaks need it: never loudnorm's narrowing, whose loudness misses its aim by a LU
  // or more on a piece as short as a song.
  return { filters: own.map((measure) => normalisation(measure, aim)), before: episodeLoudness(clips), episodeGainDb };
}

/** Quieter than this, a clip is silence: there is nothing to level (as `normalisation` has it). */
const SILENT_LUFS = -69;
