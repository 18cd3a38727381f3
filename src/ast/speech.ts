import type { Speech, SpeechPart } from "./nodes.js";
import { collapseWhiteSpace, isPlain } from "../source/text.js";
import { withoutEmphasis } from "./emphasis.js";

// A speech's lines are joined with single spaces; notes and parentheticals are cut out and not spoken, and emphasis
// markers are taken off (emphasis.ts).
// One exception keeps a word whole: when two Spoken parts on one line touch notes on both sides in the
// source (`Reyk[[sp?]]javik`), the notes are removed without leaving a space. Parts that merely touch
// each other (a span that runs up to the next line) are still separate lines, joined with a space.

/** The text a speech says aloud: Spoken parts without emphasis markers, joined, white space collapsed, ends trimmed ("" if nothing is spoken). */
export function spokenText(speech: Speech): string {
  return spokenTextOf(speech).text;
}

/** A speech's spoken text, and whether it is plain (text.ts isPlain): told by the look that collapses it. */
export interface SpokenText {
  text: string;
  plain: boolean;
}

/** spokenText(speech), and whether it is plain: false when it is not, or became so only by collapsing white space. */
export function spokenTextOf(speech: Speech): SpokenText {
  const parts = speech.parts;
  let text = "";
  let previous = -1;
  // Plain parts without a space at either end, joined by one space or none, make a plain text with nothing to trim or
  // collapse. So each part is looked at alone, as cut from the source, and the joined text (a speech of several lines)
  // is not: looking at it would first copy it whole, and it is copied anyway when the plan is printed.
  let plainParts = true;
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index]!;
    if (part.type !== "Spoken") continue;
    if (previous !== -1 && !joinedByNotes(parts, previous, index)) text += " ";
    // Most parts are plain with no emphasis marker: one look tells both, where taking markers off looks for each.
    const unmarked = !NOT_PLAIN_OR_MARKED.test(part.text);
    const said = unmarked ? part.text : withoutEmphasis(part.text);
    plainParts &&= said.length > 0 && said.charCodeAt(0) !== 32 && said.charCodeAt(said.length - 1) !== 32 && (unmarked || isPlain(said));
    text += said;
    previous = index;
  }
  if (plainParts || isPlain(text)) return { text: plainParts ? text : text.trim(), plain: true };
  return { text: collapseWhiteSpace(text), plain: false };
}

// text.ts's plain text (printable ASCII without a quote, a backslash or two spaces together) without `*` or `_` either:
// a text with none of the emphasis markers (emphasis.ts), which withoutEmphasis gives back as it is.
const NOT_PLAIN_OR_MARKED = /[^ !#-)+-[\]-^`-~]| {2}/;

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
