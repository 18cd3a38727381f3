import { hasLetter, hasLowerCase, hasNumber, isLetterOrNumber } from "../language/letters.js";
import { nearest } from "../diagnostics/suggest.js";
import { INCLUDE_OPEN } from "../language/include-line.js";
import { SONG_END, SONG_OPEN } from "../language/song-block.js";
import { screenplayHabit } from "./screenplay-lines.js";
import type { IToken } from "chevrotain";
import { readSoundLine } from "../language/sound-cues.js";
import { MODES, type LineToken, type Mode } from "./tokens.js";

// The lines of a script, the parser's first stage: notes and boneyards masked, each line classified once, and the line
// tokens the grammar (parse.ts) reads.

/**
 * Boneyards (`/* … *\/`) and notes (`[[ … ]]`) can sit anywhere, even across lines and inside other elements, so
 * they are cut out before lines are classified. The rest of the parser reads `masked`: the same text with every
 * character of a boneyard or note replaced by MASK, line breaks included — what a boneyard hides, an empty line among
 * it too, is no line at all — so offsets stay those of the source while lines are those left once trivia is gone
 * (`visibleLineStarts`).
 */

export const MASK = "\u0000";

export interface TriviaRange {
  kind: "boneyard" | "note";
  start: number;
  end: number;
  terminated: boolean;
}

export interface Trivia {
  masked: string;
  ranges: TriviaRange[];
  /** Offsets of `*\/` that close nothing. */
  strayCloses: number[];
}

// A CR directly followed by LF is one line break, not a blank line between two.
const BLANK_LINE = /(?:\r\n|\r(?!\n)|\n)[ \t]*(?:\r\n|\r|\n)/g;
// In Fountain, a line of two spaces or more (and nothing else) joins what is around it: a note may hold one.
const FOUNTAIN_BLANK_LINE = /(?:\r\n|\r(?!\n)|\n)(?: ?|[ \t]*\t[ \t]*)(?:\r\n|\r|\n)/g;

/**
 * Whether `text` holds a blank line as Fountain has it (a line of two spaces is none). A boneyard that held one stands
 * for the blank line it hid: what follows it starts afresh.
 */
export function holdsFountainBlankLine(text: string): boolean {
  FOUNTAIN_BLANK_LINE.lastIndex = 0;
  return FOUNTAIN_BLANK_LINE.test(text);
}

/**
 * Finds boneyards and notes in one left-to-right pass; linear even for many unclosed openers. `fountain`: a line of
 * two spaces is no blank line, as fountain.io has it.
 */
export function cutTrivia(text: string, fountain = false): Trivia {
  const blankLine = fountain ? FOUNTAIN_BLANK_LINE : BLANK_LINE;
  const ranges: TriviaRange[] = [];
  const strayCloses: number[] = [];
  // Each search result stays valid for every later start up to it, so it is searched again only once passed:
  // this keeps thousands of unclosed `[[` linear. The three marks are found with indexOf, which skips plain text far
  // faster than a regular expression; at any offset the leftmost mark wins (no two marks start with the same
  // character, so they never tie).
  let nextNoteClose = -2;
  let nextBlank = -2;
  let nextBoneyardClose = -2;
  let nextBoneyard = text.indexOf("/*");
  let nextNote = text.indexOf("[[");
  let nextStray = text.indexOf("*/");
  let at = 0;
  for (;;) {
    if (nextBoneyard !== -1 && nextBoneyard < at) nextBoneyard = text.indexOf("/*", at);
    if (nextNote !== -1 && nextNote < at) nextNote = text.indexOf("[[", at);
    if (nextStray !== -1 && nextStray < at) nextStray = text.indexOf("*/", at);
    const start = leftmost(leftmost(nextBoneyard, nextNote), nextStray);
    if (start === -1) break;
    if (start === nextStray) {
      strayCloses.push(start);
      at = start + 2;
      continue;
    }
    if (start === nextBoneyard) {
      if (nextBoneyardClose !== -1 && nextBoneyardClose < start + 2) nextBoneyardClose = text.indexOf("*/", start + 2);
      const terminated = nextBoneyardClose !== -1;
      const end = terminated ? nextBoneyardClose + 2 : text.length;
      ranges.push({ kind: "boneyard", start, end, terminated });
      at = end;
      continue;
    }
    if (nextNoteClose !== -1 && nextNoteClose < start + 2) nextNoteClose = text.indexOf("]]", start + 2);
    if (nextBlank !== -1 && nextBlank < start) {
      blankLine.lastIndex = start;
      nextBlank = blankLine.exec(text)?.index ?? -1;
    }
    // A note may span lines but not a blank line: an unclosed `[[` then only takes the rest of its own line.
    // Nor another note's opening on a later line: notes do not nest, so a `]]` after it closes that note, and the first
    // one was left open (a deleted `]]` would otherwise hide every line up to the next note's end).
    let closes = nextNoteClose !== -1 && (nextBlank === -1 || nextNoteClose < nextBlank);
    const lineEnd = lineEndFrom(text, start);
    if (closes && nextNoteClose > lineEnd) {
      const inner = text.indexOf("[[", start + 2);
      if (inner !== -1 && inner < nextNoteClose && inner > lineEnd) closes = false;
    }
    const end = closes ? nextNoteClose + 2 : lineEnd;
    ranges.push({ kind: "note", start, end, terminated: closes });
    at = end;
  }
  return { masked: ranges.length === 0 ? text : mask(text, ranges), ranges, strayCloses };
}

