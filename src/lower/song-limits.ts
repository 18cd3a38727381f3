import type { Song } from "../ast/nodes.js";
import type { Limits } from "../config/schema.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { diagnostic } from "../diagnostics/report.js";
import type { SongRequest } from "../contract/requests.js";
import { codePointLength } from "./code-points.js";
import { lyricsSections } from "./lyrics.js";
import { songHeaderNode } from "./song-header.js";

// Limits are judged on the body as it would be sent (canonical markers, trimmed lines, separators), since that is
// what the service measures; each diagnostic points at the part of the script that goes over.

/** POD0401 when the lyrics are too long (on the lines from where the limit is crossed), POD0402 for the prompt. */
export function songLimitDiagnostics(song: Song, body: SongRequest, limits: Limits): Diagnostic[] {
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
        `the lyrics of "${song.title.text}" are ${lyricsLength} characters, more than the ${limits.lyricsChars} a song may have`,
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
        `the style prompt is ${promptLength} characters, more than the ${limits.promptChars} allowed`,
        { help: "keep the few descriptors that matter most: genre, tempo, mood, vocals" },
      ),
    );
  }
  return diagnostics;
}
