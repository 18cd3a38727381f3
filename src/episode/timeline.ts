import type { BuildSettings } from "../config/schema.js";
import type { PlannedRequest } from "../lower/plan.js";
import type { ClipEdit } from "./pauses.js";

/*
 * The episode laid out in time: each piece of audio in script order, where it starts, how long it lasts, the silence
 * after it and the fades of songs. Everything later — the mix, the chapters, the transcript — reads its times from
 * here, so they agree to the millisecond. In a build, every clip starts on the mp3 frame grid (the silence before it
 * is stretched by less than one frame, 26 ms): an mp3 piece then encodes the same wherever an edit earlier in the
 * episode moves it, and the build reuses it (mp3-pieces.ts).
 */

/** The mp3 episode's sample rate, and the samples of one of its frames (MPEG-1 Layer III). */
export const MP3_RATE = 44_100;
export const MP3_FRAME_SAMPLES = 1152;

/** The first mp3 frame that starts at or after `ms`. */
function frameFrom(ms: number): number {
  // In integers: ms × 44.1 samples, 1152 to a frame.
  return Math.ceil((ms * (MP3_RATE / 100)) / ((MP3_FRAME_SAMPLES * 1000) / 100));
}

/** The frame a clip of the timeline starts on (its start is that frame's start, rounded up to the millisecond). */
export function frameOf(startMs: number): number {
  return Math.floor((startMs * (MP3_RATE / 100)) / ((MP3_FRAME_SAMPLES * 1000) / 100));
}

/** The start of frame `frame`, rounded up to the millisecond. */
function frameStartMs(frame: number): number {
  return Math.ceil((frame * MP3_FRAME_SAMPLES * 1000) / MP3_RATE);
}

/** One piece of audio as the timeline places it. */
export interface Clip {
  request: PlannedRequest;
  /** The file, absolute. */
  path: string;
  startMs: number;
  durationMs: number;
  /** Silence after it, before the next clip (none after the last). */
  gapAfterMs: number;
  fadeInMs: number;
  fadeOutMs: number;
  /** How the file is played when the script's pauses change it (pauses.ts); absent: as it is. */
  edit?: ClipEdit;
}

export interface Timeline {
  clips: Clip[];
  durationMs: number;
}

/**
 * The timeline of `pieces` (in script order, each with its measured duration). Between two speech segments there
 * are `gapMs` of silence, around a song `songGapMs`, and before a request the script pauses before, that pause, each
 * with `onFrames`, made up to the next mp3 frame (see above); songs fade in and out, a fade never longer than half the
 * song.
 */
export function timeline(
  pieces: readonly { request: PlannedRequest; path: string; durationMs: number; edit?: ClipEdit }[],
  settings: BuildSettings,
  onFrames = false,
): Timeline {
  const clips: Clip[] = [];
  let at = 0;
  pieces.forEach((piece, i) => {
    const next = pieces[i + 1];
    const song = piece.request.kind === "song";
    const usual = song || next?.request.kind === "song" ? settings.songGapMs : settings.gapMs;
    const end = at + piece.durationMs;
    const gap = next === undefined ? 0 : (next.request.pauseBeforeMs ?? usual);
    const gapAfterMs = onFrames && next !== undefined ? frameStartMs(frameFrom(end + gap)) - end : gap;
    const half = Math.floor(piece.durationMs / 2);
    const clip: Clip = {
      request: piece.request,
      path: piece.path,
      startMs: at,
      durationMs: piece.durationMs,
      gapAfterMs,
      fadeInMs: song ? Math.min(settings.songFadeInMs, half) : 0,
      fadeOutMs: song ? Math.min(settings.songFadeOutMs, half) : 0,
    };
    if (piece.edit) clip.edit = piece.edit;
    clips.push(clip);
    at += piece.durationMs + gapAfterMs;
  });
  return { clips, durationMs: at };
}