/** The smaller of two indexOf results, -1 meaning none. */
function leftmost(a: number, b: number): number {
  return a === -1 ? b : b === -1 ? a : a < b ? a : b;
}

/**
 * Offset of the line break that ends the line holding `from` (or the text's end), read on from `from`: linear in what it
 * reads, so readers that each ask from a later offset read the text once in all. A loop, not a regular expression: run
 * for every element of a script, the expression cost the tree builder 2 % of checking it, in instructions run.
 */
export function lineEndFrom(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) return i;
  }
  return text.length;
}

function mask(text: string, ranges: TriviaRange[]): string {
  const parts: string[] = [];
  let at = 0;
  for (const r of ranges) {
    parts.push(text.slice(at, r.start), MASK.repeat(r.end - r.start));
    at = r.end;
  }
  parts.push(text.slice(at));
  return parts.join("");
}

/** The source's line starts without those whose line break lies inside trivia: the line table of the masked text. */
export function visibleLineStarts(lineStarts: Uint32Array, ranges: readonly TriviaRange[]): Uint32Array {
  if (ranges.length === 0) return lineStarts;
  // Most notes sit within one line: then every line break is visible and the table is the source's own, not a copy.
  if (!ranges.some((r) => hidesBreak(lineStarts, r))) return lineStarts;
  const visible = new Uint32Array(lineStarts.length);
  let n = 0;
  let r = 0;
  for (let i = 0; i < lineStarts.length; i++) {
    const start = lineStarts[i]!;
    while (r < ranges.length && ranges[r]!.end < start) r++;
    const range = ranges[r];
    // The break before `start` ends at `start`; it is hidden when the range covers it (start > range.start,
    // start <= range.end: a range never ends right after a break it did not take, so this is exact).
    if (range && start > range.start && start <= range.end && start > 0) continue;
    visible[n++] = start;
  }
  return visible.subarray(0, n);
}

/** Whether a line break lies inside `range` (a line starts within it, after its first character). */
function hidesBreak(lineStarts: Uint32Array, range: TriviaRange): boolean {
  // The first line start after range.start, by binary search.
  let lo = 0;
  let hi = lineStarts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (lineStarts[mid]! <= range.start) lo = mid + 1;
    else hi = mid;
  }
  return lo < lineStarts.length && lineStarts[lo]! <= range.end;
}

// Line classification. The .pod language is line-oriented: what a line is depends only on its own text and on the
// lexer mode (title page, body, song), so each line is classified once, by one scan, into one of these kinds.
// Masked trivia (notes, boneyard) counts as white space here. Every scan is linear in the line's length.

export type BodyKind =
  | "hidden" // nothing but notes or boneyard: not a blank line, it does not end a speech
  | "blank"
  | "heading"
  | "direction"
  | "songOpen"
  | "songEnd"
  | "include" // INCLUDE: path
  | "label" // LABEL: text
  | "cue" // LABEL alone (with an optional extension)
  | "paren" // ( … ) alone
  | "sound" // SFX file, BED file, BED out, STING file: given by the lexer (lineTokens) to a .pod line that would be text
  | "text";

export type TitleKind = "hidden" | "blank" | "entry" | "indent" | "bad";
export type SongKind = "hidden" | "blank" | "songEnd" | "heading" | "songOpen" | "marker" | "keyValue" | "lyric";

