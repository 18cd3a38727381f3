import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hash, mulberry32, normalize } from "./signal.js";
import { concatenate, decodeWav, resample, SAMPLE_RATE } from "./wav.js";

/*
 * The podcast voice of the emulator: a table read of the script. With espeak-ng installed each
 * service voice is a distinct espeak voice; without it, a small formant synthesizer babbles the text
 * in two clearly different timbres. Either way the audio lasts as long as the text takes to say at
 * about 150 words a minute.
 */

const WORDS_PER_MINUTE = 150;
/** Silence between two turns. */
export const TURN_GAP_MS = 400;

export type SpeechEngine = "espeak-ng" | "synth";

/** How one service voice sounds: an espeak-ng voice and pitch, and the synthesizer's equivalent. */
export interface Timbre {
  espeakVoice: string;
  espeakPitch: number;
  /** Fundamental frequency of the synthesizer's voice, in Hz. */
  f0: number;
  /** Scales vowel formants: above 1 sounds like a shorter vocal tract. */
  formantScale: number;
  /** 0..1: share of the bright (differentiated) glottal source. */
  brightness: number;
}

/** Distinct timbres; the configured voices take them in order, alternating low and high. */
const TIMBRES: readonly Timbre[] = [
  // espeak-ng ignores a variant after "en-gb", hence "en" and "en-us" only.
  { espeakVoice: "en-us+m3", espeakPitch: 40, f0: 105, formantScale: 1.0, brightness: 0.3 },
  { espeakVoice: "en+f3", espeakPitch: 60, f0: 215, formantScale: 1.17, brightness: 0.6 },
  { espeakVoice: "en+m1", espeakPitch: 55, f0: 128, formantScale: 1.02, brightness: 0.55 },
  { espeakVoice: "en-us+f4", espeakPitch: 75, f0: 238, formantScale: 1.2, brightness: 0.4 },
  { espeakVoice: "en+f2", espeakPitch: 55, f0: 190, formantScale: 1.14, brightness: 0.75 },
  { espeakVoice: "en-us+m7", espeakPitch: 25, f0: 88, formantScale: 0.95, brightness: 0.2 },
  { espeakVoice: "en+f5", espeakPitch: 80, f0: 258, formantScale: 1.24, brightness: 0.5 },
  { espeakVoice: "en+m4", espeakPitch: 45, f0: 145, formantScale: 1.06, brightness: 0.65 },
];

/**
 * Timbre of each voice used in one request. A configured voice keeps its place in the table (so
 * "Ethan" sounds the same in every request); two voices of one request never share a timbre.
 */
export function assignTimbres(requestVoices: readonly string[], configuredVoices: readonly string[]): Map<string, Timbre> {
  const taken = new Set<number>();
  const out = new Map<string, Timbre>();
  for (const voice of requestVoices) {
    if (out.has(voice)) continue;
    const position = configuredVoices.indexOf(voice);
    let slot = (position >= 0 ? position : hash(voice)) % TIMBRES.length;
    while (taken.has(slot) && taken.size < TIMBRES.length) slot = (slot + 1) % TIMBRES.length;
    taken.add(slot);
    out.set(voice, TIMBRES[slot]!);
  }
  return out;
}

let espeakProbe: Promise<boolean> | undefined;

/** Whether `espeak-ng` runs on this machine; asked once per process. */
export function espeakAvailable(command = "espeak-ng"): Promise<boolean> {
  if (command !== "espeak-ng") return probe(command);
  espeakProbe ??= probe(command);
  return espeakProbe;
}

function probe(command: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, ["--version"], { stdio: "ignore" });
    child.on("error", () => resolve(false));
    child.on("close", (code) => resolve(code === 0));
  });
}

export interface SpeechOptions {
  engine: SpeechEngine;
  configuredVoices: readonly string[];
  espeakCommand?: string;
}

