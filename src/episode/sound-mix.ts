/*
 * The script's sound cues laid over the normalised speech (sound-cues.ts places them): each file brought to the mix's
 * format and its level, a bed looped, cut to its stretch, faded and ducked, each delayed to its place, all summed and
 * held under the true-peak limit. Apart from the placing, so that the mix (assemble.ts) needs none of the measuring.
 */

/** How far a bed dips under a voice (or a song, or a stinger). */
const BED_DUCK_DB = 12;
/** How long a dip takes to come in before a voice, and to go after it. */
const DUCK_RAMP_MS = 250;
const BED_FADE_IN_MS = 1500;
const BED_FADE_OUT_MS = 2000;

/** One cue as the mix plays it. */
export interface PlacedSound {
  kind: "effect" | "bed" | "sting";
  path: string;
  /** Where it starts in the episode, and (for a bed) where it stops. */
  startMs: number;
  endMs: number;
  gainDb: number;
  /** Where the bed dips: stretches of the episode, in ms. */
  ducks?: { fromMs: number; toMs: number }[];
}

/**
 * The ffmpeg inputs and filters that lay `placed` over the normalised speech `from` (a filter label) into `to`: each cue
 * brought to the mix's format and its level, a bed looped, cut to its stretch, faded and ducked, each delayed to its
 * place; all summed (without amix's scaling down) and held under the true-peak limit. `firstInput` is the index the
 * first of `inputs` gets on ffmpeg's command line; `mix` the rate and sample format (its filters) the mix is made at.
 */
export function soundMix(
  placed: readonly PlacedSound[],
  firstInput: number,
  from: string,
  to: string,
  truePeakDbtp: number,
  mix: { rate: number; format: string },
): { inputs: string[]; filters: string } {
  const perMs = mix.rate / 1000;
  const inputs: string[] = [];
  const chains: string[] = [];
  placed.forEach((sound, k) => {
    // A bed longer than its file loops the file.
    inputs.push(...(sound.kind === "bed" ? ["-stream_loop", "-1"] : []), "-i", sound.path);
    const steps = [mix.format];
    if (sound.kind === "bed") {
      const length = Math.round((sound.endMs - sound.startMs) * perMs);
      const fadeIn = Math.min(Math.round(BED_FADE_IN_MS * perMs), Math.floor(length / 2));
      const fadeOut = Math.min(Math.round(BED_FADE_OUT_MS * perMs), Math.floor(length / 2));
      steps.push(`atrim=end_sample=${length}`, "asetpts=N/SR/TB", `afade=t=in:ns=${fadeIn}`, `afade=t=out:ss=${length - fadeOut}:ns=${fadeOut}`);
    }
    steps.push(`volume=${sound.gainDb.toFixed(2)}dB`, `adelay=${Math.round(sound.startMs * perMs)}S:all=1`);
    if (sound.ducks !== undefined && sound.ducks.length > 0) steps.push(`volume='${duckExpression(sound.ducks)}':eval=frame`);
    chains.push(`[${firstInput + k}:a]${steps.join(",")}[snd${k}]`);
  });
  const ceiling = 10 ** ((truePeakDbtp - 0.5) / 20);
  const sum = `${from}${placed.map((_, k) => `[snd${k}]`).join("")}amix=inputs=${placed.length + 1}:duration=longest:dropout_transition=0:normalize=0`;
  return { inputs, filters: `${chains.join(";")};${sum},alimiter=limit=${ceiling.toFixed(4)}:level=false:attack=5:release=50:latency=1${to}` };
}

/** The bed's gain over time (t in seconds of the episode): 1, dipping by BED_DUCK_DB over each stretch, with ramps. */
function duckExpression(ducks: readonly { fromMs: number; toMs: number }[]): string {
  const depth = 1 - 10 ** (-BED_DUCK_DB / 20);
  const r = DUCK_RAMP_MS / 1000;
  const terms = ducks.map((d) => {
    const a = (d.fromMs / 1000).toFixed(3);
    const b = (d.toMs / 1000).toFixed(3);
    return `clip((t-${a}+${r})/${r},0,1)*clip((${b}+${r}-t)/${r},0,1)`;
  });
  return `1-${depth.toFixed(4)}*min(1,${terms.join("+")})`;
}