/** A speaker label found at the start of a line. Offsets are into the source text. */
export interface LabelMatch {
  start: number;
  end: number;
  forced: boolean;
  readonly name: string;
  extension?: { start: number; end: number };
  /** Offset just past the colon, for the inline form. */
  afterColon?: number;
}

export interface LineInfo<K extends string> {
  kind: K;
  /** Offset of the line's first character. */
  start: number;
  /** Offset past the line's last character, before its terminator. */
  contentEnd: number;
  /** Offset past the terminator. */
  end: number;
  label: LabelMatch | undefined;
  /** For a `text` line of the form `Host: …`: the label as it would be in capitals. */
  lowercaseLabel: LabelMatch | undefined;
}

// One shape for every line, so that the code reading lines stays monomorphic. A line is also the parser's token for it
// (tokens.ts): the token's fields are made here and typed by the lexer, so that a long script costs one object per
// line, not two.
function lineInfo<K extends string>(kind: K, start: number, contentEnd: number, end: number, label?: LabelMatch, lowercaseLabel?: LabelMatch): LineInfo<K> {
  const line = {
    kind,
    start,
    contentEnd,
    end,
    label,
    lowercaseLabel,
    image: "",
    startOffset: start,
    endOffset: end - 1,
    tokenType: undefined,
    tokenTypeIdx: 0,
  };
  return line;
}

/** Offset past the terminator that starts at `contentEnd` (there is none at the end of the text). */
function lineEndAt(text: string, contentEnd: number): number {
  const c = text.charCodeAt(contentEnd);
  if (c === 13) return text.charCodeAt(contentEnd + 1) === 10 ? contentEnd + 2 : contentEnd + 1;
  return c === 10 ? contentEnd + 1 : contentEnd;
}

const MASK_CODE = MASK.charCodeAt(0);

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === MASK_CODE;
}

/** First offset in [from, to) that is not masked trivia; `to` if none. */
function skipMask(text: string, from: number, to: number): number {
  while (from < to && text.charCodeAt(from) === MASK_CODE) from++;
  return from;
}

/** First offset in [from, to) that is not white space or mask; `to` if none. */
export function skipSpace(text: string, from: number, to: number): number {
  while (from < to && isSpace(text.charCodeAt(from))) from++;
  return from;
}

/** Offset past the last character in [from, to) that is not white space or mask. */
export function trimEnd(text: string, from: number, to: number): number {
  while (to > from && isSpace(text.charCodeAt(to - 1))) to--;
  return to;
}

/** Blank means only spaces and tabs; hidden means only white space and masked trivia, with some trivia. */
function blankOrHidden(text: string, start: number, end: number): "blank" | "hidden" | undefined {
  let masked = false;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === MASK_CODE) masked = true;
    else if (c !== 32 && c !== 9) return undefined;
  }
  return masked ? "hidden" : "blank";
}

const enum CharKind {
  Letter,
  Lower,
  /** A digit or one of the punctuation marks a label may hold. */
  Other,
  Stop,
}

// Labels are mostly ASCII: a table keeps the per-character cost of scanning long lines low.
const ASCII_KIND: CharKind[] = Array.from({ length: 128 }, (_, code) => {
  const ch = String.fromCharCode(code);
  if (ch >= "a" && ch <= "z") return CharKind.Lower;
  if (ch >= "A" && ch <= "Z") return CharKind.Letter;
  if ((ch >= "0" && ch <= "9") || " .'-_".includes(ch)) return CharKind.Other;
  return CharKind.Stop;
});

/**
 * Reads a speaker label at `from` (after leading space): letters, digits, spaces and . ' - _, starting with a letter;
 * with `@` any case. `allowLower` reads a would-be label with lower case too, to suggest the capitalised one; such a
 * scan reads at most `maxLower` characters of name.
 */
