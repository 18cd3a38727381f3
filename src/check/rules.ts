import type { Rule } from "./rule.js";
import { inlineTags } from "./rules/inline-tags.js";
import { knownMarkers } from "./rules/known-markers.js";
import { knownSpeaker } from "./rules/known-speaker.js";
import { knownVoice } from "./rules/known-voice.js";
import { labelInNote } from "./rules/label-in-note.js";
import { modelAllowed } from "./rules/model-allowed.js";
import { pauses } from "./rules/pauses.js";
import { soundCues } from "./rules/sound-cues.js";
import { reservedLabel } from "./rules/reserved-label.js";
import { spokenSymbols } from "./rules/spoken-symbols.js";
import { songHasLyrics } from "./rules/song-has-lyrics.js";
import { songHasStyle } from "./rules/song-has-style.js";
import { songBeds } from "./rules/song-beds.js";
import { songHeaders } from "./rules/song-headers.js";
import { titleKeys } from "./rules/title-keys.js";
import { todoNotes } from "./rules/todo-notes.js";
import { uniqueCast } from "./rules/unique-cast.js";
import { castScreenplay } from "./rules/uncast-screenplay.js";

/** Every check, in the order their diagnostics are reported for the same place. Adding a rule: one file, one line. */
export const RULES: readonly Rule[] = [
  titleKeys,
  reservedLabel,
  uniqueCast,
  knownVoice,
  castScreenplay,
  knownSpeaker,
  inlineTags,
  pauses,
  soundCues,
  spokenSymbols,
  songHeaders,
  songHasStyle,
  songHasLyrics,
  songBeds,
  knownMarkers,
  modelAllowed,
  todoNotes,
  labelInNote,
];
