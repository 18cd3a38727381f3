import type { IToken } from "chevrotain";
import type { LyricItem, Marker, Song, SongHeader } from "../ast/nodes.js";
import { insertLinesAfter } from "../diagnostics/line-fixes.js";
import { diagnostic } from "../diagnostics/report.js";
import { readMarker } from "../language/markers.js";
import { SONG_END } from "../language/song-block.js";
import { SONG_HEADER_SPELLING } from "../language/song-headers.js";
import { trimEnd, skipSpace } from "./lines.js";
import { meantTag } from "./lyric-slip.js";
import { lineOf } from "./tokens.js";
import type { Line, TreeText } from "./tree-text.js";

/** A song from its lines (SONG: title, headers, lyrics and section markers, END SONG), reporting one never ended. */
export function buildSong(tree: TreeText, tokens: readonly IToken[]): Song {
  const open = lineOf(tokens[0]!);
  const song: Song = {
    type: "Song",
    span: tree.lineSpan(open),
    title: tree.atom(open.label!.afterColon!, open.contentEnd),
    headers: [],
    items: [],
  };
  let inLyrics = false;
  let stanzaBreak: Line | undefined;
  let end = open.contentEnd;
  for (let i = 1; i < tokens.length; i++) {
    const line = lineOf(tokens[i]!);
    if (line.kind === "blank") {
      // A stanza break: one empty Lyric for a run of blank lines between two lyric or tag lines, none at either end.
      if (inLyrics) stanzaBreak ??= line;
      continue;
    }
    end = line.contentEnd;
    if (line.kind === "songEnd") {
      song.end = tree.lineSpan(line);
      const written = tree.clean(line.start, line.contentEnd).trim();
      if (written.replace(/[ \t]+/g, " ") !== SONG_END) {
        tree.diagnostics.push(
          diagnostic(
            "POD0311",
            song.end,
            { written },
            {
              help: `a song ends with the line ${SONG_END}, in capitals; this one is taken as its end`,
              fixes: [{ title: `Change to ${SONG_END}`, span: song.end, replacement: SONG_END }],
            },
          ),
        );
      }
      continue;
    }
    if (line.kind === "keyValue" && !inLyrics) {
      song.headers.push(songHeader(tree, line));
      continue;
    }
    inLyrics = true;
    const item = line.kind === "marker" ? marker(tree, line) : lyric(tree, line, song);
    // Before a known section marker, blank lines mean nothing: sections are set apart anyway.
    const opensSection = item.type === "Marker" && item.canonical !== null;
    if (stanzaBreak !== undefined && !opensSection) song.items.push({ type: "Lyric", span: tree.span(stanzaBreak.start, stanzaBreak.start), text: "" });
    stanzaBreak = undefined;
    song.items.push(item);
  }
  song.span = tree.span(song.span.start.offset, trimEnd(tree.masked, open.start, end));
  if (!song.end) {
    tree.diagnostics.push(
      diagnostic(
        "POD0303",
        tree.lineSpan(open),
        { title: song.title.text },
        {
          help: "add a line END SONG after its lyrics",
          fixes: [insertLinesAfter(tree.source, song.span.end.line, ["END SONG"], "Add END SONG after the lyrics")],
        },
      ),
    );
  }
  return song;
}

function songHeader(tree: TreeText, line: Line): SongHeader {
  const colon = tree.colonIn(line);
  const key = tree.atom(line.start, colon);
  return {
    type: "SongHeader",
    span: tree.lineSpan(line),
    key,
    name: key.text.toLowerCase(),
    value: tree.atom(colon + 1, line.contentEnd),
  };
}

function marker(tree: TreeText, line: Line): LyricItem {
  const atom = tree.atom(line.start, line.contentEnd);
  const name = readMarker(atom.text.slice(1, -1));
  const marker: Marker = { type: "Marker", span: atom.span, raw: name.raw, canonical: name.canonical, written: atom.text };
  if (name.number !== undefined) marker.number = name.number;
  if (name.suffix !== undefined) marker.suffix = name.suffix;
  return marker;
}

function lyric(tree: TreeText, line: Line, song: Song): LyricItem {
  if (line.kind === "keyValue") {
    const colon = tree.colonIn(line);
    const key = tree.atom(line.start, colon).text;
    if (SONG_HEADER_SPELLING.has(key.toLowerCase())) {
      const headers = song.headers;
      const above = headers.length > 0 ? headers[headers.length - 1]!.span.end.line : song.span.start.line;
      tree.diagnostics.push(
        diagnostic(
          "POD0308",
          tree.lineSpan(line),
          { key },
          {
            help: "song headers go directly after the SONG: line, before the first lyric or section marker",
            fixes: [tree.moveLineUp(tree.source.lineOf(line.start), above, `Move ${key}: up to the song's headers`)],
          },
        ),
      );
    }
  }
  const first = skipSpace(tree.masked, line.start, line.contentEnd);
  const last = trimEnd(tree.masked, first, line.contentEnd);
  const open = tree.masked[first];
  if ((open === "[" || open === "【") && !tree.masked.slice(first + 1, last).includes(open === "[" ? "]" : "】")) {
    const close = open === "[" ? "]" : "】";
    tree.diagnostics.push(
      diagnostic(
        "POD0312",
        tree.span(first, first + 1),
        { close },
        {
          help: `close the tag with ${close} at the end of the line, so that it is read as a tag`,
          fixes: [{ title: `Close the tag with ${close}`, span: tree.span(last, last), replacement: close }],
        },
      ),
    );
  }
  const text = tree.clean(first, last);
  const tag = meantTag(text);
  if (tag !== undefined) {
    tree.diagnostics.push(
      diagnostic(
        "POD0313",
        tree.span(first, last),
        { written: text, tag },
        {
          help: `write it as the tag ${tag}, which the service reads as a direction`,
          fixes: [{ title: `Change to ${tag}`, span: tree.span(first, last), replacement: tag }],
        },
      ),
    );
  }
  // Lyrics are sent as written: keep inner spacing, cut only notes and the line's ends.
  return { type: "Lyric", span: tree.span(first, last), text };
}
