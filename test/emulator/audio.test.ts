import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { planSong, renderSong, tempoOf, DEFAULT_BPM } from "../../src/emulator/audio/song.js";
import { assignTimbres, renderSpeech, spokenDurationMs, TURN_GAP_MS, type SpeechEngine } from "../../src/emulator/audio/speech.js";
import { decodeWav, encodeWav, SAMPLE_RATE, wavDurationMs } from "../../src/emulator/audio/wav.js";
import { DEFAULT_VOICES } from "../../src/config/schema.js";
import { hasEspeak, hasSox, medianPitch, scratchFolder, soxDuration, strongestPeriod } from "../service/helpers.js";
import { longTermSpectrum, similarity } from "./spectrum.js";

const folder = scratchFolder("audio-test");
const write = (name: string, bytes: Buffer): string => {
  const path = join(folder, name);
  writeFileSync(path, bytes);
  return path;
};

const LYRICS =
  "[Verse]\nNeon lights across the floor\nCoffee cups and closing doors\n\n[Chorus]\nWe're the night shift, we're alive\nWe're the night shift\n[Instrumental]";
const voices = [...DEFAULT_VOICES];

describe("wav", () => {
  it("round-trips samples and is read by sox at the stated length", () => {
    const samples = Float32Array.from({ length: SAMPLE_RATE }, (_, i) => Math.sin((2 * Math.PI * 440 * i) / SAMPLE_RATE) * 0.5);
    const file = encodeWav(samples);
    const back = decodeWav(file);
    expect(back.sampleRate).toBe(SAMPLE_RATE);
    expect(back.samples.length).toBe(SAMPLE_RATE);
    expect(Math.abs(back.samples[100]! - samples[100]!)).toBeLessThan(1e-4);
    expect(wavDurationMs(file)).toBe(1000);
    const seconds = soxDuration(write("tone.wav", file));
    if (hasSox) expect(seconds).toBeCloseTo(1, 3);
  });

  it("refuses what is not a PCM WAV", () => {
    expect(() => decodeWav(Buffer.from("ID3 not a wav at all"))).toThrow(/RIFF/);
  });
});

describe("song sketch", () => {
  it("takes the tempo named in the prompt, else a mood default, else 100 bpm", () => {
    expect(tempoOf("synthwave, 110 bpm, melancholic")).toBe(110);
    expect(tempoOf("pop, 92BPM")).toBe(92);
    expect(tempoOf("piano ballad")).toBe(72);
    expect(tempoOf("upbeat disco")).toBe(124);
    expect(tempoOf("jazz")).toBe(DEFAULT_BPM);
    expect(tempoOf("999 bpm")).toBe(240);
  });

  it("lasts two bars per sung line, four per empty section, plus a two-bar intro and outro", () => {
    const plan = planSong(LYRICS, "110 bpm");
    expect(plan.sections.map((s) => [s.kind, s.bars])).toEqual([
      ["intro", 2],
      ["verse", 4],
      ["chorus", 4],
      ["instrumental", 4],
      ["outro", 2],
    ]);
    const bar = (4 * 60) / 110;
    expect(plan.durationMs).toBe(Math.round(16 * bar * 1000));
    const lyricsOwnFrame = planSong("[Intro]\n[Verse]\na\n[Outro]\nb", "120 bpm");
    expect(lyricsOwnFrame.sections.map((s) => s.kind)).toEqual(["intro", "verse", "outro"]);
  });

  it("renders a valid WAV as long as the plan, with the kick on the prompt's tempo", () => {
    for (const bpm of [90, 140]) {
      const plan = planSong("[Verse]\none\ntwo\nthree\nfour", `rock, ${bpm} bpm`);
      const file = encodeWav(renderSong(plan, 0));
      expect(Math.abs(wavDurationMs(file) - plan.durationMs)).toBeLessThanOrEqual(1);
      const seconds = soxDuration(write(`song-${bpm}.wav`, file));
      if (hasSox) expect(seconds! * 1000).toBeCloseTo(plan.durationMs, -1);
      // Drums mark every beat (kick on 1 and 3, snare on 2 and 4, hats on the eighths), so what repeats
      // best is the beat itself, its half, or two beats; never anything unrelated to the tempo.
      const beat = 60 / bpm;
      const ratio = strongestPeriod(file) / beat;
      const nearest = [0.5, 1, 2].reduce((a, b) => (Math.abs(ratio - b) < Math.abs(ratio - a) ? b : a));
      expect(Math.abs(ratio - nearest) / nearest).toBeLessThan(0.02);
    }
  });

  it("gives each of the three takes its own arrangement of the same plan: same length and tempo, clearly different spectra", () => {
    const plan = planSong(LYRICS, "110 bpm");
    const takes = [0, 1, 2].map((take) => renderSong(plan, take));
    const spectra = takes.map((samples) => longTermSpectrum(samples));
    for (const samples of takes) expect(samples.length).toBe(takes[0]!.length);
    const verse = planSong("[Verse]\none\ntwo\nthree\nfour", "rock, 90 bpm");
    for (const take of [0, 1, 2]) {
      const ratio = strongestPeriod(encodeWav(renderSong(verse, take))) / (60 / 90);
      expect([0.5, 1, 2].some((beats) => Math.abs(ratio - beats) / beats < 0.02)).toBe(true);
    }
    // Another key, voicing and timbre for each take: far from the same spectrum (the same take scores 1).
    expect(similarity(spectra[0]!, longTermSpectrum(renderSong(plan, 0)))).toBeCloseTo(1, 6);
    for (const [a, b] of [
      [0, 1],
      [0, 2],
      [1, 2],
    ] as const)
      expect(similarity(spectra[a]!, spectra[b]!)).toBeLessThan(0.9);
  });
});

