// What a line of a Fountain screenplay is, by the rules of fountain.io (version 1.1). Fountain is read in context — a
// character cue needs a blank line before it and text after it — so this file answers only what one line's own text
// says; read-fountain.ts adds the context. Leading white space never changes what a line is (only action keeps it).

import { hasLetter, hasLowerCase } from "../language/letters.js";

/** `INT.`, `EXT.`, `EST.`, `INT./EXT.`, `INT/EXT`, `I/E`, followed by a dot or a space; case-insensitive. */
const SCENE_HEADING = /^(?:INT\.?\/EXT|INT|EXT|EST|I\/E)[. ]/i;
/** The transitions writers use without `TO:` at the end, and `TO:` alone. */
const FIXED_TRANSITIONS: ReadonlySet<string> = new Set(["TO:", "FADE IN:", "FADE OUT.", "FADE TO BLACK.", "CUT TO BLACK."]);

const SCENE_HEADING_CAPITALS = /^(?:INT\.?\/EXT|INT|EXT|EST|I\/E)[. ]/;

/**
 * Whether a trimmed line opens a scene: an `INT.`-style heading, or a forced `.Heading` (a dot then a letter, so that
 * `...` and `.5` are not). `title` is where the heading's title starts. Fountain matches the prefix in any case; a
 * .pod script, which has no blank-line context to tell `Est. 1990, the firm…` in a speech from a scene, asks for
 * `capitals`.
 */
export function sceneHeading(text: string, capitals = false): { title: number } | undefined {
  if (text.charCodeAt(0) === 46 /* . */) {
    const second = text.codePointAt(1);
    return second !== undefined && hasLetter(String.fromCodePoint(second)) ? { title: 1 } : undefined;
  }
  return (capitals ? SCENE_HEADING_CAPITALS : SCENE_HEADING).test(text) ? { title: 0 } : undefined;
}

/** Whether a trimmed line is an unforced transition: in capitals and ending in ` TO:`, or a fade; `\` escapes it. */
export function isTransition(text: string): boolean {
  if (FIXED_TRANSITIONS.has(text)) return true;
  return text.endsWith(" TO:") && text.charCodeAt(0) !== 92 /* \ */ && !hasLowerCase(text.slice(0, -4));
}

/** Whether a trimmed line is a page break: three or more `=` and nothing else. */
export function isPageBreak(text: string): boolean {
  return /^={3,}$/.test(text);
}

/** A character cue read from a trimmed line: offsets are into that text. */
export interface CueMatch {
  forced: boolean;
  /** [nameStart, nameEnd): the name without `@`, trimmed. */
  nameStart: number;
  nameEnd: number;
  /** [start, end) of the extensions `(V.O.)(CONT'D)`, when there are some. */
  extension?: { start: number; end: number };
  /** Dual dialogue: the cue ends with `^`. */
  dual: boolean;
}

/**
 * Reads a trimmed line as a character cue: a name of any characters with no lower-case letter and at least one letter
 * (or any name forced with `@`), then any number of parenthesised extensions in any case, then an optional `^`. The context (a
 * blank line before, dialogue after) is the caller's to check.
 */
export function readCue(text: string): CueMatch | undefined {
  let end = text.length;
  let dual = false;
  if (text.charCodeAt(end - 1) === 94 /* ^ */) {
    dual = true;
    end = trimmedEnd(text, end - 1);
  }
  const forced = text.charCodeAt(0) === 64; /* @ */
  const nameStart = forced ? 1 : 0;
  // Extensions run from the first `(` to the end; each is `( … )`.
  const open = text.indexOf("(", nameStart);
  let nameEnd = end;
  let extension: CueMatch["extension"];
  if (open !== -1 && open < end) {
    if (!extensionsOnly(text, open, end)) return undefined;
    extension = { start: open, end };
    nameEnd = trimmedEnd(text, open);
  }
  const name = text.slice(nameStart, nameEnd);
  if (name.trim() === "" || name !== name.trimStart()) return undefined;
  // Any characters make a name (`SPEAKER_00`, `AGENT_SMITH`, `**MR. SELF DESTRUCT**`), with a letter and no lower
  // case; `@` forces any name at all (`@11`). Lines that open another element (`!`, `>`) were read before this.
  if (!forced && (!hasLetter(name) || hasLowerCase(name))) return undefined;
  if (name.startsWith("!") || name.startsWith(">")) return undefined;
  const match: CueMatch = { forced, nameStart, nameEnd, dual };
  if (extension) match.extension = extension;
  return match;
}

function trimmedEnd(text: string, end: number): number {
  while (end > 0 && (text.charCodeAt(end - 1) === 32 || text.charCodeAt(end - 1) === 9)) end--;
  return end;
}

/** Whether text[from, to) is one or more `( … )` separated by spaces. */
function extensionsOnly(text: string, from: number, to: number): boolean {
  let i = from;
  while (i < to) {
    if (text.charCodeAt(i) !== 40) return false;
    const close = text.indexOf(")", i);
    if (close === -1 || close >= to) return false;
    i = close + 1;
    while (i < to && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
  }
  return true;
}

/** Whether a trimmed line is wholly a parenthetical: `( … )` or the full-width `（…）`. */
export function isParenthetical(text: string): boolean {
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(text.length - 1);
  return text.length >= 2 && ((first === 40 && last === 41) || (first === 0xff08 && last === 0xff09));
}

/** A Fountain habit in a .pod script, read from a trimmed line (each has one reading there, whatever its context). */
export type ScreenplayHabit = "sceneHeading" | "transition" | "centered" | "pageBreak";

/**
 * What a line of a .pod script is when it is a screenplay habit: a scene heading (`INT. HOUSE - DAY`, `.FLASHBACK`), a
 * transition (`CUT TO:`, `> BURN TO PINK.`), centred text (`> THE END <`) or a page break (`===`).
 */
export function screenplayHabit(text: string): ScreenplayHabit | undefined {
  const c = text.charCodeAt(0);
  if (c === 61 /* = */) return isPageBreak(text) ? "pageBreak" : undefined;
  if (c === 62 /* > */) return text.length > 1 && text.endsWith("<") ? "centered" : "transition";
  if (sceneHeading(text, true)) return "sceneHeading";
  if (isTransition(text)) return "transition";
  return undefined;
}
