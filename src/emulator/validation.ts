import type { Config } from "../config/schema.js";
import { codePointLength } from "../source/text.js";

/*
 * The emulator's reading of request bodies: the documented limits, taken from the project
 * configuration, each failure one "Invalid Request: …" message naming the field and the limit.
 */

export interface ValidSong {
  lyrics: string;
  prompt: string;
  model: string;
  /** Choices to render; the real service's default is 2, each billed. */
  n: number;
}

export interface ValidPodcast {
  conversations: { text: string; voice: string }[];
}

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

const invalid = (detail: string): { ok: false; message: string } => ({ ok: false, message: `Invalid Request: ${detail}` });
const length = (text: string): number => codePointLength(text);

/** Reads a song request; unknown fields are ignored, as a lenient service does. */
export function checkSong(body: unknown, config: Config): Checked<ValidSong> {
  if (!isObject(body)) return invalid("the body must be a JSON object");
  const { lyrics, prompt, model, n } = body;
  if (lyrics === undefined || lyrics === null) return invalid("lyrics is required");
  if (typeof lyrics !== "string") return invalid("lyrics must be a string");
  if (lyrics.trim().length === 0) return invalid("lyrics must not be empty");
  const limits = config.limits;
  if (length(lyrics) > limits.lyricsChars) {
    return invalid(`lyrics is ${length(lyrics)} characters; at most ${limits.lyricsChars} are allowed`);
  }
  if (prompt !== undefined && prompt !== null && typeof prompt !== "string") return invalid("prompt must be a string");
  const promptText = typeof prompt === "string" ? prompt : "";
  if (length(promptText) > limits.promptChars) {
    return invalid(`prompt is ${length(promptText)} characters; at most ${limits.promptChars} are allowed`);
  }
  if (model !== undefined && model !== null && (typeof model !== "string" || model.trim().length === 0)) {
    return invalid("model must be a non-empty string");
  }
  if (n !== undefined && n !== null && !(typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= 3)) {
    return invalid("n must be a whole number from 1 to 3");
  }
  return {
    ok: true,
    value: { lyrics, prompt: promptText, model: typeof model === "string" ? model : "auto", n: typeof n === "number" ? n : 2 },
  };
}

/** Reads a podcast request against the turn, length and voice limits of the configuration. */
export function checkPodcast(body: unknown, config: Config): Checked<ValidPodcast> {
  if (!isObject(body)) return invalid("the body must be a JSON object");
  const { conversations } = body;
  if (conversations === undefined || conversations === null) return invalid("conversations is required");
  if (!Array.isArray(conversations)) return invalid("conversations must be an array");
  if (conversations.length === 0) return invalid("conversations must not be empty");
  const limits = config.limits;
  if (conversations.length > limits.turnsPerRequest) {
    return invalid(`conversations has ${conversations.length} turns; at most ${limits.turnsPerRequest} are allowed`);
  }
  const turns: { text: string; voice: string }[] = [];
  for (const [i, turn] of conversations.entries()) {
    const at = `conversations[${i}]`;
    if (!isObject(turn)) return invalid(`${at} must be an object with text and voice`);
    const { text, voice } = turn;
    if (typeof text !== "string") return invalid(`${at}.text must be a string`);
    if (text.trim().length === 0) return invalid(`${at}.text must not be empty`);
    if (length(text) > limits.turnChars) {
      return invalid(`${at}.text is ${length(text)} characters; at most ${limits.turnChars} are allowed`);
    }
    if (typeof voice !== "string" || voice.length === 0) return invalid(`${at}.voice must be a non-empty string`);
    if (!config.voices.includes(voice)) return invalid(`${at}.voice "${voice}" is not an available voice (${config.voices.join(", ")})`);
    turns.push({ text, voice });
  }
  const voices = new Set(turns.map((t) => t.voice));
  if (voices.size > limits.voicesPerRequest) {
    return invalid(`conversations uses ${voices.size} voices; at most ${limits.voicesPerRequest} are allowed`);
  }
  return { ok: true, value: { conversations: turns } };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
