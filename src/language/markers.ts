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

// Keys are names folded to lower case without spaces, hyphens or underscores.
const VARIANTS = new Map<string, string>([
  ...SECTION_NAMES.map((name) => [fold(name), name] as const),
  ["inst", "Instrumental"],
  ["instr", "Instrumental"],
  ["pre", "Pre-Chorus"],
  ["post", "Post-Chorus"],
]);

function fold(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, "");
}

export interface MarkerName {
  /** The name as written inside the brackets, trimmed. */
  raw: string;
  canonical: string | null;
  number?: string;
  /** `[Verse 2]`: the canonical form, or the marker as written when its name is unknown. */
  text: string;
}

/** Reads the inside of `[ … ]` or `【 … 】`: a section name, optionally followed by a number. */
export function readMarker(inner: string): MarkerName {
  const raw = inner.trim();
  const m = /^(.*?)[\s_-]*(\d+)$/.exec(raw);
  const name = m && m[1]!.length > 0 ? m[1]! : raw;
  const number = m && m[1]!.length > 0 ? m[2]!.replace(/^0+(?=\d)/, "") : undefined;
  const canonical = VARIANTS.get(fold(name)) ?? null;
  const text = canonical === null ? `[${raw}]` : `[${canonical}${number === undefined ? "" : ` ${number}`}]`;
  return number === undefined ? { raw, canonical, text } : { raw, canonical, number, text };
}
