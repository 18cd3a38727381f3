import { resolve } from "node:path";
import type { BuildSettings } from "../config/schema.js";
import type { PlannedRequest, PlannedSound, TurnPause } from "../lower/plan.js";
import { sha256Of } from "../files/file-hash.js";
import { clipSteps } from "./assemble.js";
import { BuildError } from "./build-error.js";
import { ClipTurnStarts } from "./cues.js";
import type { AlignOptions } from "./align.js";
import type { PlacedAudio } from "./episode-audio.js";
import { clipLoudness, episodeLoudness } from "./loudness.js";
import { mediaDurationMs } from "./media-duration.js";
import type { SegmentCache } from "./segment-cache.js";
import type { PlacedSound } from "./sound-mix.js";
import type { Clip, Timeline } from "./timeline.js";

/*
 * The script's sound cues in the mix (`SFX`, `BED`, `STING`): local files podc plays itself, never sent and never paid.
 * Everything is placed by podc's own turn alignment, the same the transcript uses:
 * - an effect starts where its turn starts, over the voices, at its own level;
 * - a stinger is played on its own: before the mix is laid out, the silence it needs (its length and a gap after it) is
 *   added to the pause at its place (pauses.ts does the rest), so the timeline, chapters and transcript move with it;
 * - a bed plays from its place to `BED out`, the next bed or the end of its section, looped when shorter, faded in and
 *   out, and ducked under every stretch where a voice speaks or a song or stinger plays: volume automation from the
 *   timeline, not a compressor guessing from the signal. A song bed (`Play: bed`) is a bed whose file is the song's
 *   picked take, downloaded as any song's; it has no place of its own in the timeline.
 * Cues are mixed after the speech is normalised, each brought to a level relative to the loudness target from its own
 * measured loudness, so the speech's normalisation is untouched and the episode stays at its target.
 */

/** A bed's level where nobody speaks, under the episode's loudness target. */
const BED_UNDER_LU = 8;
/** A silence inside a clip shorter than this keeps the bed down: the bed does not pump between sentences. */
const DUCK_HOLD_MS = 1200;
/** An effect's level under the loudness target: heard beside the voices, not over them. */
const EFFECT_UNDER_LU = 4;

/** What the build knows of one sound file the script names. */
interface SoundFile {
  path: string;
  sha256: string;
  durationMs: number;
  /** Its integrated loudness; undefined for a silent file. */
  lufs: number | undefined;
}

/** The sound files of `requests`' cues, resolved from `scriptDir`, measured once (and kept in the build cache). */
export interface SoundFiles {
  /** By the file as the script writes it. */
  files: Map<string, SoundFile>;
  /** The take each song bed's cue plays (the build key covers the takes with the requests' audio). */
  songBeds: Map<PlannedSound, SoundFile>;
  /** What the build key covers of them: each file's sha256. */
  key: Record<string, string>;
}

/** The file a cue plays: its own, or its song's take. */
function fileOf(sounds: SoundFiles, sound: PlannedSound): SoundFile {
  return sound.song !== undefined ? sounds.songBeds.get(sound)! : sounds.files.get(sound.file!)!;
}

/**
 * Reads and measures every file the cues of `pieces`' requests name, relative to `scriptDir`, and the take of each song
 * bed. Throws BuildError for a file that is gone or is no audio (the checks report both before anything is paid; this
 * is the file changed since).
 */
export async function soundFiles(
  pieces: readonly PlacedAudio[],
  scriptDir: string,
  tools: { ffmpeg: string; ffprobe: string | undefined; signal?: AbortSignal },
  cache: SegmentCache,
): Promise<SoundFiles> {
  const files = new Map<string, SoundFile>();
  const songBeds = new Map<PlannedSound, SoundFile>();
  const key: Record<string, string> = {};
  const measure = async (path: string, durationMs: number) => {
    // Measured as the mix takes its samples (at the mix's rate and format), as every clip is.
    const steps = clipSteps({ durationMs, fadeInMs: 0, fadeOutMs: 0 });
    const measured = () => clipLoudness(tools.ffmpeg, path, steps, tools.signal);
    return episodeLoudness([await cache.remember("loudness", path, steps, measured)])?.integratedLufs;
  };
  for (const [i, { request }] of pieces.entries()) {
    for (const sound of request.sounds ?? []) {
      if (sound.song !== undefined) {
        const song = songBedAudio(pieces, i, sound);
        cache.know(song.path, song.sha256);
        const ffprobe = tools.ffprobe;
        const where = `line ${sound.line}: the take of the song "${sound.song}"`;
        if (song.durationMs === undefined && ffprobe === undefined) throw new BuildError(`${where} needs ffprobe to be measured: install ffmpeg's ffprobe`);
        const durationMs = song.durationMs ?? (await cache.remember("duration", song.path, null, () => mediaDurationMs(ffprobe!, song.path)));
        if (durationMs === undefined) throw new BuildError(`${where} cannot be read as audio`);
        songBeds.set(sound, { path: song.path, sha256: song.sha256, durationMs, lufs: await measure(song.path, durationMs) });
        continue;
      }
      const written = sound.file;
      if (written === undefined || files.has(written)) continue;
      const path = resolve(scriptDir, written);
      const where = `line ${sound.line}: the sound file ${written}`;
      const sha256 = await sha256Of(path);
      if (sha256 === undefined) throw new BuildError(`${where} cannot be read: \`podc check\` says why`);
      cache.know(path, sha256);
      const ffprobe = tools.ffprobe;
      if (ffprobe === undefined) throw new BuildError(`${where} needs ffprobe to be measured: install ffmpeg's ffprobe`);
      const durationMs = await cache.remember("duration", path, null, () => mediaDurationMs(ffprobe, path));
      if (durationMs === undefined) throw new BuildError(`${where} cannot be read as audio`);
      files.set(written, { path, sha256, durationMs, lufs: await measure(path, durationMs) });
      key[written] = sha256;
    }
  }
  return { files, songBeds, key };
}

