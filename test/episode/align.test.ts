import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_VOICES } from "../../src/config/schema.js";
import { encodeWav, SAMPLE_RATE } from "../../src/emulator/audio/wav.js";
import type { SpeechEngine } from "../../src/emulator/audio/speech.js";
import { startEmulator, type Emulator } from "../../src/emulator/server.js";
import { proportionalStarts, turnStarts } from "../../src/episode/align.js";
import { findFfmpeg } from "../../src/episode/ffmpeg.js";
import { hasEspeak, KEY, scratchFolder } from "../service/helpers.js";
import { boundaryErrors, podcastRequests, quantile, renderThrough, type Conversation, type RenderedRequest } from "./alignment-helpers.js";

// Where each turn of a podcast request's audio starts: the project's emulator renders real requests (both voices:
// espeak-ng and the built-in synthesizer), records where it put each turn, and turnStarts must find the same places
// from the audio alone. These are accuracy assertions on real audio through real ffmpeg, not timings.

const ffmpeg = findFfmpeg();
const required = process.env.PODC_REQUIRE_FFMPEG === "1";
const folder = scratchFolder("align-test");
const WPM = 150;
const TARGET_MEDIAN_MS = 150;

it("has ffmpeg where it is required (PODC_REQUIRE_FFMPEG=1)", () => {
  if (required) expect(ffmpeg, "ffmpeg is not on the PATH: apt-get install ffmpeg").toBeDefined();
  if (!ffmpeg) console.warn("align.test: ffmpeg is not installed, alignment tests skipped (apt-get install ffmpeg)");
});

/** Conversations every run covers by hand: the extremes of a request, beside the seeded set. */
const EXTREMES: Conversation[] = [
  // Ten turns, mostly a word or two: the boundaries are close together and short turns last what the voice makes of them.
  ["Hello.", "Hi.", "Ready?", "Yes, ready.", "Then go.", "Right.", "The tower light went dark at nine.", "Really?", "Really.", "Wow."].map((text, i) => ({
    text,
    voice: i % 2 === 0 ? "Ethan" : "Victoria",
  })),
  // Two long turns near the 400-character limit, with commas and sentence pauses inside each.
  [
    {
      voice: "Ethan",
      text: "The keeper climbed the stairs every evening, one hundred and twelve of them, and wound the clockwork by hand. In winter the glass froze, so he scraped it with a knife. Nobody thanked him, and he did not expect anyone to. The ships passed, and that was enough for him, most nights.",
    },
    {
      voice: "Victoria",
      text: "My grandmother kept a lighthouse too, on the other coast. She said the worst nights were not the storms, but the calm ones, when the fog came in without a sound. You could not see the beam from the gallery. You only trusted that it was turning, because the machine hummed under your feet.",
    },
  ],
];

const engines: { engine: SpeechEngine; available: boolean }[] = [
  { engine: "synth", available: true },
  { engine: "espeak-ng", available: hasEspeak },
];

