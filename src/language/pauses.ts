// A parenthetical that asks for silence: `(beat)`, `(pause)` or `(pause 2s)`. It is the one direction podc renders
// itself, since podc owns the mix: the silence is put into the episode where the script says, and nothing is sent to a
// voice for it. Every other parenthetical stays a direction for the reader, not rendered.

/** A beat: the short pause of screenplays, about a second. */
const BEAT_MS = 1000;
/** A pause without a length. */
const PAUSE_MS = 2000;
/** The longest pause a script may write; longer silence is no pause but a gap in the episode. */
export const MAX_PAUSE_MS = 60_000;
/** The shortest: less is inaudible next to the voices' own pauses. */
export const MIN_PAUSE_MS = 100;

/** What a parenthetical's text says of silence: none, a pause of `ms`, or a pause whose length cannot be read. */
export type PauseReading = { kind: "none" } | { kind: "pause"; ms: number } | { kind: "unreadable"; length: string };

const NONE: PauseReading = { kind: "none" };
const LENGTH = /^(\d+(?:[.,]\d+)?)\s*(ms|s|sec|secs|second|seconds)$/i;

/**
 * How `text` (a parenthetical's words, without the parentheses) reads as a pause: `beat` and `pause` alone, any case,
 * and `pause` with a length in seconds or milliseconds (`2s`, `1.5 s`, `500ms`, `2 seconds`). A length outside
 * MIN_PAUSE_MS..MAX_PAUSE_MS, or words after `pause` that are no length, are unreadable: never guessed.
 */
export function readPause(text: string): PauseReading {
  const words = text.trim();
  const lower = words.toLowerCase();
  if (lower === "beat") return { kind: "pause", ms: BEAT_MS };
  if (lower === "pause") return { kind: "pause", ms: PAUSE_MS };
  if (!/^pause\s/.test(lower)) return NONE;
  const length = words.slice(5).trim();
  const m = LENGTH.exec(length);
  if (!m) return { kind: "unreadable", length };
  const value = Number(m[1]!.replace(",", "."));
  const ms = Math.round(m[2]!.toLowerCase() === "ms" ? value : value * 1000);
  return ms < MIN_PAUSE_MS || ms > MAX_PAUSE_MS ? { kind: "unreadable", length } : { kind: "pause", ms };
}
