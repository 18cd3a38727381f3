// What the language counts as a letter, a lower-case letter and a number: Unicode's categories L, Ll and N, as
// /\p{L}/u, /\p{Ll}/u and /\p{N}/u match them. A speaker label is in capitals when it has no lower-case letter, a
// title page opens with a key that has one, and a label or key starts with a letter.
//
// Nearly every character asked about is ASCII, and ASCII is answered by its code. A regular expression with a Unicode
// property is built only when a character outside ASCII first asks: V8 has ICU build the property's set of characters
// for each such expression, a fraction of a millisecond apiece, and a dozen of them built at load were a measurable
// part of a cold `podc check`.

let letter: RegExp | undefined;
let lowerCase: RegExp | undefined;
let number: RegExp | undefined;

/** Whether `text` has a letter (Unicode category L). */
export function hasLetter(text: string): boolean {
  return some(text, isAsciiLetter, () => (letter ??= /\p{L}/u));
}

/** Whether `text` has a lower-case letter (Unicode category Ll). */
export function hasLowerCase(text: string): boolean {
  return some(text, isAsciiLowerCase, () => (lowerCase ??= /\p{Ll}/u));
}

/** Whether `text` has a number (Unicode category N: digits, and such as Roman numerals and superscripts). */
export function hasNumber(text: string): boolean {
  return some(text, isAsciiDigit, () => (number ??= /\p{N}/u));
}

/** Whether a character (one code point, or one UTF-16 unit) is a letter or a number. */
export function isLetterOrNumber(ch: string): boolean {
  return hasLetter(ch) || hasNumber(ch);
}

function some(text: string, ascii: (code: number) => boolean, property: () => RegExp): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // What is left may split a surrogate pair only where the text itself does: i is past ASCII units alone.
    if (code >= 0x80) return property().test(i === 0 ? text : text.slice(i));
    if (ascii(code)) return true;
  }
  return false;
}

function isAsciiLowerCase(code: number): boolean {
  return code >= 0x61 && code <= 0x7a;
}

function isAsciiLetter(code: number): boolean {
  return isAsciiLowerCase(code) || (code >= 0x41 && code <= 0x5a);
}

function isAsciiDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}
