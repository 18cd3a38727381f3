import type { Lyric, Marker, Song } from "../ast/nodes.js";

// Lyrics as the service expects them: one line per marker or lyric line, one empty line between
// sections, no empty line at either end. Lines are sent as written except for trailing white space.
// A section starts at each marker; lines before the first marker form an unnamed first section. Notes
// are not sung. A lyric line that is empty once trailing white space is gone is left out, so that only
// markers separate sections (the parser already drops blank lines; this keeps the rule on any tree).

/** One line of the lyrics as sent, with the marker or lyric it comes from. */
export interface LyricsLine {
  text: string;
  item: Marker | Lyric;
}

/** The lines of a song's lyrics grouped by section, empty sections left out. */
export function lyricsSections(song: Song): LyricsLine[][] {
  const sections: LyricsLine[][] = [[]];
  for (const item of song.items) {
    if (item.type === "Marker") {
      sections.push([{ text: markerLine(item), item }]);
    } else if (item.type === "Lyric") {
      const text = item.text.trimEnd();
      if (text !== "") sections[sections.length - 1]?.push({ text, item });
    }
  }
  return sections.filter((lines) => lines.length > 0);
}

/** The `lyrics` text of a song ("" when it has neither markers nor lyric lines). */
export function lyricsText(song: Song): string {
  return lyricsSections(song)
    .map((lines) => lines.map((line) => line.text).join("\n"))
    .join("\n\n");
}

/** A marker in canonical spelling (`[Verse 2]`); an unknown name is kept as written (`[Verze]`). */
export function markerLine(marker: Marker): string {
  if (marker.canonical === null) return `[${marker.raw}]`;
  return marker.number === undefined || marker.number === ""
    ? `[${marker.canonical}]`
    : `[${marker.canonical} ${marker.number}]`;
}

/** Whether a song has at least one lyric line to sing (markers alone are not lyrics). */
export function hasLyricLines(song: Song): boolean {
  return song.items.some((item) => item.type === "Lyric" && item.text.trim() !== "");
}
