import { unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BuildSettings } from "../config/schema.js";
import type { Plan, PlannedRequest } from "../lower/plan.js";
import { renameDurably, tempBeside, writeFileDurably } from "../files/durable.js";
import { assemble, clipSteps, ffmpegFailure, type EpisodeFormat, type LoudnessMeasure } from "./assemble.js";
import { levels as levelled } from "./levels.js";
import { piecewise, writeMp3 } from "./mp3-pieces.js";
import { BuildError } from "./build-error.js";
import { buildKey, recordBuild, upToDate } from "./build-record.js";
import { chapters, chaptersJson, type Chapter } from "./chapters.js";
import { cues } from "./cues.js";
import { episodeAudio, type PlacedAudio } from "./episode-audio.js";
import type { EpisodeTags } from "./episode-tags.js";
import { FFMPEG_INSTALL_HINT, FfmpegError } from "./ffmpeg.js";
import { ffmetadata } from "./ffmetadata.js";
import { clipLoudness, type ClipLoudness } from "./loudness.js";
import { mediaDurationMs } from "./media-duration.js";
import { withPauses } from "./pauses.js";
import { previewPage, type PreviewEpisode } from "./preview-page.js";
import { SEGMENT_CACHE_DIR, SegmentCache } from "./segment-cache.js";
import { inTurn, placeSounds, soundFiles, withStings } from "./sound-cues.js";
import type { PlacedSound } from "./sound-mix.js";
import { timeline, type Timeline } from "./timeline.js";
import { srt, transcriptJson, webVtt } from "./transcripts.js";

/*
 * `podc build`, the stage: from the audio `podc run` downloaded to the finished episode in `out/<episode>/` — the
 * mixed, loudness-normalised audio in every configured format with its tags and chapters, the chapters and the
 * transcript as files, and the preview page. Nothing is fetched: what is missing is named, with the command that
 * brings it. Every file is written beside its final name and renamed over it once whole, so a failed build leaves
 * the previous episode (or nothing), never half a file. What is measured of each piece of audio (its duration, where
 * its turns start, its loudness) is kept in the episode's build cache (segment-cache.ts), so a build after an edit
 * listens only to the pieces that changed; each piece is levelled on its own (levels.ts), and the mp3 is joined from
 * encoded pieces kept in the same cache (mp3-pieces.ts), so the edit encodes only its piece. Other formats are mixed
 * and encoded whole, in one pass.
 */

export interface EpisodeBuild {
  plan: Plan;
  tags: EpisodeTags;
  /** The episode's name: its files are `<name>.mp3`, `<name>.vtt`, … */
  name: string;
  /** `out/<episode>/`, where the manifest and the downloaded audio are, and where the episode goes. */
  outDir: string;
  settings: BuildSettings;
  wordsPerMinute: number;
  /** The job key of a planned request, as the manifest lists it; undefined: the manifest is read in order. */
  keyOf: ((request: PlannedRequest) => string) | undefined;
  /** The command that downloads the audio again, for messages. */
  fix: string;
  show: (path: string) => string;
  ffmpeg: string;
  /** ffprobe, to measure files the manifest gives no duration for. */
  ffprobe: string | undefined;
  /** Ctrl-C: stops ffmpeg, and the build with it. */
  signal?: AbortSignal;
  /** podc's version: a new podc builds again what an older one built. */
  version: string;
  /** Build even when the episode on disk was built from the same inputs (build-record.ts), and measure every piece again. */
  force?: boolean;
  /** The script's folder, which its sound cues' files are relative to; needed only when the plan has cues. */
  scriptDir?: string;
  /** Told each stage as the build reaches it ("measuring the loudness", …), for a progress line. */
  onStage?: (stage: string) => void;
}

export interface BuiltEpisode {
  /** Every file written, absolute, the audio first. */
  files: string[];
  durationMs: number;
  chapters: Chapter[];
  /** The mix's loudness before levelling; absent for a silent mix, and when the build was skipped. */
  measured?: LoudnessMeasure;
  /** The mp3's pieces read back from the build cache, and encoded afresh (none: the mp3 was encoded whole). */
  pieces: { reused: number; made: number };
  /** True when nothing was written: the episode on disk was built from these very inputs and is as written. */
  upToDate: boolean;
  /** Measurements of the pieces (durations, turn starts, loudness) read back from the build cache, and made afresh. */
  measurements: { reused: number; made: number };
}

/**
 * Builds the episode (see above), or leaves it when it was built from the same inputs and is as written (unless
 * `force`). Throws BuildError, with a message for the writer, when it cannot.
 */
