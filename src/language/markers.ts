import { hasLetter, isLetterOrNumber } from "./letters.js";

/** The closed set of lyric section names, in their canonical spelling. */
export const SECTION_NAMES = [
  "Intro",
  "Verse",
  "Pre-Chorus",
  "Chorus",
  "Post-Chorus",
  "Hook",
  "Bridge",
  "Break",
  "Interlude",
  "Instrumental",
  "Outro",
] as const;

/**
 * The section names the service's own lyric tools write in Chinese: known sections, kept in Chinese (their canonical
 * spelling is themselves). Intro, verse, pre-chorus, chorus, bridge, interlude, outro.
 */
const CHINESE_SECTION_NAMES = ["前奏", "主歌", "预副歌", "副歌", "桥段", "间奏", "尾奏"] as const;

// Keys are names folded to lower case without spaces, hyphens or underscores.
const VARIANTS = new Map<string, string>([
  ...SECTION_NAMES.map((name) => [fold(name), name] as const),
  ...CHINESE_SECTION_NAMES.map((name) => [name, name] as const),
  ["prechorus", "Pre-Chorus"],
  ["postchorus", "Post-Chorus"],
]);

// Short spellings that name a section only as the whole tag: `[Inst]` is Instrumental, `[Post Malone style]` is no
// Post-Chorus.
const WHOLE_ONLY = new Map<string, string>([
  ["inst", "Instrumental"],
  ["instr", "Instrumental"],
  ["pre", "Pre-Chorus"],
  ["post", "Post-Chorus"],
]);

function fold(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, "");
}

export interface MarkerName {
  /** The tag as written inside the brackets, trimmed. */
  raw: string;
  /** The known section the tag opens with, in canonical spelling; null for a free-form tag (`[Guitar Solo]`). */
  canonical: string | null;
  number?: string;
  /** What follows the name (and number), as written: `: raspy vocal` in `[verse 1: raspy vocal]`. */
  suffix?: string;
}

const CJK = /[\u3400-\u9fff]/;

/**
 * Reads the inside of a tag line `[ … ]` or `【 … 】`. When it opens with a known section name (any case, spaces and
 * hyphens as you like: `pre chorus`), then optionally a number, then anything after a word boundary, that is the
 * section; anything else is a free-form tag.
 */
export function readMarker(inner: string): MarkerName {
  const raw = inner.trim();
  const whole = WHOLE_ONLY.get(fold(raw.replace(/[\s_-]*\d+$/, "")));
  const m = /^(.*?)[\s_-]*(\d+)$/.exec(raw);
  if (whole !== undefined) return m ? { raw, canonical: whole, number: m[2]!.replace(/^0+(?=\d)/, "") } : { raw, canonical: whole };
  // The longest known name the tag opens with; a Latin name must end at a word boundary (`[Breakdown]` is no Break).
  let canonical: string | null = null;
  let nameEnd = 0;
  for (let end = 1; end <= raw.length && end <= 24; end++) {
    const next = raw.charAt(end);
    const boundary = end === raw.length || !isLetterOrNumber(next) || CJK.test(raw.charAt(end - 1)) || /\d/.test(next);
    // A name ends on a letter: `[chorus - final]` is Chorus then ` - final`, not `Chorus -` then ` final`.
    if (!boundary || !hasLetter(raw.charAt(end - 1))) continue;
    const found = VARIANTS.get(fold(raw.slice(0, end)));
    if (found !== undefined) {
      canonical = found;
      nameEnd = end;
    }
  }
  if (canonical === null) return { raw, canonical };
  const rest = raw.slice(nameEnd);
  // Most tags end at their name: such a rest has no number to read.
  const numbered = rest === "" ? null : /^[\s_-]*(\d+)(?![\p{L}\p{N}])/u.exec(rest);
  const name: MarkerName = { raw, canonical };
  if (numbered) name.number = numbered[1]!.replace(/^0+(?=\d)/, "");
  const suffix = numbered ? rest.slice(numbered[0].length) : rest;
  if (suffix !== "") name.suffix = suffix;
  return name;
}

/** A tag line as sent: a known section in canonical spelling with its suffix as written; any other tag as written. */
export function markerText(name: { canonical: string | null; number?: string; suffix?: string; written: string }): string {
  if (name.canonical === null) return name.written;
  return `[${name.canonical}${name.number === undefined || name.number === "" ? "" : ` ${name.number}`}${name.suffix ?? ""}]`;
}
