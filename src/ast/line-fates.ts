import { withoutEmphasis } from "./emphasis.js";
import { readPause } from "../language/pauses.js";
import type { Span } from "../source/span.js";
import type { Script } from "./nodes.js";
import { isBedSong, markerLine, songHeaderNode } from "./song.js";

// What becomes of each line of a script: spoken by a named voice, sung, sent to the music service as a tag, or not
// sent, for a stated reason. Made from the tree alone, so that `podc show`, the editor and the tests that hold that
// nothing is lost all read one answer.

/** Why a line is not sent. */
export type SilentReason =
  | "blank"
  | "title page"
  | "cast"
  | "label"
  | "heading"
  | "direction"
  | "page break"
  | "include"
  | "parenthetical"
  | "note"
  | "boneyard"
  | "song opening"
  | "song header"
  | "song end"
  | "unknown speaker"
  | "error";

export type LineFate =
  | { kind: "spoken"; speaker: string; voice: string; text: string }
  | { kind: "sung"; song: string; text: string }
  | { kind: "tag"; song: string; text: string }
  /** A `(beat)` or `(pause 2s)`: silence of `ms` in the episode, nothing sent. */
  | { kind: "pause"; ms: number; speaker: string }
  /**
   * A sound cue (`SFX door.wav`): a local file mixed into the episode, nothing sent. `file` is absent for `BED out`;
   * a song played as a bed has `song` instead, on its `Play: bed` line.
   */
  | { kind: "sound"; cue: "effect" | "bed" | "bedEnd" | "sting"; file?: string; song?: string }
  | { kind: "silent"; reason: SilentReason; speaker?: string };

/**
 * The fate of every line (index 0 is line 1) of a script with `lineCount` lines. `voiceOf` gives a speaker's voice, or
 * undefined when none is cast: such a speech is not sent (the checks report it). A line holds one fate: where a line
 * holds several things (`HOST: (dryly) Hello`), what is sent wins. A pause is silence in the episode; a parenthetical
 * that `directionTags` (as spokenText takes them) names is spoken as its tag.
 */
export function lineFates(
  script: Script,
  lineCount: number,
  voiceOf: (speaker: string) => string | undefined,
  directionTags?: ReadonlyMap<string, string>,
): LineFate[] {
  const fates: LineFate[] = Array.from({ length: lineCount }, () => ({ kind: "silent", reason: "blank" }));
  const silent = (span: Span, reason: SilentReason, only = false) => {
    for (let line = span.start.line; line <= span.end.line && line <= lineCount; line++) {
      const fate = fates[line - 1]!;
      if (only && !(fate.kind === "silent" && fate.reason === "blank")) continue;
      fates[line - 1] = { kind: "silent", reason };
    }
  };
  const set = (span: Span, fate: LineFate) => {
    if (span.start.line <= lineCount) fates[span.start.line - 1] = fate;
  };
  for (const boneyard of script.boneyards) silent(boneyard.span, "boneyard");
  for (const entry of script.titlePage?.entries ?? []) {
    silent(entry.span, "title page", true);
    for (const member of entry.cast ?? []) silent(member.span, "cast");
  }
  for (const element of script.body) {
    switch (element.type) {
      case "Section":
        silent(element.span, "heading");
        break;
      case "Direction":
        silent(element.span, element.form === "pageBreak" ? "page break" : "direction");
        break;
      case "Note":
        silent(element.span, "note", true);
        break;
      case "Invalid":
        silent(element.span, "error");
        break;
      case "Sound":
        set(element.span, element.file ? { kind: "sound", cue: element.kind, file: element.file.text } : { kind: "sound", cue: element.kind });
        break;
      case "Include":
        silent(element.span, "include");
        break;
      case "Speech": {
        const speaker = element.speaker.name;
        const voice = voiceOf(speaker);
        set(element.speaker.span, { kind: "silent", reason: "label", speaker });
        for (const part of element.parts) {
          if (part.type === "Note") silent(part.span, "note", true);
          else if (part.type === "Parenthetical") {
            const pause = readPause(part.text);
            const tag = directionTags?.get(part.text.toLowerCase());
            if (pause.kind === "pause") set(part.span, { kind: "pause", ms: pause.ms, speaker });
            else if (tag !== undefined && voice !== undefined) set(part.span, { kind: "spoken", speaker, voice, text: tag });
            else set(part.span, { kind: "silent", reason: "parenthetical", speaker });
          }
        }
        for (const part of element.parts) {
          if (part.type !== "Spoken") continue;
          const text = withoutEmphasis(part.text).replace(/\s+/g, " ").trim();
          if (text === "") continue;
          set(part.span, voice === undefined ? { kind: "silent", reason: "unknown speaker", speaker } : { kind: "spoken", speaker, voice, text });
        }
        break;
      }
      case "Song": {
        const song = element.title.text;
        set(element.span, { kind: "silent", reason: "song opening" });
        for (const header of element.headers) silent(header.span, "song header");
        // The song is still sent (its lines are sung), but where it plays is the mix's: under what follows.
        const play = songHeaderNode(element, "play");
        if (play && isBedSong(element)) set(play.span, { kind: "sound", cue: "bed", song });
        for (const item of element.items) {
          if (item.type === "Note") silent(item.span, "note");
          else if (item.type === "Marker") set(item.span, { kind: "tag", song, text: markerLine(item) });
          else if (item.text !== "") set(item.span, { kind: "sung", song, text: item.text });
          else silent(item.span, "blank");
        }
        if (element.end) silent(element.end, "song end");
        break;
      }
    }
  }
  return fates;
}
