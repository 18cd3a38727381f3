import type { BuildSettings } from "../config/schema.js";
import type { PlannedRequest } from "../lower/plan.js";
import type { ClipEdit } from "./pauses.js";

/*
 * The episode laid out in time: each piece of audio in script order, where it starts, how long it lasts, the silence
 * after it and the fades of songs. Everything later — the mix, the chapters, the transcript — reads its times from
 * here, so they agree to the millisecond.
 */

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
 * are `gapMs` of silence, around a song `songGapMs`, and before a request the script pauses before, that pause; songs
 * fade in and out, a fade never longer than half the song.
 */
export function timeline(pieces: readonly { request: PlannedRequest; path: string; durationMs: number; edit?: ClipEdit }[], settings: BuildSettings): Timeline {
  const clips: Clip[] = [];
  let at = 0;
  pieces.forEach((piece, i) => {
    const next = pieces[i + 1];
    const song = piece.request.kind === "song";
    const usual = song || next?.request.kind === "song" ? settings.songGapMs : settings.gapMs;
    const gapAfterMs = next === undefined ? 0 : (next.request.pauseBeforeMs ?? usual);
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
