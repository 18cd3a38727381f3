// Podcast requests for measuring where turns start: a fixed, seeded set of conversations (2 to 10 turns, from a word
// or two to the 400-character limit), rendered by the project's emulator over HTTP, aligned with turnStarts and
// compared with the starts the emulator recorded while rendering. Shared by test/episode/align.test.ts and the bench's
// alignment row, so both measure the same thing.

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { proportionalStarts, turnStarts, type AlignedTurn } from "../../src/episode/align.js";
import type { Emulator } from "../../src/emulator/server.js";
import { mulberry32 } from "../../src/emulator/audio/signal.js";
import { wavDurationMs } from "../../src/emulator/audio/wav.js";

export type Conversation = { text: string; voice: string }[];

const WORDS = (
  "the night shift city people keep running coffee lighthouse keeper storm harbour signal radio morning evening " +
  "remember story listen quiet window station engine river bridge lantern ocean island winter summer tonight " +
  "extraordinary responsibility neighbourhood conversation understand absolutely unfortunately particularly " +
  "a an of to in we you it is was and but so yes no well maybe really just"
).split(" ");
const SHORT_TURNS = ["Yes.", "Right.", "Exactly, yes.", "No, not at all.", "Go on.", "Really? Tell me more.", "Hmm.", "Of course."];
const TURN_CHARS = 400;

/** `count` conversations from `seed`: the same text on every machine, so figures compare across runs. */
export function podcastRequests(seed: number, count: number, voices: readonly [string, string] = ["Ethan", "Victoria"]): Conversation[] {
  const random = mulberry32(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const sentence = (): string => {
    const length = 3 + Math.floor(random() * 12);
    const words = Array.from({ length }, () => pick(WORDS));
    if (length > 7 && random() < 0.5) words[Math.floor(length / 2)] += ",";
    const text = words.join(" ");
    return `${text[0]!.toUpperCase()}${text.slice(1)}${pick([".", ".", ".", "?", "!"])}`;
  };
  const turn = (): string => {
    const kind = random();
    if (kind < 0.2) return pick(SHORT_TURNS);
    const sentences = kind < 0.7 ? 1 + Math.floor(random() * 2) : 3 + Math.floor(random() * 4);
    let text = sentence();
    for (let i = 1; i < sentences; i++) {
      const next = `${text} ${sentence()}`;
      if (next.length > TURN_CHARS) break;
      text = next;
    }
    return text;
  };
  return Array.from({ length: count }, () => {
    const turns = 2 + Math.floor(random() * 9);
    return Array.from({ length: turns }, (_, i) => ({ text: turn(), voice: voices[i % 2]! }));
  });
}

/** One request's audio as the emulator rendered it: the WAV on disk, its length and the turns' true starts. */
export interface RenderedRequest {
  file: string;
  durationMs: number;
  turns: AlignedTurn[];
  truth: number[];
}

/** Sends `conversation` to the emulator, downloads its audio into `folder` and reads back the recorded turn starts. */
export async function renderThrough(emu: Emulator, apiKey: string, conversation: Conversation, folder: string, name: string): Promise<RenderedRequest> {
  const response = await fetch(`${emu.url}/v1/tts/podcast`, {
    method: "POST",
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ conversations: conversation }),
  });
  const body = (await response.json()) as { url?: string; error?: { message: string } };
  if (!body.url) throw new Error(`the emulator refused a podcast request: ${body.error?.message ?? response.status}`);
  const audio = Buffer.from(await (await fetch(body.url)).arrayBuffer());
  const file = join(folder, `${name}.wav`);
  writeFileSync(file, audio);
  const truth = emu.turnStarts(body.url);
  if (!truth) throw new Error(`the emulator recorded no turn starts for ${body.url}`);
  return { file, durationMs: wavDurationMs(audio), turns: conversation.map((t) => ({ text: t.text })), truth };
}

/** Boundary errors (ms) of the aligned starts and of the proportional fallback on one request; the first turn is not a boundary. */
export async function boundaryErrors(
  request: RenderedRequest,
  ffmpeg: string,
  wordsPerMinute = 150,
): Promise<{ aligned: number[]; proportional: number[]; starts: number[] }> {
  const starts = await turnStarts(request.file, request.turns, request.durationMs, { wordsPerMinute, ffmpeg });
  const fallback = proportionalStarts(request.turns, request.durationMs, wordsPerMinute);
  const errors = (found: number[]) => request.truth.slice(1).map((truth, i) => Math.abs(found[i + 1]! - truth));
  return { aligned: errors(starts), proportional: errors(fallback), starts };
}

/** The q-quantile of `values` (nearest rank): what the test and the bench report. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}