export async function buildEpisode(build: EpisodeBuild): Promise<BuiltEpisode> {
  if (build.plan.requests.length === 0) throw new BuildError(`${build.plan.source} has no speech and no song: there is nothing to build`);
  const pieces = await episodeAudio(build.plan.requests, build);
  const { plan, tags, name, outDir, settings, wordsPerMinute, version } = build;
  const cache = new SegmentCache(join(outDir, SEGMENT_CACHE_DIR), version, build.force !== true);
  const sounds = await soundFiles(pieces, build.scriptDir ?? ".", build, cache);
  const soundKey = Object.keys(sounds.key).length > 0 ? { sounds: sounds.key } : {};
  const key = buildKey({ version, name, outDir, requests: plan.requests, tags, settings, wordsPerMinute, pieces, ...soundKey });
  const before = build.force ? undefined : await upToDate(outDir, key);
  if (before) {
    const files = before.files.map((file) => join(outDir, file.path));
    const none = { reused: 0, made: 0 };
    return { files, durationMs: before.durationMs, chapters: before.chapters, upToDate: true, measurements: none, pieces: none };
  }
  for (const piece of pieces) cache.know(piece.path, piece.sha256);
  const stage = build.onStage ?? (() => {});
  stage("measuring the audio");
  const alignOptions = { wordsPerMinute: build.wordsPerMinute, ffmpeg: build.ffmpeg };
  // Song beds play under the others, placed as cues: the timeline is the pieces played in turn.
  const inRow = pieces.filter(inTurn);
  const measuredPieces = withStings(await withDurations(inRow, build, cache), sounds, settings);
  const line = timeline(await withPauses(measuredPieces, { ...alignOptions, cache }), build.settings, true);
  const placed = await placeSounds(line, sounds, settings, { ...alignOptions, cache });
  // A stinger after the last turn runs the episode on.
  line.durationMs = placed.durationMs;
  const chapterList = chapters(line, { sceneNumbers: build.settings.sceneNumbers === true });
  stage("timing the transcript");
  const cueList = await cues(line, { ...alignOptions, cache }, (path) => inRow.find((p) => p.path === path)?.lyricsSections);

  const formats = [...new Set(build.settings.formats)];
  const outputs = formats.map((format) => ({ format, final: join(build.outDir, `${build.name}.${format}`), path: "" }));
  for (const output of outputs) output.path = tempBeside(output.final);
  const metadataFile = tempBeside(join(build.outDir, `${build.name}.ffmetadata`));
  let measured: LoudnessMeasure | undefined;
  try {
    writeFileSync(metadataFile, ffmetadata({ ...build.tags, title: build.tags.title ?? build.name }, chapterList));
    stage("measuring the loudness");
    const level = levelled(await mixLoudness(line, cache, build), build.settings.loudness);
    measured = level.before;
    stage(`making the episode (${formats.join(", ")})`);
    // The mp3 from its pieces when the timeline is clips and silence alone (no sound cue over it); everything else from
    // one mix, at once.
    const mp3 = piecewise(line) && placed.placed.length === 0 ? outputs.find((output) => output.format === "mp3") : undefined;
    const whole = outputs.filter((output) => output !== mp3);
    if (mp3) {
      const episode = { ffmpeg: build.ffmpeg, line, levels: level.filters, bitrateKbps: build.settings.bitrateKbps, metadataFile, path: mp3.path, cache };
      try {
        await writeMp3(build.signal ? { ...episode, signal: build.signal } : episode);
      } catch (error) {
        // An encoder whose frames cannot be joined (another LAME) still makes the episode: whole, as the other formats.
        if (error instanceof FfmpegError) throw ffmpegFailure(error, "making the episode", build.signal);
        whole.unshift(mp3);
      }
    }
    if (whole.length > 0) await assemble(build.ffmpeg, line, build.settings, { outputs: whole, metadataFile }, level.filters, build.signal, placed.placed);
    for (const output of outputs) await renameDurably(output.path, output.final);
  } catch (error) {
    throw error instanceof BuildError ? undecodable(error, line, build) : error;
  } finally {
    for (const path of [metadataFile, ...outputs.map((o) => o.path)]) removeQuietly(path);
  }

  const files = outputs.map((o) => o.final);
  const write = (file: string, text: string) => {
    const path = join(build.outDir, file);
    writeFileDurably(path, text);
    files.push(path);
  };
  write(`${build.name}.chapters.json`, chaptersJson(chapterList, build.tags.title));
  write(`${build.name}.vtt`, webVtt(cueList));
  write(`${build.name}.srt`, srt(cueList));
  write(`${build.name}.transcript.json`, transcriptJson(cueList));
  write("index.html", previewPage(preview(build, line, chapterList, cueList, { pieces, inRow }, formats, placed.placed)));
  await recordBuild(outDir, key, { files, durationMs: line.durationMs, chapters: chapterList });
  cache.save();
  const measurements = { reused: cache.hits, made: cache.misses };
  const encoded = { reused: cache.piecesKept, made: cache.piecesMade };
  return { files, durationMs: line.durationMs, chapters: chapterList, upToDate: false, measurements, pieces: encoded, ...(measured ? { measured } : {}) };
}

