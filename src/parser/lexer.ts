import type { IToken } from "chevrotain";
import { readSoundLine } from "../language/sound-cues.js";
import { classifyBody, classifySong, classifyTitle, opensWithTitlePage, trimEnd, type LineInfo } from "./line-kinds.js";
import { MODES, type LineToken, type Mode } from "./tokens.js";

/**
 * Splits masked text into line tokens, starting on the title page when the script has one: each line is classified
 * once, in the current mode, and its kind gives its token and the next mode (tokens.ts). `lineStarts` is the masked
 * text's line table (visibleLineStarts).
 */
export function lineTokens(masked: string, lineStarts: Uint32Array): IToken[] {
  const length = masked.length;
  let mode: Mode = opensWithTitlePage(masked) ? "title" : "body";
  const tokens: LineToken[] = [];
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
      if (body.kind === "text" && body.lowercaseLabel === undefined && isSoundLine(masked, start, contentEnd)) body.kind = "sound";
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
  }
  return tokens;
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

/**
 * Whether a body line that would be text is a sound cue (`SFX door.wav`): only in a .pod script's body, never in a
 * Fountain screenplay (whose reader does not use this lexer), so a screenplay's action keeps its meaning.
 */
function isSoundLine(masked: string, start: number, contentEnd: number): boolean {
  return readSoundLine(masked.slice(start, trimEnd(masked, start, contentEnd))) !== undefined;
}