/** The audio of the song bed `sound` (riding beside piece `at`): the nearest song bed before it made from its line. */
function songBedAudio(pieces: readonly PlacedAudio[], at: number, sound: PlannedSound): PlacedAudio {
  for (let i = at; i >= 0; i--) {
    const { request } = pieces[i]!;
    if (request.kind === "song" && request.bed && request.origin.line === sound.line) return pieces[i]!;
  }
  // The checks stop a song bed with nothing after it to play under (POD0928) before anything is paid.
  throw new BuildError(`line ${sound.line}: the song "${sound.song}" is a bed with nothing under it: \`podc check\` says so`);
}

/** Whether a piece plays on its own in the timeline: all but song beds, which play under the others. */
export function inTurn(piece: { request: PlannedRequest }): boolean {
  return piece.request.kind !== "song" || piece.request.bed !== true;
}

/**
 * `pieces` with the silence their stingers need added to the pauses at the stingers' places: before a request (in
 * place of the usual gap, which then follows the stinger), or between two of its turns. Stingers at the very end
 * (after the last turn) need no silence: the mix runs on for them.
 */
export function withStings<P extends { request: PlannedRequest }>(pieces: readonly P[], sounds: SoundFiles, settings: BuildSettings): P[] {
  return pieces.map((piece, i) => {
    const request = piece.request;
    const stings = (request.sounds ?? []).filter((s) => s.kind === "sting" && s.atTurn < turnCount(request));
    if (stings.length === 0) return piece;
    const copy = { ...request } as PlannedRequest;
    const pauses: TurnPause[] = request.kind === "podcast" ? [...(request.pauses ?? [])] : [];
    for (const sting of stings) {
      const ms = stingSilence(sting, sounds, settings);
      if (sting.atTurn === 0) {
        const previous = pieces[i - 1]?.request;
        const usual = i === 0 ? 0 : request.kind === "song" || previous?.kind === "song" ? settings.songGapMs : settings.gapMs;
        copy.pauseBeforeMs = (copy.pauseBeforeMs ?? usual) + ms;
        continue;
      }
      const at = pauses.findIndex((p) => p.beforeTurn === sting.atTurn);
      if (at === -1) pauses.push({ beforeTurn: sting.atTurn, ms: settings.gapMs + ms });
      else pauses[at] = { beforeTurn: sting.atTurn, ms: pauses[at]!.ms + ms };
    }
    if (copy.kind === "podcast" && pauses.length > 0) copy.pauses = pauses.sort((a, b) => a.beforeTurn - b.beforeTurn);
    return { ...piece, request: copy };
  });
}

/** The silence a stinger takes: its length and a gap after it. */
function stingSilence(sting: PlannedSound, sounds: SoundFiles, settings: BuildSettings): number {
  return fileOf(sounds, sting).durationMs + settings.gapMs;
}

function turnCount(request: PlannedRequest): number {
  return request.kind === "podcast" ? request.body.conversations.length : 1;
}