/**
 * The loudness of each clip (loudness.ts), in timeline order: measured once per file and processing, and read back
 * from the build cache for every clip an earlier build measured.
 */
async function mixLoudness(line: Timeline, cache: SegmentCache, build: EpisodeBuild): Promise<ClipLoudness[]> {
  const measuredHere = new Map<string, Promise<ClipLoudness>>();
  const perClip: ClipLoudness[] = [];
  for (const clip of line.clips) {
    const steps = clipSteps(clip);
    const id = `${clip.path}\n${steps}`;
    let measured = measuredHere.get(id);
    if (measured === undefined) {
      const measure = () => clipLoudness(build.ffmpeg, clip.path, steps, build.signal);
      measuredHere.set(id, (measured = cache.remember("loudness", clip.path, steps, measure)));
    }
    try {
      perClip.push(await measured);
    } catch (error) {
      throw ffmpegFailure(error, "measuring the loudness", build.signal);
    }
  }
  return perClip;
}

/** The pieces with their durations: the manifest's, else ffprobe's; a file neither can measure is not audio. */
async function withDurations(pieces: readonly PlacedAudio[], build: EpisodeBuild, cache: SegmentCache) {
  const measuredHere = new Map<string, number | undefined>();
  const list = [];
  for (const piece of pieces) {
    let durationMs = piece.durationMs;
    if (durationMs === undefined) {
      const ffprobe = build.ffprobe;
      if (ffprobe === undefined) throw new BuildError(`ffprobe is needed to measure ${build.show(piece.path)}: ${FFMPEG_INSTALL_HINT}`);
      if (!measuredHere.has(piece.path))
        measuredHere.set(piece.path, await cache.remember("duration", piece.path, null, () => mediaDurationMs(ffprobe, piece.path)));
      durationMs = measuredHere.get(piece.path);
      if (durationMs === undefined)
        throw new BuildError(`${build.show(piece.path)} cannot be read as audio: delete it and run \`${build.fix}\` to fetch it again`);
    }
    list.push({ request: piece.request, path: piece.path, durationMs });
  }
  return list;
}

/** An ffmpeg failure that names one of the inputs is that file's fault: say which, and how to replace it. */
function undecodable(error: BuildError, line: Timeline, build: EpisodeBuild): BuildError {
  // ffmpeg says `<path>: <what is wrong>` of an input it cannot read (its listing of the inputs quotes the paths).
  const file = line.clips.map((c) => c.path).find((path) => error.lastLines.some((text) => text.includes(`${path}: `)));
  if (file === undefined) return error;
  return new BuildError(`ffmpeg cannot decode ${build.show(file)}: delete it and run \`${build.fix}\` to fetch it again`, error.lastLines);
}

function preview(
  build: EpisodeBuild,
  line: Timeline,
  chapterList: Chapter[],
  cueList: PreviewEpisode["cues"],
  { pieces, inRow }: { pieces: readonly PlacedAudio[]; inRow: readonly PlacedAudio[] },
  formats: EpisodeFormat[],
  placed: readonly PlacedSound[],
): PreviewEpisode {
  const songs: PreviewEpisode["songs"] = [];
  const shown = new Set<string>();
  // Every song with its takes, to choose a Pick by ear: those played in turn where they start, a song bed where it
  // comes in under the speech (and named so); one that plays nowhere is not shown.
  for (const piece of pieces) {
    const request = piece.request;
    if (request.kind !== "song" || shown.has(request.key)) continue;
    const startMs = request.bed ? placed.find((p) => p.kind === "bed" && p.path === piece.path)?.startMs : line.clips[inRow.indexOf(piece)]?.startMs;
    if (startMs === undefined) continue;
    shown.add(request.key);
    const takes = piece.takes.map((take) => ({
      label: `Take ${(take.choice ?? 0) + 1}`,
      audio: take.path,
      ...(take.durationMs !== undefined ? { durationMs: take.durationMs } : {}),
    }));
    const title = request.origin.song ?? "Song";
    songs.push({ title: request.bed ? `${title} (bed)` : title, startMs, pick: request.pick ?? 1, takes });
  }
  songs.sort((a, b) => a.startMs - b.startMs);
  const player = formats.includes("mp3") ? "mp3" : formats[0]!;
  return {
    title: build.tags.title ?? build.name,
    audio: `${build.name}.${player}`,
    durationMs: line.durationMs,
    chapters: chapterList.map((c) => ({ startMs: c.startMs, title: c.title, kind: c.kind })),
    cues: cueList,
    songs,
  };
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already renamed into place, or never written
  }
}