export function scanLabel(text: string, from: number, to: number, allowLower = false, maxLower = 64): LabelMatch | undefined {
  let i = skipSpace(text, from, to);
  const start = i;
  const forced = text.charCodeAt(i) === 64; /* @ */
  if (forced) i++;
  const nameStart = i;
  let sawLower = false;
  let sawLetter = false;
  // Past the last character that is not a space: of white space, only spaces get into a label's run.
  let nameEnd = nameStart;
  // A would-be label is only ever suggested when short, so that scan need not read a whole long line.
  const limit = allowLower ? Math.min(to, i + maxLower) : to;
  while (i < limit) {
    const code = text.charCodeAt(i);
    let size = 1;
    let kind: CharKind;
    if (code < 128) {
      kind = ASCII_KIND[code]!;
    } else {
      const ch = String.fromCodePoint(text.codePointAt(i)!);
      size = ch.length;
      kind = hasLowerCase(ch) ? CharKind.Lower : hasLetter(ch) ? CharKind.Letter : hasNumber(ch) ? CharKind.Other : CharKind.Stop;
    }
    if (kind === CharKind.Letter || kind === CharKind.Lower) {
      sawLetter = true;
      if (kind === CharKind.Lower) {
        // Most lines are prose: stop at the first lower-case letter unless one is allowed.
        if (!forced && !allowLower) return undefined;
        sawLower = true;
      }
    } else if (i === nameStart || kind === CharKind.Stop) {
      if (i === nameStart) return undefined; // a label starts with a letter
      break;
    }
    i += size;
    if (code !== 32) nameEnd = i;
  }
  if (!sawLetter || nameEnd === nameStart) return undefined;
  if (sawLower && !forced && !allowLower) return undefined;
  i = skipSpace(text, i, to); // [nameEnd, i) is spaces
  let extension: LabelMatch["extension"];
  // Any number of extensions, as in Fountain: `(V.O.) (CONT'D)`.
  while (text.charCodeAt(i) === 40 /* ( */) {
    let close = i + 1;
    while (close < to && text.charCodeAt(close) !== 41 /* ) */) close++;
    if (close >= to) return undefined;
    extension = { start: extension?.start ?? i, end: close + 1 };
    i = skipSpace(text, close + 1, to);
  }
  const c = text.charCodeAt(i);
  const colon = c === 58 /* : */ || c === 0xff1a; /* ： */
  if (!colon && i !== to) return undefined;
  return { start, end: nameEnd, forced, name: text.slice(nameStart, nameEnd), extension, afterColon: colon ? i + 1 : undefined };
}

/** Classifies a body line. */
export function classifyBody(text: string, start: number, contentEnd = lineEndFrom(text, start)): LineInfo<BodyKind> {
  const end = lineEndAt(text, contentEnd);
  const empty = blankOrHidden(text, start, contentEnd);
  if (empty) return lineInfo(empty, start, contentEnd, end);
  const first = skipSpace(text, start, contentEnd);
  const c = text.charCodeAt(first);
  if (c === 35 /* # */) return lineInfo("heading", start, contentEnd, end);
  if (c === 33 /* ! */) return lineInfo("direction", start, contentEnd, end);
  // Fountain's habits, read as Fountain means them: before labels, since `INT. HOUSE - DAY` and `CUT TO:` would read
  // as a cue and a label.
  const last = trimEnd(text, first, contentEnd);
  const habit = mayBeHabit(text, first, last) ? screenplayHabit(text.slice(first, last)) : undefined;
  if (habit !== undefined) return lineInfo(habit === "sceneHeading" ? "heading" : "direction", start, contentEnd, end);
  const label = scanLabel(text, first, contentEnd);
  if (label) {
    if (!label.forced && label.afterColon !== undefined && label.name === SONG_OPEN && !label.extension)
      return lineInfo("songOpen", start, contentEnd, end, label);
    if (!label.forced && label.afterColon === undefined && isEndSong(label.name)) return lineInfo("songEnd", start, contentEnd, end);
    if (!label.forced && label.afterColon !== undefined && label.name === INCLUDE_OPEN && !label.extension)
      return lineInfo("include", start, contentEnd, end, label);
    return lineInfo(label.afterColon === undefined ? "cue" : "label", start, contentEnd, end, label);
  }
  const close = text.charCodeAt(last - 1);
  if (last - first >= 2 && ((c === 40 && close === 41) || (c === 0xff08 && close === 0xff09))) return lineInfo("paren", start, contentEnd, end);
  // Most text lines are prose: one without a colon holds no would-be label (indexOf on the line tells at once), and a
  // name longer than looksLikeLabel takes is none either, so the scan stops past that length (the answer is the same:
  // the name read is then too long, or what follows it is no colon).
  const rest = text.slice(first, contentEnd);
  if (rest.indexOf(":") === -1 && rest.indexOf("：") === -1) return lineInfo("text", start, contentEnd, end);
  const wouldBe = scanLabel(text, first, contentEnd, true, LABEL_LIKE_LENGTH + 1);
  const lowercase = wouldBe && wouldBe.afterColon !== undefined && looksLikeLabel(wouldBe.name) ? wouldBe : undefined;
  return lineInfo("text", start, contentEnd, end, undefined, lowercase);
}

