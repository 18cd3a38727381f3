import type { Speech, SpeechPart } from "./nodes.js";
import { collapseWhiteSpace } from "../source/text.js";
import { withoutEmphasis } from "./emphasis.js";

// A speech's lines are joined with single spaces; notes and parentheticals are cut out and not spoken, and emphasis
// markers are taken off (emphasis.ts).
// One exception keeps a word whole: when two Spoken parts on one line touch notes on both sides in the
// source (`Reyk[[sp?]]javik`), the notes are removed without leaving a space. Parts that merely touch
// each other (a span that runs up to the next line) are still separate lines, joined with a space.

/**
 * The text a speech says aloud: Spoken parts without emphasis markers, joined, white space collapsed, ends trimmed ("" if
 * nothing is spoken). `directionTags` (a parenthetical's text in lower case → the tag sent for it) puts a voice's tag in
 * the place of each parenthetical it names; every other parenthetical is not spoken.
 */
export function spokenText(speech: Speech, directionTags?: ReadonlyMap<string, string>): string {
  const parts = speech.parts;
  let text = "";
  let previous = -1;
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index]!;
    let said: string;
    if (part.type === "Spoken") said = withoutEmphasis(part.text);
    else if (part.type === "Parenthetical" && directionTags !== undefined && directionTags.size > 0) {
      const tag = directionTags.get(part.text.toLowerCase());
      if (tag === undefined) continue;
      said = tag;
    } else continue;
    if (previous !== -1 && !joinedByNotes(parts, previous, index)) text += " ";
    text += said;
    previous = index;
  }
  return collapseWhiteSpace(text);
}

/** The configured direction tags as spokenText takes them: keys in lower case. */
export function directionTagMap(tags: Readonly<Record<string, string>>): ReadonlyMap<string, string> {
  return new Map(Object.entries(tags).map(([key, tag]) => [key.trim().toLowerCase(), tag]));
}

/** Whether parts[from] and parts[to] start on one line with only parts between them, each touching the next. */
function joinedByNotes(parts: readonly SpeechPart[], from: number, to: number): boolean {
  const first = parts[from];
  const last = parts[to];
  if (to - from < 2 || first === undefined || last === undefined) return false;
  if (first.span.start.line !== last.span.start.line) return false;
  for (let i = from; i < to; i++) {
    const left = parts[i];
    const right = parts[i + 1];
    if (left === undefined || right === undefined || left.span.end.offset !== right.span.start.offset) return false;
  }
  return true;
}
