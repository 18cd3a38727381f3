import type { BuildSettings } from "../config/schema.js";
import { BuildError } from "./build-error.js";
import { FfmpegError, runFfmpeg } from "./ffmpeg.js";
import { editFilters } from "./pauses.js";
import { soundMix, type PlacedSound } from "./sound-mix.js";
import type { Clip, Timeline } from "./timeline.js";

/*
 * The mix: every clip of the timeline decoded, brought to one format, held to its exact length (so chapters and cues
 * land where the timeline says), faded when it is a song, levelled to the target loudness on its own (EBU R128, from
 * its own measured loudness: levels.ts), followed by its silence, and all concatenated; every format encoded at once.
 * One pass over the audio: the measuring was done per clip, and is kept from one build to the next, so an edit
 * measures only the clip it changed. The mp3, when the episode is made of clips alone, is encoded piece by piece
 * instead (mp3-pieces.ts), from the same filters as here (`clipFilters`).
 */

/** The sample rate the mix is made at. */
export const MIX_RATE = 48_000;

export type EpisodeFormat = BuildSettings["formats"][number];

/**
 * How each format is encoded; `-f` names the container, since the temporary file's name says nothing. The sample
 * format and rate each encoder takes are set in the graph (see `outputFormat`), one branch per output.
 */
function encoderArgs(format: EpisodeFormat, kbps: number): string[] {
  switch (format) {
    case "mp3":
      // ID3v2.3: the version most players and podcast apps read, chapters (CHAP/CTOC) included.
      return ["-c:a", "libmp3lame", "-b:a", `${kbps}k`, "-id3v2_version", "3", "-f", "mp3"];
    case "m4a":
      return ["-c:a", "aac", "-b:a", `${kbps}k`, "-movflags", "+faststart", "-f", "ipod"];
    case "opus":
      return ["-c:a", "libopus", "-b:a", `${kbps}k`, "-f", "opus"];
    case "flac":
      return ["-c:a", "flac", "-f", "flac"];
  }
}

/** The samples each encoder is given: mp3 and m4a at 44.1 kHz as podcast apps expect, opus at its own 48 kHz, flac 16-bit. */
function outputFormat(format: EpisodeFormat): string {
  const [sampleFormat, rate] = { mp3: ["fltp", 44_100], m4a: ["fltp", 44_100], opus: ["flt", MIX_RATE], flac: ["s16", MIX_RATE] }[format];
  return `aresample=${rate},aformat=sample_fmts=${sampleFormat}:sample_rates=${rate}:channel_layouts=stereo`;
}

/** Where the mix goes: one file per format, and the metadata file (tags, chapters) every one of them carries. */
interface MixTargets {
  outputs: { format: EpisodeFormat; path: string }[];
  metadataFile: string;
}

/** The loudness of the mix before normalisation (EBU R128). */
export interface LoudnessMeasure {
  integratedLufs: number;
  truePeakDbtp: number;
  loudnessRange: number;
  /** The relative gate of the integrated loudness, in LUFS. */
  threshold: number;
}

/** Quieter than this, a mix is silence: there is nothing to normalise. */
const SILENT_LUFS = -69;

/**
 * Mixes `line`, each clip levelled by its filter of `levels` (levels.ts), lays the script's `sounds` over it and writes
 * every output of `targets`; an ffmpeg failure is a BuildError with its last lines.
 */