/**
 * Whether a line may be a screenplay habit, from its first and last characters alone (most lines are not, and this
 * keeps classifying them cheap): `=` or `>` first; `I`, `E` or `.` first (a scene heading); `TO:` or `IN:` last (a
 * transition, `FADE IN:`); `.` last after `F` or `C` first (`FADE OUT.`, `FADE TO BLACK.`, `CUT TO BLACK.`: most
 * sentences end with a dot, and are none).
 */
function mayBeHabit(text: string, first: number, last: number): boolean {
  const c = text.charCodeAt(first);
  const z = text.charCodeAt(last - 1);
  if (c === 61 || c === 62 || c === 73 || c === 69 || c === 46) return true;
  if (z === 58) {
    const y = text.charCodeAt(last - 2);
    return y === 79 || y === 78;
  }
  return z === 46 && (c === 70 || c === 67);
}

const LABEL_LIKE_LENGTH = 32;

/** Short enough to be a name rather than the start of a sentence with a colon in it. */
function looksLikeLabel(name: string): boolean {
  return name.length <= LABEL_LIKE_LENGTH && name.split(" ").length <= 3;
}

function isEndSong(name: string): boolean {
  return /^END +SONG$/.test(name);
}

/** Classifies a title-page line. */
export function classifyTitle(text: string, start: number, contentEnd = lineEndFrom(text, start)): LineInfo<TitleKind> {
  const end = lineEndAt(text, contentEnd);
  const empty = blankOrHidden(text, start, contentEnd);
  if (empty) return lineInfo(empty, start, contentEnd, end);
  // A note or boneyard before the key (`[[draft]]Title: …`) is not there once trivia is cut out.
  const first = skipMask(text, start, contentEnd);
  const c = text.charCodeAt(first);
  if (c === 9 || (c === 32 && text.charCodeAt(first + 1) === 32)) return lineInfo("indent", start, contentEnd, end);
  return lineInfo(titleKey(text, start, contentEnd) === undefined ? "bad" : "entry", start, contentEnd, end);
}

/** The end of a `Key:` at `start` (offset of the colon), or undefined. */
export function titleKey(text: string, start: number, contentEnd: number): number | undefined {
  const first = skipMask(text, start, contentEnd);
  const nameEnd = keyNameEnd(text, first);
  if (nameEnd === first) return undefined;
  const colon = skipSpace(text, nameEnd, contentEnd);
  const c = text.charCodeAt(colon);
  return colon < contentEnd && (c === 58 || c === 0xff1a) ? colon : undefined;
}

/** Where a key's name at `first` ends: a letter or number, then letters, numbers, spaces, `_`, `'` and `-`. */
function keyNameEnd(text: string, first: number): number {
  let i = first;
  while (i < text.length) {
    const code = text.codePointAt(i)!;
    const size = code > 0xffff ? 2 : 1;
    const inside = i > first && (code === 32 || code === 95 /* _ */ || code === 39 /* ' */ || code === 45); /* - */
    if (!inside && !isLetterOrNumber(code < 0x80 ? text.charAt(i) : String.fromCodePoint(code))) break;
    i += size;
  }
  return i;
}

/** Whether the script opens with a title page: its first non-blank line is `Key: value` with a lower-case letter in Key. */
export function opensWithTitlePage(text: string): boolean {
  let start = 0;
  while (start < text.length) {
    const line = classifyTitle(text, start);
    if (line.kind === "entry") {
      const colon = titleKey(text, start, line.contentEnd)!;
      return hasLowerCase(text.slice(skipMask(text, start, colon), colon));
    }
    if (line.kind !== "blank" && line.kind !== "hidden") return false;
    start = line.end;
  }
  return false;
}

