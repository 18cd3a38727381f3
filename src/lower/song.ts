import type { Song } from "../ast/nodes.js";
import { hasLyricLines, isBedSong, lyricsSections, lyricsText, songHeader, songHeaderNode, songModel, stylePrompt } from "../ast/song.js";
import type { Limits } from "../config/schema.js";
import { SONG_PATH } from "../contract/paths.js";
import { requestKey } from "../contract/canonical-json.js";
import type { SongRequest } from "../contract/requests.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { diagnostic } from "../diagnostics/report.js";
import { codePointLength } from "../source/text.js";
import type { Origin, PlannedSong } from "./plan.js";
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
  const origin: Origin = context.section === undefined ? { line, song: song.title.text } : { line, section: context.section, song: song.title.text };
  // Pick is the episode's choice, not the service's: it stays out of the body and so out of the key. Members in the
  // order a plan prints them.
  const request: PlannedSong = { key: requestKey("POST", SONG_PATH, body), kind: "song", method: "POST", path: SONG_PATH, body, origin };
  if (takes.pickWritten) request.pick = takes.pick;
  if (isBedSong(song)) request.bed = true;
  return request;
}

/** `request` sent with `model` in place of its own: the same song, origin and pick, a new body and so a new key. */
export function withModel(request: PlannedSong, model: string): PlannedSong {
  const body = { ...request.body, model };
  const made: PlannedSong = { key: requestKey("POST", SONG_PATH, body), kind: "song", method: "POST", path: SONG_PATH, body, origin: request.origin };
  if (request.pick !== undefined) made.pick = request.pick;
  if (request.bed) made.bed = true;
  return made;
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

// Limits are judged on the body as it would be sent (canonical markers, trimmed lines, separators), since that is
// what the service measures; each diagnostic points at the part of the script that goes over.

/** POD0401 when the lyrics are too long (on the lines from where the limit is crossed), POD0402 for the prompt. */
function songLimitDiagnostics(song: Song, body: SongRequest, limits: Limits): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const lyricsLength = codePointLength(body.lyrics);
  if (lyricsLength > limits.lyricsChars) {
    const sections = lyricsSections(song);
    const lines = sections.flat();
    let count = 0;
    let over = lines[lines.length - 1]!;
    search: for (const [s, section] of sections.entries()) {
      for (const [l, line] of section.entries()) {
        count += (s > 0 && l === 0 ? 2 : s > 0 || l > 0 ? 1 : 0) + codePointLength(line.text);
        if (count > limits.lyricsChars) {
          over = line;
          break search;
        }
      }
    }
    const last = lines[lines.length - 1]!;
    diagnostics.push(
      diagnostic(
        "POD0401",
        { start: over.item.span.start, end: last.item.span.end },
        { title: song.title.text, length: lyricsLength, max: limits.lyricsChars },
        { help: `the limit is crossed on line ${over.item.span.start.line}: shorten the lyrics or split the song` },
      ),
    );
  }
  const promptLength = codePointLength(body.prompt);
  if (promptLength > limits.promptChars) {
    const style = songHeaderNode(song, "style")!;
    diagnostics.push(
      diagnostic(
        "POD0402",
        style.value.span,
        { length: promptLength, max: limits.promptChars },
        {
          help: "keep the few descriptors that matter most: genre, tempo, mood, vocals",
        },
      ),
    );
  }
  return diagnostics;
}