export async function assemble(
  ffmpeg: string,
  line: Timeline,
  settings: BuildSettings,
  targets: MixTargets,
  levels: readonly string[],
  signal?: AbortSignal,
  sounds: readonly PlacedSound[] = [],
): Promise<void> {
  // Each file is opened once, however often the script repeats it (a jingle): ffmpeg splits it in the graph.
  const files = [...new Set(line.clips.map((clip) => clip.path))];
  const inputs = files.flatMap((path) => ["-i", path]);
  const graph = mixGraph(line, files, levels);
  // One branch per output, each converted to what its encoder takes: asplit alone cannot agree on one format for all.
  const branches = targets.outputs.map((output, i) => `[s${i}]${outputFormat(output.format)}[o${i}]`).join(";");
  const split = `asplit=${targets.outputs.length}${targets.outputs.map((_, i) => `[s${i}]`).join("")};${branches}`;
  const meta = files.length;
  // The script's sound cues, laid over the levelled speech (sound-cues.ts); their inputs follow the metadata's.
  const overlay =
    sounds.length > 0 ? soundMix(sounds, meta + 1, "[mix]", "[full]", settings.loudness.truePeakDbtp, { rate: MIX_RATE, format: MIX_FORMAT }) : undefined;
  const outputs = targets.outputs.flatMap((output, i) => [
    "-map",
    `[o${i}]`,
    "-map_metadata",
    String(meta),
    "-map_chapters",
    String(meta),
    ...encoderArgs(output.format, settings.bitrateKbps),
    "-y",
    output.path,
  ]);
  await ffmpegStep(
    ffmpeg,
    [
      ...inputs,
      "-f",
      "ffmetadata",
      "-i",
      targets.metadataFile,
      ...(overlay?.inputs ?? []),
      "-filter_complex",
      overlay ? `${graph};${overlay.filters};[full]${split}` : `${graph};[mix]${split}`,
      ...outputs,
    ],
    "making the episode",
    signal,
  );
}

/**
 * The normalisation's filter, given the loudness `measured` of what it is applied to (a clip: levels.ts): one gain brings
 * it to the target loudness and its dynamics are kept; where that gain would push the true peak over its limit, a
 * limiter holds the rare peaks under it (with a margin for the peaks between samples). Silence is left alone.
 */
export function normalisation(measured: LoudnessMeasure | undefined, target: BuildSettings["loudness"]): string {
  if (!measured || measured.integratedLufs < SILENT_LUFS) return "anull";
  const gain = target.integratedLufs - measured.integratedLufs;
  const volume = `volume=${gain.toFixed(2)}dB`;
  if (measured.truePeakDbtp + gain <= target.truePeakDbtp) return volume;
  const ceiling = 10 ** ((target.truePeakDbtp - TRUE_PEAK_MARGIN_DB) / 20);
  // latency: the limiter's look-ahead would otherwise start the clip 5 ms after its place on the timeline.
  return `${volume},alimiter=limit=${ceiling.toFixed(4)}:level=false:attack=5:release=50:latency=true`;
}

/** How far under the true-peak limit the limiter holds samples: peaks between samples, and the encoder's, rise above them. */
const TRUE_PEAK_MARGIN_DB = 0.5;

/** The filter graph that turns the inputs (`files`, each once) into `[mix]`. */
function mixGraph(line: Timeline, files: readonly string[], levels: readonly string[]): string {
  const perMs = MIX_RATE / 1000;
  const uses = files.map((path) => line.clips.filter((clip) => clip.path === path).length);
  const splits = files.flatMap((_, f) =>
    uses[f]! > 1 ? [`[${f}:a]asplit=${uses[f]}${Array.from({ length: uses[f]! }, (_, k) => `[f${f}u${k}]`).join("")}`] : [],
  );
  const taken = files.map(() => 0);
  const chains = line.clips.flatMap((clip, i) => {
    const f = files.indexOf(clip.path);
    const source = uses[f]! > 1 ? `[f${f}u${taken[f]!++}]` : `[${f}:a]`;
    const steps = clip.gapAfterMs > 0 ? [`apad=pad_len=${Math.round(clip.gapAfterMs * perMs)}`] : [];
    steps.push("asetpts=N/SR/TB");
    return [...clipFilters(clip, i, source, levels[i]!, `l${i}`), `[l${i}]${steps.join(",")}[c${i}]`];
  });
  const all = line.clips.map((_, i) => `[c${i}]`).join("");
  return `${[...splits, ...chains].join(";")};${all}concat=n=${line.clips.length}:v=0:a=1[mix]`;
}

/**
 * The filters that make clip `i` of the timeline from `source` (its file's audio) into `[out]`, at the mix's rate and
 * format: the script's pauses (pauses.ts), its own steps (`clipSteps`), then `level`, its levelling filter, held to
 * the clip's exact length again (a limiter's look-ahead and loudnorm keep the length only roughly).
 */