/** Classifies a line inside a song block. */
export function classifySong(text: string, start: number, contentEnd = lineEndFrom(text, start)): LineInfo<SongKind> {
  const end = lineEndAt(text, contentEnd);
  const empty = blankOrHidden(text, start, contentEnd);
  if (empty) return lineInfo(empty, start, contentEnd, end);
  const first = skipSpace(text, start, contentEnd);
  const last = trimEnd(text, first, contentEnd);
  const c = text.charCodeAt(first);
  if (c === 35 /* # */) return lineInfo("heading", start, contentEnd, end);
  // A near miss (`END SOGN`, `End song`) ends the song too, as surely meant, and is reported there (build-song.ts).
  if ((c === 69 /* E */ || c === 101) /* e */ && last - first <= 12 && nearest(text.slice(first, last).replace(/[ \t]+/g, " "), [SONG_END]) !== undefined)
    return lineInfo("songEnd", start, contentEnd, end);
  const label = scanLabel(text, first, contentEnd);
  if (label && label.name === SONG_OPEN && label.afterColon !== undefined) return lineInfo("songOpen", start, contentEnd, end, label);
  if (isMarker(text, first, last)) return lineInfo("marker", start, contentEnd, end);
  if (SONG_KEY.test(text.slice(first, Math.min(last, first + 40)))) return lineInfo("keyValue", start, contentEnd, end);
  return lineInfo("lyric", start, contentEnd, end);
}

const SONG_KEY = /^[A-Za-z][A-Za-z -]{0,30}[:：]/;

function isMarker(text: string, first: number, last: number): boolean {
  const open = text[first];
  const close = text[last - 1];
  if (!((open === "[" && close === "]") || (open === "【" && close === "】"))) return false;
  const inner = text.slice(first + 1, last - 1);
  return inner.trim().length > 0 && !/[[\]【】]/.test(inner);
}

/**
 * Splits masked text into line tokens, starting on the title page when the script has one: each line is classified
 * once, in the current mode, and its kind gives its token and the next mode (tokens.ts). `lineStarts` is the masked
 * text's line table (visibleLineStarts).
 */
export function lineTokens(masked: string, lineStarts: Uint32Array): IToken[] {
  const length = masked.length;
  let mode: Mode = opensWithTitlePage(masked) ? "title" : "body";
  const tokens: LineToken[] = [];
  let titleLines = 0;
  for (let i = 0; i < lineStarts.length; i++) {
    const start = lineStarts[i]!;
    if (start >= length) break; // the empty line after a final line break is no line
    const next = lineStarts[i + 1];
    const contentEnd = next === undefined ? length : masked.charCodeAt(next - 1) === 10 && masked.charCodeAt(next - 2) === 13 ? next - 2 : next - 1;
    let line: LineInfo<string>;
    let step;
    if (mode === "body") {
      const body = classifyBody(masked, start, contentEnd);
      if (body.kind === "text" && body.lowercaseLabel === undefined && isSoundLine(masked, start, contentEnd)) body.kind = "sound";
      step = MODES.body[body.kind];
      line = body;
    } else if (mode === "song") {
      const song = classifySong(masked, start, contentEnd);
      // A `#` line followed by the song's END SONG is a lyric sheet's comment (`# Echo effect`), not a heading that
      // ends the song: it stays among the lyrics, where it is reported (build-song.ts).
      if (song.kind === "heading" && endsSongBelow(masked, lineStarts, i + 1)) song.kind = "lyric";
      step = MODES.song[song.kind];
      line = song;
    } else {
      const title = classifyTitle(masked, start, contentEnd);
      // Blank lines before the first entry are no end of the title page.
      if (title.kind === "blank" && titleLines === 0) continue;
      step = MODES.title[title.kind];
      line = title;
      if (step.token) titleLines++;
    }
    mode = step.next;
    const tokenType = step.token;
    if (tokenType === undefined) continue;
    const token = line as LineToken;
    token.tokenType = tokenType;
    token.tokenTypeIdx = tokenType.tokenTypeIdx!;
    tokens.push(token);
  }
  return tokens;
}

/** How many lines below a `#` line in a song are read for its END SONG: enough for a lyric sheet's section. */
const SONG_END_REACH = 60;

/** Whether an END SONG comes within reach below line `from`, before another song opens. */
function endsSongBelow(masked: string, lineStarts: Uint32Array, from: number): boolean {
  for (let i = from; i < lineStarts.length && i < from + SONG_END_REACH; i++) {
    const start = lineStarts[i]!;
    if (start >= masked.length) return false;
    const kind = classifySong(masked, start).kind;
    if (kind === "songEnd") return true;
    if (kind === "songOpen") return false;
  }
  return false;
}

/**
 * Whether a body line that would be text is a sound cue (`SFX door.wav`): only in a .pod script's body, never in a
 * Fountain screenplay (whose reader does not use this lexer), so a screenplay's action keeps its meaning.
 */
function isSoundLine(masked: string, start: number, contentEnd: number): boolean {
  return readSoundLine(masked.slice(start, trimEnd(masked, start, contentEnd))) !== undefined;
}
