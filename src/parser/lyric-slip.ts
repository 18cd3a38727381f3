import { readMarker } from "../language/markers.js";

// Lyric sheets pasted from the wild mark their sections in ways a song service sings as words: `(Verse 1)`, a bare
// `Chorus`, a `# Echo effect` comment, markdown around a tag (`**[Verse 1: Female]**`). Each is a lyric line as
// written; this tells the tag it was surely meant as, for the warning and its fix.

/** The tag a lyric line was meant as (`[Verse 1]`), if it is one of those habits; `line` is trimmed. */
export function meantTag(line: string): string | undefined {
  // A comment: `# Echo effect` (only such a line is ever a lyric starting with `#`: see lines.ts).
  if (line.startsWith("#")) {
    const inner = line.replace(/^#+\s*/, "").trim();
    return inner === "" ? undefined : `[${inner}]`;
  }
  // Markdown around a tag or a section name: `**[Verse 1: Female]**`, `**Chorus:**`, `_Bridge_`.
  const emphasis = /^(\*{1,3}|_{1,2})(.+?)\1$/.exec(line);
  if (emphasis) {
    const inner = emphasis[2]!.trim();
    if (inner.startsWith("[") && inner.endsWith("]") && inner.length > 2) return inner;
    return sectionName(inner);
  }
  // `(Verse 1)`: parentheses are backing vocals (`(Whispers new)`), unless they hold a section's name alone.
  if (line.startsWith("(") && line.endsWith(")")) return sectionName(line.slice(1, -1));
  return sectionName(line);
}

/** `[Name]` when `text` is a section's name alone, with a number, a colon or a description after a colon. */
function sectionName(text: string): string | undefined {
  const inner = text.trim().replace(/:$/, "").trim();
  if (inner === "" || inner.length > 40) return undefined;
  const name = readMarker(inner);
  if (name.canonical === null) return undefined;
  if (name.suffix !== undefined && !/^\s*:/.test(name.suffix)) return undefined;
  return `[${inner}]`;
}