/** The cues placed on `line`, and the episode's duration once stingers after the last clip have played. */
export async function placeSounds(
  line: Timeline,
  sounds: SoundFiles,
  settings: BuildSettings,
  options: AlignOptions & { cache?: SegmentCache },
): Promise<{ placed: PlacedSound[]; durationMs: number }> {
  const starts = new ClipTurnStarts(options);
  const target = settings.loudness.integratedLufs;
  const gain = (file: SoundFile, under: number) => (file.lufs === undefined ? 0 : target - under - file.lufs);
  const placed: PlacedSound[] = [];
  let durationMs = line.durationMs;
  /** Where the turn `atTurn` of clip `c` starts in the episode (the clip's end past its last turn). */
  const pointOf = async (c: number, atTurn: number): Promise<number> => {
    const clip = line.clips[c]!;
    const request = clip.request;
    if (atTurn >= turnCount(request)) return clip.startMs + clip.durationMs;
    if (atTurn === 0) return clip.startMs + leadOf(clip);
    return clip.startMs + ((request.kind === "podcast" ? (await starts.of(clip, request))[atTurn] : 0) ?? 0);
  };
  const beds: { c: number; sound: PlannedSound; startMs: number }[] = [];
  const ends: { c: number; atTurn: number; startMs: number }[] = [];
  const stingStretches: { fromMs: number; toMs: number }[] = [];
  for (const [c, clip] of line.clips.entries()) {
    const cues = [...(clip.request.sounds ?? [])].sort((a, b) => a.atTurn - b.atTurn);
    // Stingers at one place are laid out in order, each followed by a gap, ending where the next sound starts.
    const stingsAt = new Map<number, PlannedSound[]>();
    for (const sound of cues) if (sound.kind === "sting") stingsAt.set(sound.atTurn, [...(stingsAt.get(sound.atTurn) ?? []), sound]);
    for (const [atTurn, stings] of stingsAt) {
      const point = await pointOf(c, atTurn);
      const total = stings.reduce((sum, s) => sum + stingSilence(s, sounds, settings), 0);
      // After the last turn the episode runs on for them; anywhere else their silence is in the timeline, before the point.
      let at = atTurn >= turnCount(clip.request) ? point + settings.gapMs : point - total;
      for (const sting of stings) {
        const file = fileOf(sounds, sting);
        placed.push({ kind: "sting", path: file.path, startMs: at, endMs: at + file.durationMs, gainDb: gain(file, 0) });
        stingStretches.push({ fromMs: at, toMs: at + file.durationMs });
        at += file.durationMs + settings.gapMs;
      }
      durationMs = Math.max(durationMs, at - settings.gapMs);
    }
    for (const sound of cues) {
      if (sound.kind === "sting") continue;
      const point = await pointOf(c, sound.atTurn);
      if (sound.kind === "bedEnd" || sound.kind === "bed") ends.push({ c, atTurn: sound.atTurn, startMs: point });
      if (sound.kind === "bed") beds.push({ c, sound, startMs: point });
      if (sound.kind === "effect") {
        const file = fileOf(sounds, sound);
        placed.push({ kind: "effect", path: file.path, startMs: point, endMs: point + file.durationMs, gainDb: gain(file, EFFECT_UNDER_LU) });
      }
    }
  }
  const voiced = [...voicedStretches(line), ...stingStretches].sort((a, b) => a.fromMs - b.fromMs);
  for (const bed of beds) {
    const file = fileOf(sounds, bed.sound);
    // It ends where the next bed starts or `BED out` is, or at the end of its section's last clip.
    const next = ends.find((e) => e.startMs > bed.startMs || (e.startMs === bed.startMs && e.c > bed.c));
    const endMs = Math.min(next?.startMs ?? durationMs, sectionEnd(line, bed.c, durationMs));
    if (endMs <= bed.startMs) continue;
    const ducks = merged(voiced.filter((v) => v.toMs > bed.startMs && v.fromMs < endMs));
    placed.push({ kind: "bed", path: file.path, startMs: bed.startMs, endMs, gainDb: gain(file, BED_UNDER_LU), ducks });
  }
  return { placed, durationMs };
}

/** The silence a clip opens with (a written pause before the first request of the episode). */
function leadOf(clip: Clip): number {
  const first = clip.edit?.stretches[0];
  return first !== undefined && "silenceMs" in first ? first.silenceMs : 0;
}

/** The end of the last clip of the section clip `c` is in (its requests carry the section's title). */
function sectionEnd(line: Timeline, c: number, durationMs: number): number {
  const section = line.clips[c]!.request.origin.section;
  let last = c;
  while (last + 1 < line.clips.length && line.clips[last + 1]!.request.origin.section === section) last++;
  return last + 1 === line.clips.length ? durationMs : line.clips[last]!.startMs + line.clips[last]!.durationMs;
}

/** Where a voice or a song is heard: every clip, less the written pauses inside it (which the bed fills). */
function voicedStretches(line: Timeline): { fromMs: number; toMs: number }[] {
  const out: { fromMs: number; toMs: number }[] = [];
  for (const clip of line.clips) {
    if (!clip.edit) {
      out.push({ fromMs: clip.startMs, toMs: clip.startMs + clip.durationMs });
      continue;
    }
    let at = clip.startMs;
    for (const stretch of clip.edit.stretches) {
      const length = "silenceMs" in stretch ? stretch.silenceMs : stretch.toMs - stretch.fromMs;
      if (!("silenceMs" in stretch)) out.push({ fromMs: at, toMs: at + length });
      at += length;
    }
  }
  return out;
}

/** Stretches closer than the hold joined into one: the bed stays down through a short silence. */
function merged(stretches: readonly { fromMs: number; toMs: number }[]): { fromMs: number; toMs: number }[] {
  const out: { fromMs: number; toMs: number }[] = [];
  for (const s of stretches) {
    const last = out.at(-1);
    if (last !== undefined && s.fromMs - last.toMs < DUCK_HOLD_MS) last.toMs = Math.max(last.toMs, s.toMs);
    else out.push({ ...s });
  }
  return out;
}
