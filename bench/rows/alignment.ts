// Where each turn of a podcast request's audio starts: a fixed set of generated requests (2 to 10 turns, short and long)
// rendered by the project's emulator in both voices (espeak-ng where installed, and the built-in synthesizer), aligned
// by turnStarts from the audio alone, and compared with the starts the emulator recorded while rendering. The baseline,
// on the same files in the same run, is proportional timing (the turns' word counts spread over the file). Also over
// room tone (pink noise about 27 dB under the voice), where the quiet between turns is never digital silence.

import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { espeakAvailable, type SpeechEngine } from "../../src/emulator/audio/speech.js";
import { SAMPLE_RATE } from "../../src/emulator/audio/wav.js";
import { startEmulator } from "../../src/emulator/server.js";
import { findFfmpeg } from "../../src/episode/ffmpeg.js";
import { boundaryErrors, podcastRequests, quantile, renderThrough, type RenderedRequest } from "../../test/episode/alignment-helpers.js";
import type { Figure, Row } from "../lib/row.js";
import { summarize } from "../lib/stats.js";

const KEY = "sk-bench-alignment";
const SEED = 20_261_124;
const TARGET_MEDIAN_MS = 150;
const WORDS_PER_MINUTE = 150;

export const alignment: Row = {
  id: "alignment",
  title: "where each turn of a podcast request starts: boundary error of the aligned starts against proportional timing",
  async run(context) {
    const ffmpeg = findFfmpeg();
    if (!ffmpeg) {
      context.log("alignment: ffmpeg is not installed (apt-get install ffmpeg): skipped");
      return [];
    }
    const engines: SpeechEngine[] = (await espeakAvailable()) ? ["espeak-ng", "synth"] : ["synth"];
    if (engines.length === 1) context.log("alignment: espeak-ng is not installed: the synthesized voice only");
    const requests = podcastRequests(SEED, context.quick ? 12 : 40);
    const folder = mkdtempSync(join(context.data, "alignment-"));
    const out: Figure[] = [];
    try {
      for (const engine of engines) {
        const emu = await startEmulator({ apiKey: KEY, speech: engine });
        const rendered: RenderedRequest[] = [];
        try {
          for (const [i, conversation] of requests.entries()) rendered.push(await renderThrough(emu, KEY, conversation, folder, `${engine}-${i}`));
        } finally {
          await emu.close();
        }
        const clean = await measure(rendered, ffmpeg);
        const room = await measure(
          rendered.map((request) => ({ ...request, file: withRoomTone(ffmpeg, request.file) })),
          ffmpeg,
        );
        const turns = rendered.reduce((n, r) => n + r.turns.length, 0);
        const note = `${rendered.length} requests, ${turns} turns, ${clean.aligned.length} boundaries`;
        out.push(
          errorFigure(
            `alignment.${engine}.median`,
            `boundary error, median, ${engine} voice`,
            summarize(clean.aligned),
            summarize(clean.proportional),
            note,
            true,
          ),
          errorFigure(
            `alignment.${engine}.p95`,
            `boundary error, p95, ${engine} voice`,
            single(quantile(clean.aligned, 0.95)),
            single(quantile(clean.proportional, 0.95)),
            note,
            false,
          ),
          errorFigure(
            `alignment.${engine}.room`,
            `boundary error, median, ${engine} voice over room tone`,
            summarize(room.aligned),
            summarize(room.proportional),
            note,
            true,
          ),
        );
        context.log(`  alignment ${engine}: median ${quantile(clean.aligned, 0.5)} ms, p95 ${quantile(clean.aligned, 0.95)} ms over ${note}`);
      }
      return out;
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  },
};

async function measure(requests: readonly RenderedRequest[], ffmpeg: string): Promise<{ aligned: number[]; proportional: number[] }> {
  const aligned: number[] = [];
  const proportional: number[] = [];
  for (const request of requests) {
    const errors = await boundaryErrors(request, ffmpeg, WORDS_PER_MINUTE);
    aligned.push(...errors.aligned);
    proportional.push(...errors.proportional);
  }
  return { aligned, proportional };
}

/** The same file with pink noise mixed in under the voice: the room a real recording has. */
function withRoomTone(ffmpeg: string, file: string): string {
  const noisy = file.replace(/\.wav$/, "-room.wav");
  execFileSync(ffmpeg, [
    ...["-y", "-v", "error", "-i", file],
    ...["-f", "lavfi", "-i", `anoisesrc=color=pink:amplitude=0.02:seed=7:sample_rate=${SAMPLE_RATE}`],
    ...["-filter_complex", "amix=inputs=2:duration=first:normalize=0", noisy],
  ]);
  return noisy;
}

/** A figure that is one number (a quantile over every boundary), not a median of runs. */
function single(value: number): ReturnType<typeof summarize> {
  return summarize([value]);
}

function errorFigure(
  id: string,
  label: string,
  value: ReturnType<typeof summarize>,
  baseline: ReturnType<typeof summarize>,
  note: string,
  target: boolean,
): Figure {
  return {
    id,
    label,
    unit: "ms",
    value,
    baseline: { label: "proportional timing", unit: "ms", value: baseline },
    ...(target ? { target: { op: "<=" as const, value: TARGET_MEDIAN_MS, of: "value" as const } } : {}),
    note,
  };
}
