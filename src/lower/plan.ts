import type { PodcastRequest, SongRequest } from "../contract/requests.js";
import type { CutBy } from "./cut-points.js";

/** Where in the script a request comes from: its first line, the enclosing section, and the song's title. */
export interface Origin {
  line: number;
  /** For a request of an included script (`INCLUDE: path`): that script, as shown; `line` is then one of its lines. */
  file?: string;
  /** For a request of an included script: the line of the include that brings it into this script (the outermost one). */
  include?: number;
  section?: string;
  song?: string;
  /**
   * On a podcast request that continues the segment of the one before: what ended that one — a content cut point
   * (lower/cut-points.ts), reaching `turnsPerRequest` turns, or this request's first turn bringing in one voice more
   * than `voicesPerRequest`.
   */
  cutBy?: CutBy;
}

interface PlannedBase {
  /**
   * The request key: a content hash of method, path and body (contract/canonical-json.ts), the same on any machine. Not
   * the job key a run names the job by (run/job.ts), which also covers the service's address. Made when first read
   * (an enumerable getter, so a printed plan shows it): `podc run` never reads it, and hashing every body twice would
   * be a few milliseconds of every run's start.
   */
  readonly key: string;
  method: "POST";
  origin: Origin;
  /**
   * Silence before this request's audio in the episode, in place of the usual gap, from the pauses the script writes
   * there (`(beat)`, `(pause 2s)`). Not sent, not in the key: a pause changed is rebuilt, never paid again.
   */
  pauseBeforeMs?: number;
  /**
   * The sound cues the script places in this request's stretch of the episode (`SFX`, `BED`, `STING`): local files that
   * podc's own mix plays. Not sent, not in the key: a cue changed is mixed again, never paid again.
   */
  sounds?: PlannedSound[];
}

/** A sound cue, placed at a turn of the request it rides beside. */
export interface PlannedSound {
  kind: "effect" | "bed" | "bedEnd" | "sting";
  /** The file as the script writes it, relative to the script's folder; absent for a bed's end (`BED out`) and a song bed. */
  file?: string;
  /**
   * For a song bed (`Play: bed`): the song's title. The bed plays the picked take of the song request of the plan made
   * from the song block on `line` (the nearest such request before the one this cue rides beside).
   */
  song?: string;
  /**
   * Where it starts: with the request's turn `atTurn` (0-based; 0 is the request's start, a song's too), or, when it
   * equals the number of turns (1 for a song), at the request's end.
   */
  atTurn: number;
  /** The cue's line in the script. */
  line: number;
}

/** Silence the episode puts before turn `beforeTurn` (0-based, never the first) of a podcast request's audio. */
export interface TurnPause {
  beforeTurn: number;
  ms: number;
}
export interface PlannedPodcast extends PlannedBase {
  kind: "podcast";
  path: "/v1/tts/podcast";
  body: PodcastRequest;
  /** Who speaks each turn of the body, in order (cast labels): not sent, not in the key; transcripts name them. */
  speakers: string[];
  /** Pauses between the request's turns, in turn order: put into the mix at the turns' boundaries, not sent. */
  pauses?: TurnPause[];
  /**
   * Each turn's text as the script writes it, when the pronunciation lexicon respelled any turn of the body: what the
   * transcript shows. Not sent, not in the key.
   */
  written?: string[];
}
export interface PlannedSong extends PlannedBase {
  kind: "song";
  path: "/v1/song/generate";
  body: SongRequest;
  /** The take (1-based) the episode uses, when the script's `Pick` says; else take 1. Not sent, not in the key. */
  pick?: number;
  /**
   * True for a song bed (`Play: bed`): paid for as any song, but played under the speech after it (a `bed` cue with its
   * `song`, beside the next request) instead of on its own. Not sent, not in the key.
   */
  bed?: true;
}
export type PlannedRequest = PlannedPodcast | PlannedSong;

/** What `podc compile` prints and `podc run` submits: every request of one script, in script order. */
export interface Plan {
  source: string;
  title?: string;
  requests: PlannedRequest[];
}
