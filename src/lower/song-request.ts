import type { Song } from "../ast/nodes.js";
import type { Limits } from "../config/schema.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { SONG_PATH } from "../contract/paths.js";
import type { SongRequest } from "../contract/requests.js";
import { hasLyricLines, lyricsText } from "./lyrics.js";
import type { Origin, PlannedSong } from "./plan.js";
import { stylePrompt } from "./prompt.js";
import { requestKey } from "./request-key.js";
import { songHeader } from "./song-header.js";
import { songLimitDiagnostics } from "./song-limits.js";
import { songModel } from "./song-model.js";
import { songTakes, type SongTakes } from "./song-takes.js";

// A song without a Style or without a lyric line is an error the checks report; lowering skips it
// rather than send a request the service would reject (or bill for a song nobody asked for).

/** What a song's request depends on beyond the song itself. */
export interface SongContext {
  section: string | undefined;
  titlePageModel: string | undefined;
  configModel: string | undefined;
  /** The project's `songs.takes`: the `n` sent for a song without its own `Takes`. */
  configTakes?: number | undefined;
}

/** The request of one song block, or undefined when it lacks a style or lyrics; limit errors go to `diagnostics`. */
export function songRequest(song: Song, context: SongContext, limits: Limits, diagnostics: Diagnostic[]): PlannedSong | undefined {
  const takes = songTakes(song, context.configTakes, diagnostics);
  const body = songBody(song, context, limits, diagnostics, takes);
  if (body === undefined) return undefined;
  const line = song.span.start.line;
  const origin: Origin =
    context.section === undefined ? { line, song: song.title.text } : { line, section: context.section, song: song.title.text };
  const planned: PlannedSong = { key: requestKey("POST", SONG_PATH, body), kind: "song", method: "POST", path: SONG_PATH, body, origin };
  // Pick is the episode's choice, not the service's: it stays out of the body and so out of the key.
  if (takes.pickWritten) planned.pick = takes.pick;
  return planned;
}

/**
 * The body of one song block's request, as songRequest builds it (limit errors go to `diagnostics`), without its key.
 * `takes` is what the song's Takes and Pick say; without it they are read here (and their errors reported).
 */
export function songBody(
  song: Song,
  context: SongContext,
  limits: Limits,
  diagnostics: Diagnostic[],
  takes: SongTakes = songTakes(song, context.configTakes, diagnostics),
): SongRequest | undefined {
  const prompt = stylePrompt(songHeader(song, "style") ?? "");
  if (prompt === "" || !hasLyricLines(song)) return undefined;
  // Key order lyrics, model, prompt, n: the body is sent as built, and `n` only when asked for.
  const body: SongRequest = { lyrics: lyricsText(song), model: songModel(song, context.titlePageModel, context.configModel), prompt };
  if (takes.n !== undefined) body.n = takes.n;
  for (const d of songLimitDiagnostics(song, body, limits)) diagnostics.push(d);
  return body;
}
