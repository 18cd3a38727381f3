import { runFfmpeg } from "./ffmpeg.js";

/*
 * The pauses of an audio file, as ffmpeg's silencedetect hears them. A pause is a stretch quieter than a threshold for
 * at least a minimum time; where the threshold sits decides what counts as quiet, so the caller sets it relative to
 * the file's own level (a voice recorded over a bed of room tone has no digital silence at all).
 */

/** A stretch of the file quieter than the threshold, in milliseconds from its start. */
export interface Pause {
  startMs: number;
  endMs: number;
}

/** The file's level in dBFS: its overall RMS, and the RMS of its quietest 50 ms (its noise floor). */
export interface Level {
  meanDb: number;
  floorDb: number;
}

/** The file's mean level and noise floor (ffmpeg's astats); undefined when ffmpeg reports none (an empty file). */
export async function measureLevel(file: string, ffmpeg: string): Promise<Level | undefined> {
  const filter = "astats=length=0.05:metadata=0:measure_perchannel=none:measure_overall=RMS_level+RMS_trough";
  const { stderr } = await runFfmpeg(ffmpeg, ["-nostats", "-i", file, "-map", "0:a:0", "-af", filter, "-f", "null", "-"]);
  const mean = /RMS level dB:\s*(-?[\d.]+|-inf)/.exec(stderr)?.[1];
  const floor = /RMS trough dB:\s*(-?[\d.]+|-inf)/.exec(stderr)?.[1];
  if (mean === undefined || floor === undefined) return undefined;
  const db = (text: string) => (text === "-inf" ? Number.NEGATIVE_INFINITY : Number(text));
  return { meanDb: db(mean), floorDb: db(floor) };
}

/**
 * The pauses of `file` quieter than `noiseDb` (dBFS) for at least `minMs`, in time order. A pause still open at the end
 * of the file ends there.
 */
export async function readPauses(file: string, ffmpeg: string, options: { noiseDb: number; minMs: number }): Promise<Pause[]> {
  const filter = `silencedetect=noise=${options.noiseDb.toFixed(1)}dB:duration=${(options.minMs / 1000).toFixed(3)}`;
  const { stderr } = await runFfmpeg(ffmpeg, ["-nostats", "-i", file, "-map", "0:a:0", "-af", filter, "-f", "null", "-"]);
  return parsePauses(stderr);
}

/** The pauses in silencedetect's log lines; a start without its end (cut output) is dropped. */
function parsePauses(log: string): Pause[] {
  const pauses: Pause[] = [];
  let open: number | undefined;
  for (const found of log.matchAll(/silence_(start|end): (-?\d+(?:\.\d+)?(?:e-?\d+)?)/g)) {
    const ms = Math.max(0, Number(found[2]) * 1000);
    if (found[1] === "start") open = ms;
    else if (open !== undefined) {
      if (ms > open) pauses.push({ startMs: open, endMs: ms });
      open = undefined;
    }
  }
  return pauses;
}
