import type { BuildSettings } from "../config/schema.js";
import { BuildError } from "./build-error.js";
import { FfmpegError, runFfmpeg } from "./ffmpeg.js";
import type { Timeline } from "./timeline.js";

/*
 * The mix: every clip of the timeline decoded, brought to one format, held to its exact length (so chapters and cues
 * land where the timeline says), faded when it is a song, followed by its silence, and all concatenated. Then loudness
 * normalisation the way podcast platforms ask (EBU R128, two passes of ffmpeg's loudnorm): the first pass measures
 * the whole mix, the second applies one gain from those measures (linear, so the dynamics are kept whenever the true
 * peak allows) and encodes every format at once. The mix is made twice rather than written out between the passes:
 * decoding is cheap, and an hour of uncompressed audio on disk is not.
 */

/** The sample rate the mix is made at. */
const MIX_RATE = 48_000;

export type EpisodeFormat = BuildSettings["formats"][number];

/** How each format is encoded; `-f` names the container, since the temporary file's name says nothing. */
function encoderArgs(format: EpisodeFormat, kbps: number): string[] {
  switch (format) {
    case "mp3":
      // ID3v2.3: the version most players and podcast apps read, chapters (CHAP/CTOC) included.
      return ["-c:a", "libmp3lame", "-b:a", `${kbps}k`, "-ar", "44100", "-id3v2_version", "3", "-f", "mp3"];
    case "m4a":
      return ["-c:a", "aac", "-b:a", `${kbps}k`, "-ar", "44100", "-movflags", "+faststart", "-f", "ipod"];
    case "opus":
      return ["-c:a", "libopus", "-b:a", `${kbps}k`, "-ar", "48000", "-f", "opus"];
    case "flac":
      return ["-c:a", "flac", "-sample_fmt", "s16", "-ar", "48000", "-f", "flac"];
  }
}

/** Where the mix goes: one file per format, and the metadata file (tags, chapters) every one of them carries. */
export interface MixTargets {
  outputs: { format: EpisodeFormat; path: string }[];
  metadataFile: string;
}

/** What the loudness of the mix was before normalisation, as the first pass measured it. */
export interface LoudnessMeasure {
  integratedLufs: number;
  truePeakDbtp: number;
  loudnessRange: number;
  threshold: number;
  offset: number;
}

/** Mixes `line` and writes every output of `targets`; an ffmpeg failure is a BuildError with its last lines. */
export async function assemble(ffmpeg: string, line: Timeline, settings: BuildSettings, targets: MixTargets): Promise<{ measured?: LoudnessMeasure }> {
  const inputs = line.clips.flatMap((clip) => ["-i", clip.path]);
  const graph = mixGraph(line);
  const target = settings.loudness;
  const aim = `I=${target.integratedLufs}:TP=${target.truePeakDbtp}:LRA=${target.loudnessRange}`;
  const first = await ffmpegStep(ffmpeg, [...inputs, "-filter_complex", `${graph};[mix]loudnorm=${aim}:print_format=json[out]`, "-map", "[out]", "-f", "null", "-"], "measuring the loudness");
  const measured = loudnessOf(first);
  // A silent mix has no loudness to correct: normalising it would only amplify nothing.
  const normalise = measured
    ? `loudnorm=${aim}:measured_I=${measured.integratedLufs}:measured_TP=${measured.truePeakDbtp}:measured_LRA=${measured.loudnessRange}:measured_thresh=${measured.threshold}:offset=${measured.offset}:linear=true`
    : "anull";
  const labels = targets.outputs.map((_, i) => `[o${i}]`).join("");
  const split = targets.outputs.length > 1 ? `,asplit=${targets.outputs.length}${labels}` : labels;
  const meta = line.clips.length;
  const outputs = targets.outputs.flatMap((output, i) => [
    "-map", `[o${i}]`, "-map_metadata", String(meta), "-map_chapters", String(meta), ...encoderArgs(output.format, settings.bitrateKbps), "-y", output.path,
  ]);
  await ffmpegStep(ffmpeg, [...inputs, "-f", "ffmetadata", "-i", targets.metadataFile, "-filter_complex", `${graph};[mix]${normalise}${split}`, ...outputs], "making the episode");
  return measured ? { measured } : {};
}

/** The filter graph that turns the inputs into `[mix]`. */
function mixGraph(line: Timeline): string {
  const perMs = MIX_RATE / 1000;
  const chains = line.clips.map((clip, i) => {
    const samples = Math.round(clip.durationMs * perMs);
    const steps = [`aresample=${MIX_RATE}`, "aformat=sample_fmts=fltp:channel_layouts=stereo", `apad=whole_len=${samples}`, `atrim=end_sample=${samples}`];
    if (clip.fadeInMs > 0) steps.push(`afade=t=in:ss=0:ns=${Math.round(clip.fadeInMs * perMs)}`);
    if (clip.fadeOutMs > 0) {
      const length = Math.round(clip.fadeOutMs * perMs);
      steps.push(`afade=t=out:ss=${samples - length}:ns=${length}`);
    }
    if (clip.gapAfterMs > 0) steps.push(`apad=pad_len=${Math.round(clip.gapAfterMs * perMs)}`);
    steps.push("asetpts=N/SR/TB");
    return `[${i}:a]${steps.join(",")}[c${i}]`;
  });
  const all = line.clips.map((_, i) => `[c${i}]`).join("");
  return `${chains.join(";")};${all}concat=n=${line.clips.length}:v=0:a=1[mix]`;
}

async function ffmpegStep(ffmpeg: string, args: string[], doing: string): Promise<string> {
  try {
    return (await runFfmpeg(ffmpeg, args)).stderr;
  } catch (error) {
    if (!(error instanceof FfmpegError)) throw error;
    throw new BuildError(`ffmpeg failed ${doing}: ${error.message}`, error.lastLines);
  }
}

/** The measures loudnorm printed as JSON at the end of the first pass, or undefined when the mix is silent. */
export function loudnessOf(stderr: string): LoudnessMeasure | undefined {
  const start = stderr.lastIndexOf("{");
  const end = stderr.lastIndexOf("}");
  if (start < 0 || end < start) return undefined;
  let json: Record<string, string>;
  try {
    json = JSON.parse(stderr.slice(start, end + 1)) as Record<string, string>;
  } catch {
    return undefined;
  }
  const measure = {
    integratedLufs: Number(json.input_i),
    truePeakDbtp: Number(json.input_tp),
    loudnessRange: Number(json.input_lra),
    threshold: Number(json.input_thresh),
    offset: Number(json.target_offset),
  };
  return Object.values(measure).every(Number.isFinite) ? measure : undefined;
}
