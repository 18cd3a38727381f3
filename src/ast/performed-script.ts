import { lineFates, type SilentReason } from "./line-fates.js";
import type { Script } from "./nodes.js";
import type { SourceText } from "../source/source-text.js";

// The script as it will be performed: every line beside its fate, in the one shape `podc show --json` prints and the
// language server's podc/show request answers (docs/cli.md describes it). Tools read it, so it only ever grows:
// a field is added, never renamed or given another meaning, and SHOW_VERSION says which fields there are.

/** The version of the shape below; raised only when a field is added. */
export const SHOW_VERSION = 2;

/** One line of a script and what becomes of it. */
export interface PerformedLine {
  /** 1-based. */
  line: number;
  /** The line as written. */
  text: string;
  /** spoken by a voice, sung, sent to the music service as a tag, a pause (silence in the episode), or silent (not sent). */
  fate: "spoken" | "sung" | "tag" | "pause" | "sound" | "silent";
  /** What `podc show` prints beside the line: `HOST (Ethan)`, `sung: Theme`, `not sent: note`, or "" for a blank line. */
  label: string;
  /** spoken, and a silent label, parenthetical or uncast speech: whose line it is. */
  speaker?: string;
  /** pause: how long the silence is, in ms. */
  pauseMs?: number;
  /** sound (version 2): what the cue does in the mix: effect, bed, bedEnd or sting. */
  cue?: "effect" | "bed" | "bedEnd" | "sting";
  /** sound (version 2): the sound file as written, relative to the script; absent for `BED out`. */
  soundFile?: string;
  /** spoken: the voice that reads it. */
  voice?: string;
  /** sung and tag, and the `Play: bed` line of a song played as a bed (a sound): the song's title. */
  song?: string;
  /** spoken, sung and tag: the text sent (for speech: without parentheticals, notes or emphasis marks). */
  sent?: string;
  /** silent: why it is not sent. */
  reason?: SilentReason;
}

/** One script as `podc show` reports it. */
export interface PerformedScript {
  /** The script's path as the user named it (or the document's URI, in the editor). */
  file: string;
  lines: PerformedLine[];
}

/**
 * Every line of `script` (read from `source`) with its fate; `voiceOf` gives a cast speaker's voice and `directionTags`
 * the parentheticals spoken as the voices' own tags (see lineFates).
 */
export function performedScript(
  file: string,
  script: Script,
  source: SourceText,
  voiceOf: (speaker: string) => string | undefined,
  directionTags?: ReadonlyMap<string, string>,
): PerformedScript {
  const fates = lineFates(script, source.lineCount, voiceOf, directionTags);
  const lines = fates.map((fate, index): PerformedLine => {
    const line = index + 1;
    const text = source.lineText(line);
    switch (fate.kind) {
      case "spoken":
        return { line, text, fate: "spoken", label: `${fate.speaker} (${fate.voice})`, speaker: fate.speaker, voice: fate.voice, sent: fate.text };
      case "sung":
        return { line, text, fate: "sung", label: `sung: ${fate.song}`, song: fate.song, sent: fate.text };
      case "tag":
        return { line, text, fate: "tag", label: `song tag: ${fate.song}`, song: fate.song, sent: fate.text };
      case "pause":
        return { line, text, fate: "pause", label: `pause ${seconds(fate.ms)}`, speaker: fate.speaker, pauseMs: fate.ms };
      case "sound":
        return {
          line,
          text,
          fate: "sound",
          label: fate.song !== undefined ? `bed, ducked: song ${fate.song}` : soundLabel(fate.cue, fate.file),
          cue: fate.cue,
          ...(fate.file !== undefined && { soundFile: fate.file }),
          ...(fate.song !== undefined && { song: fate.song }),
        };
      case "silent":
        return {
          line,
          text,
          fate: "silent",
          label: silentLabel(fate.reason, fate.speaker),
          ...(fate.speaker !== undefined && { speaker: fate.speaker }),
          reason: fate.reason,
        };
    }
  });
  // The empty "line" after a final line break is not a line the writer wrote.
  if (lines.length > 1 && lines.at(-1)!.text === "") lines.pop();
  return { file, lines };
}

/** What `podc show` says a cue does, short enough for its column: `effect: door.wav`, `bed, ducked: harbour.ogg`, … */
function soundLabel(cue: "effect" | "bed" | "bedEnd" | "sting", file: string | undefined): string {
  switch (cue) {
    case "effect":
      return `effect: ${file}`;
    case "bed":
      return `bed, ducked: ${file}`;
    case "bedEnd":
      return "bed ends";
    case "sting":
      return `stinger: ${file}`;
  }
}

/** 2000 → "2s", 1500 → "1.5s", 100 → "0.1s". */
function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))}s`;
}

function silentLabel(reason: SilentReason, speaker: string | undefined): string {
  switch (reason) {
    case "blank":
      return "";
    case "include":
      return "performs the included script";
    case "unknown speaker":
      return `not sent: ${speaker ?? "speaker"} has no voice`;
    case "label":
    case "parenthetical":
      return speaker === undefined ? `not sent: ${reason}` : `not sent: ${speaker}'s ${reason}`;
    default:
      return `not sent: ${reason}`;
  }
}
