// Turn lengths are counted in Unicode code points, the unit the language already uses for columns:
// a character outside the Basic Multilingual Plane (an emoji, a rare CJK ideograph) counts once, not twice.
// These helpers work on index ranges of one string so that long texts are never copied to be measured.

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
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
