import { hash, mulberry32, normalize } from "./signal.js";
import { SAMPLE_RATE } from "./wav.js";

/*
 * The emulator's "song": an instrumental sketch (drums, bass, chords, and an arpeggio in choruses)
 * at the tempo the prompt names, laid out by the lyrics' sections. Each sung line is two bars of
 * 4/4; a section without lines (an [Instrumental] or [Intro]) is four bars; a two-bar intro and
 * outro frame the song unless the lyrics have their own. Each choice index is a different
 * arrangement of the same plan, as two takes of one song would be.
 */

export const DEFAULT_BPM = 100;
const MIN_BPM = 40;
const MAX_BPM = 240;
const BARS_PER_LINE = 2;
const BARS_PER_EMPTY_SECTION = 4;
const FRAME_BARS = 2;

export type SectionKind = "intro" | "verse" | "pre-chorus" | "chorus" | "bridge" | "outro" | "instrumental";

export interface SongSection {
  /** The marker as written, without brackets ("Verse 2"); "Intro"/"Outro" for the added frame. */
  name: string;
  kind: SectionKind;
  lines: number;
  /** The sung lines, as written. */
  texts: string[];
  bars: number;
  startMs: number;
  endMs: number;
}

export interface SongPlan {
  bpm: number;
  /** MIDI note of the key's root, in the bass register. */
  root: number;
  minor: boolean;
  sections: SongSection[];
  durationMs: number;
}

/** The tempo named in a prompt ("110 bpm"), else one suggested by its mood words, clamped to 40..240. */
export function tempoOf(prompt: string): number {
  const named = /(\d{2,3}(?:\.\d+)?)\s*bpm\b/i.exec(prompt);
  if (named) return Math.min(MAX_BPM, Math.max(MIN_BPM, Number(named[1])));
  if (/\b(ballad|slow|lullaby|ambient)\b/i.test(prompt)) return 72;
  if (/\b(upbeat|dance|fast|edm|punk|energetic)\b/i.test(prompt)) return 124;
  return DEFAULT_BPM;
}

/** Lays out a song from its lyrics and style prompt; pure, so tests can predict the audio's length. */
export function planSong(lyrics: string, prompt: string): SongPlan {
  const bpm = tempoOf(prompt);
  const minor = /\b(minor|sad|melanchol\w*|dark|moody|somber|sombre)\b/i.test(prompt);
  const root = 45 + (hash(prompt.toLowerCase()) % 12);
  const parsed = parseSections(lyrics);
  const layout: Omit<SongSection, "startMs" | "endMs">[] = [];
  if (parsed[0]?.kind !== "intro") layout.push({ name: "Intro", kind: "intro", lines: 0, texts: [], bars: FRAME_BARS });
  layout.push(...parsed);
  if (parsed[parsed.length - 1]?.kind !== "outro") layout.push({ name: "Outro", kind: "outro", lines: 0, texts: [], bars: FRAME_BARS });
  const barMs = (4 * 60_000) / bpm;
  let at = 0;
  const sections = layout.map((s) => {
    const startMs = Math.round(at * barMs);
    at += s.bars;
    return { ...s, startMs, endMs: Math.round(at * barMs) };
  });
  return { bpm, root, minor, sections, durationMs: Math.round(at * barMs) };
}

/**
 * The song's `lyrics_sections` as the service answers them: each section's kind and times, and each sung line's text
 * and times, in milliseconds (each line is sung over its two bars).
 */
export function lyricsSectionsOf(plan: SongPlan): Record<string, unknown>[] {
  const lineMs = (BARS_PER_LINE * 4 * 60_000) / plan.bpm;
  return plan.sections.map((section) => ({
    section_type: section.kind,
    start: section.startMs,
    end: section.endMs,
    lines: section.texts.map((text, i) => ({
      start: Math.round(section.startMs + i * lineMs),
      end: Math.round(section.startMs + (i + 1) * lineMs),
      text,
    })),
  }));
}

