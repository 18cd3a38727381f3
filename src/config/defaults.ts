import { DEFAULT_QUERY_PATH } from "../contract/paths.js";
import { DEFAULT_DIAGNOSTICS_PER_FILE } from "../diagnostics/cap.js";
import { DEFAULT_MODEL } from "../language/models.js";
import type { Config } from "./schema.js";

// The defaults as plain data, so that a project without podc.json never loads zod (most of a cold start's cost).
// schema.ts declares the same defaults; a test checks that ConfigSchema.parse({}) equals defaultConfig().

/**
 * Speaking rate of estimated durations: the service does not publish its own; 150 words a minute is the usual rate of
 * conversational speech, and the one the local emulator speaks at.
 */
export const DEFAULT_WORDS_PER_MINUTE = 150;

/** Voices documented for the service's speech; accounts may have more, so this is only the default list. */
export const DEFAULT_VOICES = ["Ethan", "Victoria", "Jake", "Luna", "Emma"] as const;

/** The configuration used where no `podc.json` exists: a fresh object each time, so callers may keep it. */
export function defaultConfig(): Config {
  return {
    cast: {},
    voices: [...DEFAULT_VOICES],
    model: DEFAULT_MODEL,
    limits: {
      lyricsChars: 3000,
      promptChars: 1024,
      turnsPerRequest: 10,
      turnChars: 400,
      voicesPerRequest: 2,
      fileBytes: 2 * 1024 * 1024,
      diagnosticsPerFile: DEFAULT_DIAGNOSTICS_PER_FILE,
    },
    speech: { inlineTags: [], wordsPerMinute: DEFAULT_WORDS_PER_MINUTE },
    service: {
      queryPath: DEFAULT_QUERY_PATH,
      pollIntervalMs: 5000,
      timeoutMs: 15 * 60 * 1000,
      requestTimeoutMs: 120_000,
      concurrency: 1,
      songLinks: "lossless",
    },
    songs: {},
    build: {
      formats: ["mp3"],
      gapMs: 600,
      songGapMs: 1000,
      songFadeInMs: 500,
      songFadeOutMs: 2000,
      loudness: { integratedLufs: -16, truePeakDbtp: -1, loudnessRange: 11 },
      bitrateKbps: 128,
    },
  };
}
