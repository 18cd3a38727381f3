import type { Song } from "../ast/nodes.js";
import { SONG_HEADER_SPELLING } from "../language/song-headers.js";
import { markerLine } from "../lower/lyrics.js";
import { spaceColon } from "./label-colon.js";
import type { LineEditor } from "./line-editor.js";
import type { LinePlan, SongPart } from "./line-plan.js";
import type { ScriptLines } from "./script-lines.js";

// A song is spelled `SONG: Title`, its headers `Style: …`, `Model: …`, `Takes: …` and `Pick: …` (known keys in that case), its section
// markers as the request spells them (`[verse]` → `[Verse]`, `【Verse 1】` → `[Verse 1]`, free-form tags as written)
// and its end `END SONG`.
// Lyric lines lose only their indentation and trailing white space, which are not sent. The blank lines inside the
// song are laid out later from each line's part.

/** Plans the lines of one song block. */
export function planSong(song: Song, lines: ScriptLines, plan: LinePlan): void {
  const block = plan.newBlock("song");
  const claim = (line: number, content: string, songPart: SongPart) => plan.claim(line, { content, block, glue: false, songPart });

  const open = canonicalLine(lines, song.span.start.line);
  spaceColon(open, song.span.start.offset + "SONG".length);
  claim(open.line, open.render(), "head");

  for (const header of song.headers) {
    const editor = canonicalLine(lines, header.span.start.line);
    const key = SONG_HEADER_SPELLING.get(header.name);
    if (key !== undefined) editor.replace(header.key.span.start.offset, header.key.span.end.offset, key);
    spaceColon(editor, header.key.span.end.offset);
    claim(editor.line, editor.render(), "head");
  }

  for (const item of song.items) {
    if (item.type === "Note") continue; // a note on a line of its own is glue, laid out with its neighbours
    if (item.type === "Lyric" && item.text === "") continue; // a stanza break: blank lines, laid out below
    const editor = canonicalLine(lines, item.span.start.line);
    if (item.type === "Marker") editor.replace(item.span.start.offset, item.span.end.offset, markerLine(item));
    // A free-form tag is laid out like a lyric: a blank line before it is the writer's choice, and means something.
    claim(editor.line, editor.render(), item.type === "Marker" && item.canonical !== null ? "marker" : "lyric");
  }

  if (song.end) {
    const editor = canonicalLine(lines, song.end.start.line);
    editor.replace(song.end.start.offset, song.end.end.offset, "END SONG");
    claim(editor.line, editor.render(), "end");
  }

  // Lines of notes or boneyard between the song's lines.
  for (let line = song.span.start.line + 1; line < song.span.end.line; line++) {
    if (!plan.has(line) && !lines.isBlank(line)) plan.claim(line, { content: lines.editor(line).plain(), block, glue: true });
  }
}

function canonicalLine(lines: ScriptLines, line: number): LineEditor {
  const editor = lines.editor(line);
  editor.trimEnd();
  editor.indent("");
  return editor;
}