export function clipFilters(clip: Clip, i: number, source: string, level: string, out: string): string[] {
  const filters: string[] = [];
  // The script's pauses: the file's parts and the silences between them (pauses.ts), joined before the clip's own steps.
  if (clip.edit) {
    filters.push(`${source}${MIX_FORMAT}[e${i}]`, ...editFilters(`[e${i}]`, clip.edit, MIX_RATE, `d${i}`));
    source = `[d${i}]`;
  }
  const first = clip.edit?.stretches[0];
  const samples = Math.round((clip.durationMs * MIX_RATE) / 1000);
  const steps = [clipSteps(clip, first !== undefined && "silenceMs" in first ? first.silenceMs : 0), level];
  if (level !== "anull") steps.push(MIX_FORMAT, `apad=whole_len=${samples}`, `atrim=end_sample=${samples}`);
  filters.push(`${source}${steps.join(",")}[${out}]`);
  return filters;
}

/** The mix's sample format, which every clip is brought to. */
const MIX_FORMAT = `aresample=${MIX_RATE},aformat=sample_fmts=fltp:channel_layouts=stereo`;

/**
 * The filters that make a clip's samples as the mix places them (without the silence after it): at the mix's rate and
 * format, held to its exact length, faded in after `leadMs` (a written pause that opens it) and out at its end. Its
 * loudness is measured through the same filters (loudness.ts), on its file as the service made it: a pause's silence
 * falls under the loudness gate, so the measure stands for the edited clip too.
 */
export function clipSteps(clip: Pick<Clip, "durationMs" | "fadeInMs" | "fadeOutMs">, leadMs = 0): string {
  const perMs = MIX_RATE / 1000;
  const samples = Math.round(clip.durationMs * perMs);
  const steps = [MIX_FORMAT, `apad=whole_len=${samples}`, `atrim=end_sample=${samples}`];
  if (clip.fadeInMs > 0) steps.push(`afade=t=in:ss=${Math.round(leadMs * perMs)}:ns=${Math.round(clip.fadeInMs * perMs)}`);
  if (clip.fadeOutMs > 0) {
    const length = Math.round(clip.fadeOutMs * perMs);
    steps.push(`afade=t=out:ss=${samples - length}:ns=${length}`);
  }
  return steps.join(",");
}

async function ffmpegStep(ffmpeg: string, args: string[], doing: string, signal: AbortSignal | undefined): Promise<string> {
  try {
    return (await runFfmpeg(ffmpeg, args, signal ? { signal } : {})).stderr;
  } catch (error) {
    throw ffmpegFailure(error, doing, signal);
  }
}

/** What the writer is told of an ffmpeg that failed while `doing` a step of the build: a BuildError; any other error as it is. */
export function ffmpegFailure(error: unknown, doing: string, signal: AbortSignal | undefined): unknown {
  if (!(error instanceof FfmpegError)) return error;
  if (signal?.aborted) return new BuildError(`interrupted while ${doing}: the episode was not built (the previous one, if any, is as it was)`);
  return new BuildError(`ffmpeg failed ${doing}: ${error.message}`, error.lastLines);
}

/** The R128 summary ebur128 printed at the end of its pass, or undefined when there is none. */
export function loudnessOf(stderr: string): LoudnessMeasure | undefined {
  const summary = stderr.slice(stderr.lastIndexOf("Summary:"));
  const figure = (pattern: RegExp) => Number(pattern.exec(summary)?.[1] ?? Number.NaN);
  const measure = {
    integratedLufs: figure(/\bI:\s*(-?[\d.]+) LUFS/),
    threshold: figure(/\bI:[^\n]*\n\s*Threshold:\s*(-?[\d.]+) LUFS/),
    loudnessRange: figure(/\bLRA:\s*(-?[\d.]+) LU/),
    // A true peak of -inf is digital silence.
    truePeakDbtp: /\bPeak:\s*-inf/.test(summary) ? -Infinity : figure(/\bPeak:\s*(-?[\d.]+) dBFS/),
  };
  return [measure.integratedLufs, measure.threshold, measure.loudnessRange].every(Number.isFinite) && !Number.isNaN(measure.truePeakDbtp) ? measure : undefined;
}