function parseSections(lyrics: string): Omit<SongSection, "startMs" | "endMs">[] {
  const sections: { name: string; kind: SectionKind; lines: number; texts: string[] }[] = [];
  let current: { name: string; kind: SectionKind; lines: number; texts: string[] } | undefined;
  for (const raw of lyrics.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    const marker = /^\[([^\]]+)\]$/.exec(line);
    if (marker) {
      current = { name: marker[1]!.trim(), kind: kindOf(marker[1]!), lines: 0, texts: [] };
      sections.push(current);
    } else if (line.length > 0) {
      if (!current) {
        current = { name: "Verse", kind: "verse", lines: 0, texts: [] };
        sections.push(current);
      }
      current.lines++;
      current.texts.push(line);
    }
  }
  return sections.map((s) => ({ ...s, bars: s.lines > 0 ? s.lines * BARS_PER_LINE : BARS_PER_EMPTY_SECTION }));
}

function kindOf(marker: string): SectionKind {
  const m = marker.toLowerCase();
  if (/pre-?\s*chorus/.test(m)) return "pre-chorus";
  if (/chorus|hook|refrain/.test(m)) return "chorus";
  if (/bridge/.test(m)) return "bridge";
  if (/intro/.test(m)) return "intro";
  if (/outro|ending|coda/.test(m)) return "outro";
  if (/instrumental|solo|break|interlude/.test(m)) return "instrumental";
  return "verse";
}

type Chord = [offset: number, minor: boolean];
const PROGRESSIONS: Record<"major" | "minor", Record<SectionKind, Chord[]>> = {
  major: {
    intro: [
      [0, false],
      [5, false],
    ],
    verse: [
      [0, false],
      [9, true],
      [5, false],
      [7, false],
    ],
    "pre-chorus": [
      [2, true],
      [5, false],
      [7, false],
      [7, false],
    ],
    chorus: [
      [5, false],
      [7, false],
      [0, false],
      [9, true],
    ],
    bridge: [
      [9, true],
      [5, false],
      [0, false],
      [7, false],
    ],
    instrumental: [
      [0, false],
      [7, false],
      [9, true],
      [5, false],
    ],
    outro: [
      [5, false],
      [0, false],
    ],
  },
  minor: {
    intro: [
      [0, true],
      [8, false],
    ],
    verse: [
      [0, true],
      [8, false],
      [3, false],
      [10, false],
    ],
    "pre-chorus": [
      [5, true],
      [8, false],
      [10, false],
      [10, false],
    ],
    chorus: [
      [8, false],
      [10, false],
      [0, true],
      [0, true],
    ],
    bridge: [
      [5, true],
      [8, false],
      [0, true],
      [7, false],
    ],
    instrumental: [
      [0, true],
      [10, false],
      [8, false],
      [7, false],
    ],
    outro: [
      [8, false],
      [0, true],
    ],
  },
};

const midiHz = (note: number): number => 440 * 2 ** ((note - 69) / 12);

/**
 * How one take plays the plan: as two takes of a real song differ, in key, voicing, timbre and figure. Different
 * enough to hear (and to measure: their spectra differ) when a writer compares takes on the preview page.
 */
interface Arrangement {
  /** Semitones the whole take is moved from the plan's key. */
  transpose: number;
  /** Semitones added to the pad's chord above its root an octave up. */
  voicing: number;
  pad: "triangle" | "saw" | "hollow";
  /** Bass on eighths throughout, not only in choruses. */
  busyBass: boolean;
  /** Order of the chord's notes in the arpeggio, and its octave above the pad. */
  arpeggio: number[];
  arpeggioOctaves: number;
}

const ARRANGEMENTS: readonly Arrangement[] = [
  { transpose: 0, voicing: 0, pad: "triangle", busyBass: false, arpeggio: [0, 1, 2, 1], arpeggioOctaves: 1 },
  { transpose: -3, voicing: 7, pad: "saw", busyBass: false, arpeggio: [2, 1, 0, 1], arpeggioOctaves: 1 },
  { transpose: 5, voicing: 12, pad: "hollow", busyBass: true, arpeggio: [0, 2, 1, 2], arpeggioOctaves: 2 },
];

