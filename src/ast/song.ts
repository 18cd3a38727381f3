import { DEFAULT_MODEL, MODEL_PRECEDENCE, type ModelSource } from "../language/models.js";
import { markerText } from "../language/markers.js";
import { PLAY_BED } from "../language/song-headers.js";
import type { Lyric, Marker, Song, SongHeader } from "./nodes.js";

// Lyrics as the service expects them, and as writers write them. Every tag line and lyric line is sent as written
// (trailing white space cut), known section names in canonical spelling. A known section marker starts a section;
// sections are separated by one empty line. A tag line directly under a marker or a lyric (no blank line between)
// stays with it: `[Verse 1]` then `[Soft, intimate]` is one section that opens with a description. A blank line
// among a section's lyric lines (a stanza break) is kept as one empty line; after a blank line, a free-form tag opens
// a section of its own. No empty line leads or trails. Notes are not sung.

/** One line of the lyrics as sent, with the tag or lyric it comes from (an empty line: a stanza break). */
export interface LyricsLine {
  text: string;
  item: Marker | Lyric;
}

/** The lines of a song's lyrics grouped by section, empty sections left out; a section may hold stanza breaks. */
export function lyricsSections(song: Song): LyricsLine[][] {
  const sections: LyricsLine[][] = [[]];
  let stanzaBreak: Lyric | undefined;
  for (const item of song.items) {
    if (item.type === "Note") continue;
    const current = sections[sections.length - 1]!;
    if (item.type === "Lyric") {
      const text = item.text.trimEnd();
      if (text === "") {
        // Between a section's tags and its first lyric, a blank line is layout, not a stanza break.
        if (current.some((line) => line.item.type === "Lyric")) stanzaBreak = item;
        continue;
      }
      if (stanzaBreak !== undefined) current.push({ text: "", item: stanzaBreak });
      stanzaBreak = undefined;
      current.push({ text, item });
      continue;
    }
    const line = { text: markerLine(item).trimEnd(), item };
    if (line.text === "") continue;
    // A free-form tag right under the section's last line describes it; after a blank line, it opens a new one.
    if (item.canonical === null && current.length > 0 && stanzaBreak === undefined) current.push(line);
    else sections.push([line]);
    stanzaBreak = undefined;
  }
  return sections.filter((lines) => lines.length > 0);
}

/** The `lyrics` text of a song ("" when it has neither tags nor lyric lines). */
export function lyricsText(song: Song): string {
  return lyricsSections(song)
    .map((lines) => lines.map((line) => line.text).join("\n"))
    .join("\n\n");
}

/** A tag line as sent: `[Verse 2: raspy]` for `[verse 2: raspy]`; a free-form tag exactly as written. */
export function markerLine(marker: Marker): string {
  return markerText(marker);
}

/** Whether a song has something to send as its lyrics: a lyric line, or a tag line (an instrumental). */
export function hasLyricLines(song: Song): boolean {
  // A tag line counts: a song of tags alone (`[Instrumental]`) is an instrumental, its tags sent as its lyrics.
  return song.items.some((item) => (item.type === "Marker" ? markerLine(item) : item.type === "Lyric" ? item.text : "").trim() !== "");
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

/** Whether a song is a bed (`Play: bed`, in any case): laid under the speech after it instead of played on its own. */
export function isBedSong(song: Song): boolean {
  return songHeader(song, "play")?.trim().toLowerCase() === PLAY_BED;
}

// The model of a song, by the language's precedence (language/models.ts). A value that is empty once trimmed counts
// as not given, so that a blank header falls through instead of sending an empty model.

/** The model a song is generated with, and which source named it. */
export function songModelChoice(song: Song, titlePageModel: string | undefined, configModel: string | undefined): { model: string; source: ModelSource } {
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
