import type { Song, SongHeader } from "../ast/nodes.js";

// A repeated header is reported by the checks; as everywhere in a script (title page, Cast), the last one wins.

/** A song's last header named `name` (lower case), or undefined. */
export function songHeaderNode(song: Song, name: string): SongHeader | undefined {
  return song.headers.findLast((header) => header.name === name);
}

/** The value of a song's last header named `name` (lower case), or undefined. */
export function songHeader(song: Song, name: string): string | undefined {
  return songHeaderNode(song, name)?.value.text;
}
