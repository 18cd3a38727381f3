import type { Span } from "../source/span.js";
import type { ScriptState } from "./documents.js";
import { touches } from "./positions.js";

// Where a speaker appears in a script: its Cast entries (where it gets its voice) and the labels of its speeches.
// References, highlights and rename all read these, so the three never disagree about what a speaker is.

/** One place a speaker's label is written. */
export interface SpeakerMention {
  span: Span;
  /** A Cast entry (where the speaker is declared), not a speech. */
  cast: boolean;
  /** Written with a leading `@`. */
  forced: boolean;
}

/** The speaker label under `offset` (into the analysed text), in a Cast entry or a speech, if any. */
export function speakerAt(state: ScriptState, offset: number): { name: string; span: Span } | undefined {
  const script = state.analysis.script;
  for (const entry of script.titlePage?.entries ?? []) {
    for (const member of entry.cast ?? []) if (touches(member.label.span, offset)) return { name: member.label.text, span: member.label.span };
  }
  for (const element of script.body) {
    if (element.span.start.offset > offset) return undefined;
    if (element.type === "Speech" && touches(element.speaker.span, offset)) return { name: element.speaker.name, span: element.speaker.span };
  }
  return undefined;
}

/** Every place `name` is written as a speaker in the script, in source order. */
export function speakerMentions(state: ScriptState, name: string): SpeakerMention[] {
  const script = state.analysis.script;
  const text = state.analysis.source.text;
  const mentions: SpeakerMention[] = [];
  for (const entry of script.titlePage?.entries ?? []) {
    for (const member of entry.cast ?? []) {
      if (member.label.text !== name) continue;
      mentions.push({ span: member.label.span, cast: true, forced: text.charAt(member.label.span.start.offset - 1) === "@" });
    }
  }
  for (const element of script.body) {
    if (element.type === "Speech" && element.speaker.name === name) mentions.push({ span: element.speaker.span, cast: false, forced: element.speaker.forced });
  }
  return mentions;
}
