// Fountain's emphasis is formatting, not speech: `*italic*`, `**bold**`, `***both***` and `_underline_` lose their
// markers and keep their words. A backslash keeps the character after it literally (`\*` is an asterisk, `\#` a hash
// at the start of a line of dialogue, `\\` a backslash) and is itself not spoken. A marker only opens at the start of
// a word and only closes at the end of one, so `2*3*4` and `snake_case_name` are said as written.

import { isLetterOrNumber } from "../language/letters.js";

const ESCAPE = /\\(\S)/gu;
const HELD = "\uE000";
// Built on first use, as most lines have no marker: each costs ICU a set of every letter and number to build.
let stars: RegExp | undefined;
let underline: RegExp | undefined;

/** A line of spoken text as the voice should read it: emphasis markers and escaping backslashes removed. */
export function withoutEmphasis(text: string): string {
  if (text.indexOf("*") === -1 && text.indexOf("_") === -1 && text.indexOf("\\") === -1) return text;
  const held: string[] = [];
  let out = text.indexOf(HELD) === -1 ? text : text.split(HELD).join(" ");
  // A letter or digit is never a marker and is kept in place, so that it still joins the word around it: `\A_:_` is
  // said as `A_:_` is. Anything else is held out of the marker rules' sight while they run.
  out = out.replace(ESCAPE, (_, ch: string) => {
    if (isLetterOrNumber(ch)) return ch;
    held.push(ch);
    return HELD;
  });
  stars ??= /(^|[^\p{L}\p{N}*\\])(\*{1,3})(?=[^\s*])([^*]*?[^\s*])\2(?![\p{L}\p{N}*])/gu;
  underline ??= /(^|[^\p{L}\p{N}_])_(?=[^\s_])([^_]*?[^\s_])_(?![\p{L}\p{N}_])/gu;
  // Nested emphasis (`**bold _and underlined_**`) comes off one layer at a time; three layers is all Fountain has.
  for (let layer = 0; layer < 3; layer++) {
    const before = out;
    out = out.replace(stars, "$1$3").replace(underline, "$1$2");
    if (out === before) break;
  }
  if (held.length === 0) return out;
  let next = 0;
  return out.replace(/\uE000/g, () => held[next++] ?? "");
}