/** A podcast request's audio, and where each turn's clip begins in it: the truth alignment is measured against. */
export interface RenderedSpeech {
  samples: Float32Array;
  /** Milliseconds from the start of the audio to the start of each turn's clip; the first is 0. */
  turnStartsMs: number[];
}

/** Renders the turns in order, one voice per speaker, with a short pause between turns. */
export async function renderSpeech(turns: readonly { text: string; voice: string }[], options: SpeechOptions): Promise<RenderedSpeech> {
  const timbres = assignTimbres(
    turns.map((t) => t.voice),
    options.configuredVoices,
  );
  let clips: Float32Array[];
  if (options.engine === "espeak-ng") clips = await speakAll(turns, timbres, options.espeakCommand ?? "espeak-ng");
  else {
    clips = [];
    for (const [i, turn] of turns.entries()) {
      // One turn at a time, letting a server answer other requests in between.
      await new Promise<void>((resolve) => setImmediate(resolve));
      clips.push(synthesizeTurn(turn.text, timbres.get(turn.voice)!, i));
    }
  }
  return { samples: concatenate(clips, TURN_GAP_MS), turnStartsMs: clipStartsMs(clips, TURN_GAP_MS) };
}

/** Where each clip starts once `concatenate` has joined them with `gapMs` of silence, in whole milliseconds. */
function clipStartsMs(clips: readonly Float32Array[], gapMs: number): number[] {
  const gap = Math.round((gapMs / 1000) * SAMPLE_RATE);
  const starts: number[] = [];
  let at = 0;
  for (const clip of clips) {
    starts.push(Math.round((at / SAMPLE_RATE) * 1000));
    at += clip.length + gap;
  }
  return starts;
}

async function speakAll(turns: readonly { text: string; voice: string }[], timbres: Map<string, Timbre>, command: string): Promise<Float32Array[]> {
  const folder = await mkdtemp(join(tmpdir(), "podc-speech-"));
  try {
    return await Promise.all(turns.map((turn, i) => speak(command, turn.text, timbres.get(turn.voice)!, join(folder, `${i}.wav`))));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** One turn through espeak-ng. The text goes through stdin so that no line of a script can become an option. */
function speak(command: string, text: string, timbre: Timbre, file: string): Promise<Float32Array> {
  const args = ["-v", timbre.espeakVoice, "-p", String(timbre.espeakPitch), "-s", String(WORDS_PER_MINUTE), "-w", file, "--stdin"];
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["pipe", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`espeak-ng exited with ${code}: ${stderr.trim().slice(0, 200)}`));
      readFile(file)
        .then((bytes) => {
          const pcm = decodeWav(bytes);
          resolve(resample(pcm.samples, pcm.sampleRate, SAMPLE_RATE));
        })
        .catch(reject);
    });
    child.stdin.on("error", () => undefined);
    child.stdin.end(`${text}\n`);
  });
}

/* ---------------------------------------------------------------------------------------------
 * The fallback: a formant synthesizer. Each word becomes syllables (vowel groups of its spelling);
 * each syllable a short noise burst for its consonant and a voiced vowel shaped by three resonators.
 * Word timing is stretched so that the whole turn lasts words × 60/150 s, pauses included.
 */

const VOWEL_FORMANTS: Record<string, [number, number, number]> = {
  a: [730, 1090, 2440],
  e: [530, 1840, 2480],
  i: [300, 2250, 3000],
  o: [570, 840, 2410],
  u: [320, 870, 2240],
  y: [400, 1900, 2550],
};

/** How long a turn lasts in the fallback voice: 60/150 s per word, never less than one word. */
export function spokenDurationMs(text: string): number {
  return Math.max(1, words(text).length) * (60_000 / WORDS_PER_MINUTE);
}

function words(text: string): string[] {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
}

