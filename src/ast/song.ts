import { DEFAULT_MODEL, MODEL_PRECEDENCE, type ModelSource } from "../language/models.js";
import type { Lyric, Marker, Song, SongHeader } from "./nodes.js";

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

// A repeated header is reported by the checks; as everywhere in a script (title page, Cast), the last one wins.

/** A song's last header named `name` (lower case), or undefined. */
export function songHeaderNode(song: Song, name: string): SongHeader | undefined {
  return song.headers.findLast((header) => header.name === name);
}

/** The value of a song's last header named `name` (lower case), or undefined. */
export function songHeader(song: Song, name: string): string | undefined {
  return songHeaderNode(song, name)?.value.text;
}

// The model of a song, by the language's precedence (language/models.ts). A value that is empty once trimmed counts
// as not given, so that a blank header falls through instead of sending an empty model.

/** The model a song is generated with, and which source named it. */
export function songModelChoice(
  song: Song,
  titlePageModel: string | undefined,
  configModel: string | undefined,
): { model: string; source: ModelSource } {
  const given: Record<(typeof MODEL_PRECEDENCE)[number], string | undefined> = {
    song: songHeader(song, "model"),
    titlePage: titlePageModel,
    config: configModel,
  };
  for (const source of MODEL_PRECEDENCE) {
    const model = given[source]?.trim();
    if (model !== undefined && model !== "") return { model, source };
  }
  return { model: DEFAULT_MODEL, source: "default" };
}

/** The model a song is generated with, from the most specific non-empty source. */
export function songModel(song: Song, titlePageModel: string | undefined, configModel: string | undefined): string {
  return songModelChoice(song, titlePageModel, configModel).model;
}

// The style prompt is a list of descriptors: each is trimmed, empty ones (from `a,,b` or a trailing
// comma) are dropped, and the rest are joined with ", ". Only the ASCII comma separates descriptors;
// the inside of a descriptor is sent as written.

/** The `prompt` of a song request from its `Style` header value. */
export function stylePrompt(style: string): string {
  return style
    .split(",")
    .map((descriptor) => descriptor.trim())
    .filter((descriptor) => descriptor !== "")
    .join(", ");
}