for (const { engine, available } of engines) {
  describe.runIf(ffmpeg !== undefined && available)(`turn starts in the emulator's ${engine} podcasts`, () => {
    let emu: Emulator;
    const rendered: RenderedRequest[] = [];

    beforeAll(async () => {
      emu = await startEmulator({ apiKey: KEY, speech: engine });
      const conversations = [...EXTREMES, ...podcastRequests(20_260_901, 10)];
      for (const [i, conversation] of conversations.entries()) rendered.push(await renderThrough(emu, KEY, conversation, folder, `${engine}-${i}`));
    });
    afterAll(() => emu?.close());

    it("covers 2 to 10 turns, short and long", () => {
      const counts = rendered.map((r) => r.turns.length);
      expect(Math.min(...counts)).toBe(2);
      expect(Math.max(...counts)).toBe(10);
      expect(rendered.every((r) => r.truth.length === r.turns.length && r.truth[0] === 0)).toBe(true);
    });

    it(`finds where each turn starts within ${TARGET_MEDIAN_MS} ms (median), far better than proportional timing`, async () => {
      const aligned: number[] = [];
      const proportional: number[] = [];
      for (const request of rendered) {
        const errors = await boundaryErrors(request, ffmpeg!, WPM);
        aligned.push(...errors.aligned);
        proportional.push(...errors.proportional);
        expect(errors.starts[0]).toBe(0);
        for (let i = 1; i < errors.starts.length; i++) expect(errors.starts[i]!).toBeGreaterThan(errors.starts[i - 1]!);
        expect(errors.starts[errors.starts.length - 1]!).toBeLessThan(request.durationMs);
      }
      expect(quantile(aligned, 0.5)).toBeLessThan(TARGET_MEDIAN_MS);
      expect(quantile(aligned, 0.5)).toBeLessThan(quantile(proportional, 0.5) / 2);
      expect(quantile(aligned, 0.95)).toBeLessThan(quantile(proportional, 0.95));
    });

    it("still finds them over room tone (pink noise about 27 dB under the voice): its quiet is never digital silence", async () => {
      const errors: number[] = [];
      for (const [i, request] of rendered.slice(0, 6).entries()) {
        const noisy = join(folder, `${engine}-${i}-room.wav`);
        execFileSync(ffmpeg!, [
          ...["-y", "-v", "error", "-i", request.file],
          ...["-f", "lavfi", "-i", `anoisesrc=color=pink:amplitude=0.02:seed=7:sample_rate=${SAMPLE_RATE}`],
          ...["-filter_complex", "amix=inputs=2:duration=first:normalize=0", noisy],
        ]);
        errors.push(...(await boundaryErrors({ ...request, file: noisy }, ffmpeg!, WPM)).aligned);
      }
      expect(quantile(errors, 0.5)).toBeLessThan(TARGET_MEDIAN_MS);
    });
  });
}

describe.runIf(ffmpeg !== undefined)("turn starts without usable pauses", () => {
  const turns = [{ text: "One two three four." }, { text: "Five six." }, { text: "Seven eight nine ten eleven twelve." }];

  it("falls back to proportional timing on a constant tone, which has no pause at all", async () => {
    const samples = Float32Array.from({ length: 5 * SAMPLE_RATE }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 220 * i) / SAMPLE_RATE));
    const file = join(folder, "tone.wav");
    writeFileSync(file, encodeWav(samples));
    expect(await turnStarts(file, turns, 5000, { wordsPerMinute: WPM, ffmpeg: ffmpeg! })).toEqual(proportionalStarts(turns, 5000, WPM));
  });

  it("falls back to proportional timing on pure silence and on a file ffmpeg cannot read, without throwing", async () => {
    const silent = join(folder, "silence.wav");
    writeFileSync(silent, encodeWav(new Float32Array(3 * SAMPLE_RATE)));
    expect(await turnStarts(silent, turns, 3000, { wordsPerMinute: WPM, ffmpeg: ffmpeg! })).toEqual(proportionalStarts(turns, 3000, WPM));
    const garbage = join(folder, "garbage.wav");
    writeFileSync(garbage, "this is not audio");
    expect(await turnStarts(garbage, turns, 3000, { wordsPerMinute: WPM, ffmpeg: ffmpeg! })).toEqual(proportionalStarts(turns, 3000, WPM));
  });

  it("starts a single turn at 0", async () => {
    const emu = await startEmulator({ apiKey: KEY, speech: "synth" });
    try {
      const one = await renderThrough(
        emu,
        KEY,
        [{ text: "Only one turn here, and it is long enough to have a pause, or two.", voice: DEFAULT_VOICES[0] }],
        folder,
        "one",
      );
      expect(await turnStarts(one.file, one.turns, one.durationMs, { wordsPerMinute: WPM, ffmpeg: ffmpeg! })).toEqual([0]);
    } finally {
      await emu.close();
    }
  });
});