/** Renders one turn in the synthesized voice `timbre`; `seed` varies the melody of the sentence. */
function synthesizeTurn(text: string, timbre: Timbre, seed: number): Float32Array {
  const list = words(text);
  const total = Math.round((spokenDurationMs(text) / 1000) * SAMPLE_RATE);
  const out = new Float32Array(total);
  if (list.length === 0) return out;
  const pauses = list.map((w) => (/[.!?]["')\]]*$/.test(w) ? 0.3 : /[,;:]["')\]]*$/.test(w) ? 0.15 : 0.06));
  const syllables = list.map((w) => syllablesOf(w));
  const syllableCount = syllables.reduce((n, s) => n + s.length, 0);
  const pauseSeconds = pauses.reduce((n, p) => n + p, 0);
  const voicedSeconds = Math.max(0.05 * syllableCount, total / SAMPLE_RATE - pauseSeconds);
  const perSyllable = voicedSeconds / syllableCount;
  const random = mulberry32(hash(text) ^ seed);
  let at = 0;
  let index = 0;
  list.forEach((_, w) => {
    for (const vowel of syllables[w]!) {
      // Declination: a sentence starts higher than it ends, with a little jitter per syllable.
      const progress = index / Math.max(1, syllableCount - 1);
      const f0 = timbre.f0 * (1.12 - 0.22 * progress) * (0.95 + 0.1 * random());
      const length = Math.round(perSyllable * SAMPLE_RATE);
      renderSyllable(out, at, length, f0, vowel, timbre, random);
      at += length;
      index++;
    }
    at += Math.round(pauses[w]! * SAMPLE_RATE);
  });
  normalize(out, 0.8);
  return out;
}

/** The vowel letters of each syllable of a word, approximated by groups of vowels in its spelling. */
function syllablesOf(word: string): string[] {
  const groups = word.toLowerCase().match(/[aeiouy]+/g) ?? [];
  const vowels = groups.map((g) => g[0]!);
  return vowels.length > 0 ? vowels : ["e"];
}

function renderSyllable(out: Float32Array, start: number, length: number, f0: number, vowel: string, timbre: Timbre, random: () => number): void {
  const formants = (VOWEL_FORMANTS[vowel] ?? VOWEL_FORMANTS.e!).map((f) => f * timbre.formantScale);
  const resonators = formants.map((f, k) => resonator(f, 80 + 40 * k));
  const gains = [1, 0.55, 0.3];
  const burst = Math.min(Math.round(0.035 * SAMPLE_RATE), Math.floor(length / 4));
  const attack = Math.round(0.015 * SAMPLE_RATE);
  const release = Math.round(0.03 * SAMPLE_RATE);
  let phase = 0;
  let previous = 0;
  for (let i = 0; i < length && start + i < out.length; i++) {
    let sample: number;
    if (i < burst) {
      // The consonant: a short, decaying breath of noise before the vowel.
      sample = (random() * 2 - 1) * 0.25 * (1 - i / burst);
    } else {
      phase += f0 / SAMPLE_RATE;
      if (phase >= 1) phase -= 1;
      const pulse = phase < 0.6 ? Math.sin((Math.PI * phase) / 0.6) ** 2 : 0;
      const source = (1 - timbre.brightness) * pulse + timbre.brightness * (pulse - previous) * 8;
      previous = pulse;
      let voiced = 0;
      for (let k = 0; k < resonators.length; k++) voiced += gains[k]! * resonators[k]!(source);
      const j = i - burst;
      const envelope = Math.min(1, j / attack, (length - i) / release);
      sample = voiced * envelope;
    }
    out[start + i]! += sample;
  }
}

/** A two-pole resonator at `frequency` with bandwidth `bandwidth` (Hz), gain-normalised at its peak. */
function resonator(frequency: number, bandwidth: number): (x: number) => number {
  const r = Math.exp((-Math.PI * bandwidth) / SAMPLE_RATE);
  const b1 = 2 * r * Math.cos((2 * Math.PI * frequency) / SAMPLE_RATE);
  const b2 = -r * r;
  const gain = 1 - r;
  let y1 = 0;
  let y2 = 0;
  return (x) => {
    const y = gain * x + b1 * y1 + b2 * y2;
    y2 = y1;
    y1 = y;
    return y;
  };
}
