import type { Song } from "../ast/nodes.js";
import { songHeader } from "./song-header.js";

// The model of a song: its own `Model` header, else the title page's `Model`, else the project's
// default, else `auto`. A value that is empty once trimmed counts as not given, so that a blank header
// falls through instead of sending an empty model.

/** The model a song is generated with, from the most specific non-empty source. */
export function songModel(song: Song, titlePageModel: string | undefined, configModel: string | undefined): string {
  const candidates = [songHeader(song, "model"), titlePageModel, configModel];
  for (const candidate of candidates) {
    const model = candidate?.trim();
    if (model !== undefined && model !== "") return model;
  }
  return "auto";
}
