// Turn lengths are counted in Unicode code points, the unit the language already uses for columns:
// a character outside the Basic Multilingual Plane (an emoji, a rare CJK ideograph) counts once, not twice.
// These helpers work on index ranges of one string so that long texts are never copied to be measured.

/** Whether a UTF-16 unit is the first half of a surrogate pair. */
export function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** Whether a UTF-16 unit is the second half of a surrogate pair. */
export function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** Number of code points in `text.slice(start, end)`; a lone surrogate counts as one. */
export function codePointLength(text: string, start = 0, end = text.length): number {
  // Most text has no surrogate at all, and a regular expression finds that out far faster than a loop.
  if (start === 0 && end === text.length && !SURROGATE.test(text)) return end;
  let count = 0;
  for (let i = start; i < end; i++) {
    if (isHighSurrogate(text.charCodeAt(i)) && i + 1 < end && isLowSurrogate(text.charCodeAt(i + 1))) i++;
    count++;
  }
  return count;
}

/** The UTF-16 index reached by advancing `count` code points from `start`, never past `end`; never splits a surrogate pair. */
export function advanceCodePoints(text: string, start: number, count: number, end = text.length): number {
  let i = start;
  for (let n = 0; n < count && i < end; n++) {
    if (isHighSurrogate(text.charCodeAt(i)) && i + 1 < end && isLowSurrogate(text.charCodeAt(i + 1))) i += 2;
    else i += 1;
  }
  return i;
}

// One definition of "white space" for collapsing spoken text, finding sentence ends and cutting long
// sentences, so the three always agree: ECMAScript's `\s` (Unicode white space, including the
// no-break space and the ideographic space U+3000).

const WHITE_SPACE = /\s/;
// Matches only the runs that need replacing (not a lone ASCII space), so ordinary text is not rewritten.
const WHITE_SPACE_RUNS = /[^\S ]\s*| \s+/g;

/** Whether the UTF-16 unit at `index` of `text` is white space (false past the end). */
export function isWhiteSpaceAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (Number.isNaN(code)) return false;
  // ASCII is answered without the regular expression: this runs once per character of every long speech.
  if (code < 0x80) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return WHITE_SPACE.test(text.charAt(index));
}

// Printable ASCII whose only white space is single spaces (most spoken text) has no run to replace: one look for a
// character that is not printable ASCII or for two spaces tells that faster than WHITE_SPACE_RUNS looks for runs.
const NOT_PRINTABLE_ASCII_OR_TWO_SPACES = /[^ -~]| {2}/;

/** `text` with every run of white space replaced by one ASCII space and the ends trimmed. */
export function collapseWhiteSpace(text: string): string {
  if (!NOT_PRINTABLE_ASCII_OR_TWO_SPACES.test(text)) return text.trim();
  return text.replace(WHITE_SPACE_RUNS, " ").trim();
}