describe("speech", () => {
  const turns = [
    { voice: "Ethan", text: "Welcome back to The Night Shift. Tonight we talk about the people who keep the city running." },
    { voice: "Victoria", text: "Thanks for having me. I worked nights for eleven years, and I loved every one of them." },
  ];

  it("gives the voices of one request different timbres, and a configured voice always the same one", () => {
    const one = assignTimbres(["Ethan", "Victoria"], voices);
    expect(one.get("Ethan")).not.toEqual(one.get("Victoria"));
    expect(assignTimbres(["Luna", "Ethan"], voices).get("Ethan")).toEqual(one.get("Ethan"));
    const unknown = assignTimbres(["Zed", "Zoe"], []);
    expect(unknown.get("Zed")).not.toEqual(unknown.get("Zoe"));
  });

  const engines: { engine: SpeechEngine; available: boolean; tolerance: number }[] = [
    { engine: "synth", available: true, tolerance: 0.02 },
    // espeak-ng speaks at its own pace around the 150 words a minute asked of it.
    { engine: "espeak-ng", available: hasEspeak, tolerance: 0.35 },
  ];
  for (const { engine, available, tolerance } of engines) {
    it.runIf(available)(`${engine}: lasts about 150 words a minute, in two audibly different voices, as a valid WAV`, async () => {
      const clips = [];
      for (const turn of turns) {
        const clip = (await renderSpeech([turn], { engine, configuredVoices: voices })).samples;
        const expected = spokenDurationMs(turn.text) / 1000;
        expect(Math.abs(clip.length / SAMPLE_RATE - expected) / expected).toBeLessThan(tolerance);
        clips.push(clip);
      }
      const ethan = medianPitch(clips[0]!);
      const victoria = medianPitch(clips[1]!);
      expect(ethan).toBeGreaterThan(70);
      expect(victoria / ethan).toBeGreaterThan(1.5);
      const rendered = await renderSpeech(turns, { engine, configuredVoices: voices });
      const both = rendered.samples;
      const gap = (TURN_GAP_MS / 1000) * SAMPLE_RATE;
      expect(both.length).toBe(clips[0]!.length + clips[1]!.length + gap);
      // The second turn starts where its clip was put: after the first clip and the gap.
      expect(rendered.turnStartsMs).toEqual([0, Math.round(((clips[0]!.length + gap) / SAMPLE_RATE) * 1000)]);
      const seconds = soxDuration(write(`speech-${engine}.wav`, encodeWav(both)));
      if (hasSox) expect(seconds).toBeCloseTo(both.length / SAMPLE_RATE, 2);
    });
  }

  it("does not let a line of the script become an espeak-ng option", async () => {
    if (!hasEspeak) return;
    const clip = (await renderSpeech([{ voice: "Ethan", text: "--help -w /tmp/evil.wav" }], { engine: "espeak-ng", configuredVoices: voices })).samples;
    expect(clip.length).toBeGreaterThan(SAMPLE_RATE / 2);
  });

  it("has sox available where CI runs (the audio checks above depend on it)", () => {
    if (process.env.CI) expect(hasSox).toBe(true);
  });
});
