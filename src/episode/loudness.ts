import { loudnessOf, type LoudnessMeasure } from "./assemble.js";
import { runFfmpeg } from "./ffmpeg.js";

/*
 * The loudness of the episode (EBU R128 / ITU-R BS.1770), computed from the loudness of its clips rather than by
 * listening to the whole mix: each clip is measured on its own (ffmpeg's ebur128, as the mix makes its samples), and
 * the episode's figures are the gated statistics over every clip's blocks together. Silence adds no block above the
 * absolute gate, so the gaps between clips count for nothing, as they do in the mix. A clip measured once is never
 * measured again while its audio and its processing stay the same (segment-cache.ts): a one-line edit measures one
 * clip. The figures agree with a measure of the whole mix to within a few hundredths of a LU (blocks are laid from each
 * clip's start, not the episode's, and the log gives a tenth of a LU), far inside what platforms ask (±1 LU).
 */

/** What one clip contributes: its blocks' loudness above the absolute gate, and its true peak (null: digital silence). */
export interface ClipLoudness {
  /** Momentary loudness (400 ms blocks, every 100 ms), LUFS. */
  momentary: number[];
  /** Short-term loudness (3 s windows, every 100 ms), LUFS: what the loudness range is taken over. */
  shortTerm: number[];
  truePeakDbtp: number | null;
}

/** Blocks quieter than this are silence (BS.1770's absolute gate). */
const ABSOLUTE_GATE_LUFS = -70;
/** Silence measured around each clip: the blocks that reach past its ends into the gaps, as in the mix. */
const MARGIN_MS = 300;

/**
 * Measures the clip `file` as `steps` (ffmpeg filters) make its samples; throws FfmpegError when ffmpeg cannot read it.
 */
export async function clipLoudness(ffmpeg: string, file: string, steps: string, signal?: AbortSignal): Promise<ClipLoudness> {
  const margin = Math.round((MARGIN_MS * 48_000) / 1000);
  const filter = `[0:a]${steps},adelay=${MARGIN_MS}:all=1,apad=pad_len=${margin},ebur128=peak=true:framelog=info[out]`;
  const { stderr } = await runFfmpeg(ffmpeg, ["-nostats", "-i", file, "-filter_complex", filter, "-map", "[out]", "-f", "null", "-"], {
    wholeStderr: true,
    ...(signal ? { signal } : {}),
  });
  const momentary: number[] = [];
  const shortTerm: number[] = [];
  for (const found of stderr.matchAll(/\bM:\s*(-?[\d.]+)\s+S:\s*(-?[\d.]+)/g)) {
    const m = Number(found[1]);
    const s = Number(found[2]);
    if (m >= ABSOLUTE_GATE_LUFS) momentary.push(m);
    if (s >= ABSOLUTE_GATE_LUFS) shortTerm.push(s);
  }
  const peak = loudnessOf(stderr)?.truePeakDbtp;
  // JSON has no -Infinity: digital silence is kept as null.
  return { momentary, shortTerm, truePeakDbtp: peak === undefined || !Number.isFinite(peak) ? null : peak };
}

/** The episode's loudness from its clips' (each clip once per time it is placed); undefined for silence. */
export function episodeLoudness(clips: readonly ClipLoudness[]): LoudnessMeasure | undefined {
  const momentary = clips.flatMap((clip) => clip.momentary);
  if (momentary.length === 0) return undefined;
  // BS.1770: the mean of the blocks above the absolute gate sets a relative gate 10 LU under it; the integrated
  // loudness is the mean of the blocks above both.
  const threshold = meanLoudness(momentary) - 10;
  const integratedLufs = meanLoudness(momentary.filter((l) => l >= threshold));
  // EBU Tech 3342: the loudness range is the spread (10th to 95th percentile) of the short-term loudness above a
  // relative gate 20 LU under its mean.
  const shortTerm = clips.flatMap((clip) => clip.shortTerm);
  const rangeGate = shortTerm.length > 0 ? meanLoudness(shortTerm) - 20 : 0;
  const gated = shortTerm.filter((l) => l >= rangeGate).sort((a, b) => a - b);
  const loudnessRange = gated.length > 0 ? percentile(gated, 0.95) - percentile(gated, 0.1) : 0;
  const peaks = clips.map((clip) => clip.truePeakDbtp ?? Number.NEGATIVE_INFINITY);
  const round = (x: number) => Math.round(x * 100) / 100;
  return {
    integratedLufs: round(integratedLufs),
    truePeakDbtp: Math.max(...peaks),
    loudnessRange: round(loudnessRange),
    threshold: round(threshold),
  };
}

/** The loudness of the mean power of blocks of these loudnesses. */
function meanLoudness(lufs: readonly number[]): number {
  const power = lufs.reduce((sum, l) => sum + 10 ** ((l + 0.691) / 10), 0) / lufs.length;
  return -0.691 + 10 * Math.log10(power);
}

function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))]!;
}