/** Renders arrangement `variant` (the choice index) of a plan as mono samples at 22 050 Hz. */
export function renderSong(plan: SongPlan, variant: number): Float32Array {
  const steps = songRenderer(plan, variant);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/**
 * The same rendering, yielding to the event loop after every bar so that a server rendering a long
 * song keeps answering (and its status clock keeps time) meanwhile.
 */
export async function renderSongCooperatively(plan: SongPlan, variant: number): Promise<Float32Array> {
  const steps = songRenderer(plan, variant);
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

function* songRenderer(plan: SongPlan, variant: number): Generator<void, Float32Array> {
  const beat = (60 / plan.bpm) * SAMPLE_RATE;
  const total = Math.round((plan.durationMs / 1000) * SAMPLE_RATE);
  const out = new Float32Array(total);
  const random = mulberry32(plan.root * 7919 + plan.bpm * 31 + variant);
  const arrangement = ARRANGEMENTS[variant % ARRANGEMENTS.length]!;
  const progressions = PROGRESSIONS[plan.minor ? "minor" : "major"];
  let bar = 0;
  for (const section of plan.sections) {
    const chords = progressions[section.kind];
    for (let b = 0; b < section.bars; b++, bar++) {
      const start = bar * 4 * beat;
      const [offset, minorChord] = chords[b % chords.length]!;
      const chordRoot = plan.root + arrangement.transpose + offset;
      const triad = [chordRoot, chordRoot + (minorChord ? 3 : 4), chordRoot + 7].map((n) => n + 12 + arrangement.voicing);
      const playing = section.kind;
      pad(out, start, 4 * beat, triad, arrangement.pad);
      if (playing !== "intro" && playing !== "outro") bass(out, start, beat, chordRoot, playing === "chorus" || arrangement.busyBass);
      drums(out, start, beat, playing, random);
      if (playing === "chorus" || playing === "instrumental") arpeggio(out, start, beat, triad, arrangement);
      yield;
    }
  }
  fadeOut(out, Math.min(total, SAMPLE_RATE));
  normalize(out, 0.9);
  return out;
}

function pad(out: Float32Array, start: number, length: number, notes: number[], wave: Arrangement["pad"]): void {
  const attack = 0.08 * SAMPLE_RATE;
  const release = 0.15 * SAMPLE_RATE;
  const at = Math.round(start);
  const end = Math.min(out.length, at + Math.floor(length));
  for (const note of notes) {
    const step1 = midiHz(note) / SAMPLE_RATE;
    const step2 = step1 * 1.003;
    let p1 = 0;
    let p2 = 0;
    for (let i = 0, j = at; j < end; i++, j++) {
      const env = Math.min(1, i / attack, (length - i) / release);
      // Two slightly detuned oscillators: a soft triangle, a bright saw, or a hollow organ of odd harmonics.
      const value = wave === "saw" ? (2 * p1 - 1 + 2 * p2 - 1) * 0.35 : wave === "hollow" ? (hollow(p1) + hollow(p2)) * 0.4 : (tri(p1) + tri(p2)) * 0.5;
      out[j]! += 0.07 * env * value;
      p1 += step1;
      if (p1 >= 1) p1 -= 1;
      p2 += step2;
      if (p2 >= 1) p2 -= 1;
    }
  }
}

function bass(out: Float32Array, start: number, beat: number, note: number, busy: boolean): void {
  const step = midiHz(note) / SAMPLE_RATE;
  const spacing = busy ? beat / 2 : beat;
  const decay = Math.exp(-1 / (0.1 * SAMPLE_RATE));
  for (let s = 0; s < 4 * beat - 1; s += spacing) {
    const length = spacing * 0.9;
    const at = Math.round(start + s);
    let phase = 0;
    let pluck = 1;
    for (let i = 0; i < length && at + i < out.length; i++) {
      const env = Math.min(1, i / 100, (length - i) / 300) * (0.7 + 0.3 * pluck);
      out[at + i]! += 0.25 * env * (sine(phase) + 0.3 * sine(2 * phase));
      pluck *= decay;
      phase += step;
      if (phase >= 1) phase -= 1;
    }
  }
}

function drums(out: Float32Array, start: number, beat: number, kind: SectionKind, random: () => number): void {
  if (kind === "intro" || kind === "outro") {
    for (let e = 0; e < 8; e++) hat(out, start + e * (beat / 2), random);
    return;
  }
  const kicks = kind === "bridge" ? [0] : kind === "chorus" ? [0, 2, 2.5] : [0, 2];
  for (const k of kicks) kick(out, start + k * beat);
  if (kind !== "bridge") for (const s of [1, 3]) snare(out, start + s * beat, random);
  const subdivision = kind === "chorus" ? 4 : 2;
  for (let e = 0; e < 4 * subdivision; e++) hat(out, start + e * (beat / subdivision), random);
}

/** Drum hits are the same every time, so each is rendered once and mixed in where it falls. */
const KICK = oneShot(0.35, (t, state) => {
  state.phase += (50 + 90 * Math.exp(-t / 0.03)) / SAMPLE_RATE;
  return 0.9 * Math.exp(-t / 0.18) * Math.sin(2 * Math.PI * state.phase);
});
const SNARES = [1, 2, 3].map((seed) => {
  const random = mulberry32(seed);
  return oneShot(0.2, (t) => 0.35 * Math.exp(-t / 0.06) * (random() * 2 - 1) + 0.3 * Math.exp(-t / 0.04) * Math.sin(2 * Math.PI * 180 * t));
});
const HATS = [1, 2, 3, 4].map((seed) => {
  const random = mulberry32(seed * 101);
  let previous = 0;
  return oneShot(0.05, (t) => {
    const noise = random() * 2 - 1;
    const value = 0.12 * Math.exp(-t / 0.015) * (noise - previous);
    previous = noise;
    return value;
  });
});

function oneShot(seconds: number, sample: (t: number, state: { phase: number }) => number): Float32Array {
  const out = new Float32Array(Math.round(seconds * SAMPLE_RATE));
  const state = { phase: 0 };
  for (let i = 0; i < out.length; i++) out[i] = sample(i / SAMPLE_RATE, state);
  return out;
}

function mix(out: Float32Array, start: number, clip: Float32Array): void {
  const at = Math.round(start);
  const end = Math.min(out.length, at + clip.length);
  for (let j = at; j < end; j++) out[j]! += clip[j - at]!;
}

function kick(out: Float32Array, start: number): void {
  mix(out, start, KICK);
}

function snare(out: Float32Array, start: number, random: () => number): void {
  mix(out, start, SNARES[Math.floor(random() * SNARES.length)]!);
}

function hat(out: Float32Array, start: number, random: () => number): void {
  mix(out, start, HATS[Math.floor(random() * HATS.length)]!);
}

function arpeggio(out: Float32Array, start: number, beat: number, triad: number[], arrangement: Arrangement): void {
  const order = arrangement.arpeggio;
  const octaves = 12 * arrangement.arpeggioOctaves;
  const spacing = beat / 2;
  const decay = Math.exp(-1 / (0.12 * SAMPLE_RATE));
  for (let e = 0; e < 8; e++) {
    const step = midiHz(triad[order[e % order.length]!]! + octaves) / SAMPLE_RATE;
    const length = spacing * 0.95;
    const at = Math.round(start + e * spacing);
    let phase = 0;
    let env = 1;
    for (let i = 0; i < length && at + i < out.length; i++) {
      out[at + i]! += 0.12 * env * (sine(phase) + 0.25 * sine((2 * phase) % 1));
      env *= decay;
      phase += step;
      if (phase >= 1) phase -= 1;
    }
  }
}

/** A table sine over one cycle: the song has millions of oscillator samples and Math.sin dominates otherwise. */
const SINE_TABLE = Float32Array.from({ length: 4097 }, (_, i) => Math.sin((2 * Math.PI * i) / 4096));
function sine(phase: number): number {
  const x = (phase - Math.floor(phase)) * 4096;
  const i = x | 0;
  return SINE_TABLE[i]! + (SINE_TABLE[i + 1]! - SINE_TABLE[i]!) * (x - i);
}

/** Odd harmonics only, falling off: the hollow sound of a stopped organ pipe. */
function hollow(phase: number): number {
  return sine(phase) + sine(3 * phase) / 3 + sine(5 * phase) / 5;
}

function tri(phase: number): number {
  return 1 - 4 * Math.abs(phase - 0.5);
}

function fadeOut(out: Float32Array, length: number): void {
  for (let i = 0; i < length; i++) out[out.length - 1 - i]! *= i / length;
}
