import type { IToken } from "chevrotain";
import { classifyBody, classifySong, classifyTitle, opensWithTitlePage, type LineInfo } from "./line-kinds.js";
import { MODES, Blank, type LineToken, type Mode } from "./tokens.js";

/**
 * About how many characters of tokens are handed to the grammar at a time. Small, because a chunk's tokens and elements
 * are all alive until its elements are checked and lowered, and every young collection in between copies them: on a
 * script of short lines, 4 KiB chunks took young collections from about 170 ms to 60 ms of a 20 MB check (32 KiB
 * before), and a chunk costs the grammar one call.
 */
const CHUNK = 1 << 12;

/**
 * Splits masked text into line tokens, starting on the title page when the script has one: each line is classified
 * once, in the current mode, and its kind gives its token and the next mode (tokens.ts). `lineStarts` is the masked
 * text's line table (visibleLineStarts).
 *
 * The tokens come a chunk at a time, each chunk but the last ending with a blank line of the body (a Blank token): the
 * grammar takes a Blank only as a whole body item, so there it stands between two body items, and the chunks parse one
 * after the other exactly as the whole would (grammar.ts). Tokens then live only as long as their chunk, so a large
 * script never holds a token per line at once.
 */
export function* lineTokens(masked: string, lineStarts: Uint32Array): Generator<IToken[]> {
  const length = masked.length;
  let mode: Mode = opensWithTitlePage(masked) ? "title" : "body";
  let tokens: LineToken[] = [];
  let chunkStart = 0;
  let titleLines = 0;
  for (let i = 0; i < lineStarts.length; i++) {
    const start = lineStarts[i]!;
    if (start >= length) break; // the empty line after a final line break is no line
    const next = lineStarts[i + 1];
    const contentEnd = next === undefined ? length : masked.charCodeAt(next - 1) === 10 && masked.charCodeAt(next - 2) === 13 ? next - 2 : next - 1;
    let line: LineInfo<string>;
    let step;
    if (mode === "body") {
      const body = classifyBody(masked, start, contentEnd);
      step = MODES.body[body.kind];
      line = body;
    } else if (mode === "song") {
      const song = classifySong(masked, start, contentEnd);
      // A `#` line followed by the song's END SONG is a lyric sheet's comment (`# Echo effect`), not a heading that
      // ends the song: it stays among the lyrics, where it is reported (build-song.ts).
      if (song.kind === "heading" && endsSongBelow(masked, lineStarts, i + 1)) song.kind = "lyric";
      step = MODES.song[song.kind];
      line = song;
    } else {
      const title = classifyTitle(masked, start, contentEnd);
      // Blank lines before the first entry are no end of the title page.
      if (title.kind === "blank" && titleLines === 0) continue;
      step = MODES.title[title.kind];
      line = title;
      if (step.token) titleLines++;
    }
    mode = step.next;
    const tokenType = step.token;
    if (tokenType === undefined) continue;
    const token = line as LineToken;
    token.tokenType = tokenType;
    token.tokenTypeIdx = tokenType.tokenTypeIdx!;
    tokens.push(token);
    if (tokenType === Blank && line.end - chunkStart >= CHUNK) {
      yield tokens;
      tokens = [];
      chunkStart = line.end;
    }
  }
  if (tokens.length > 0) yield tokens;
}

/** How many lines below a `#` line in a song are read for its END SONG: enough for a lyric sheet's section. */
const SONG_END_REACH = 60;

/** Whether an END SONG comes within reach below line `from`, before another song opens. */
function endsSongBelow(masked: string, lineStarts: Uint32Array, from: number): boolean {
  for (let i = from; i < lineStarts.length && i < from + SONG_END_REACH; i++) {
    const start = lineStarts[i]!;
    if (start >= masked.length) return false;
    const kind = classifySong(masked, start).kind;
    if (kind === "songEnd") return true;
    if (kind === "songOpen") return false;
  }
  return false;
}
