import type { BodyElement, LyricItem, Note, SpeechPart } from "../ast/nodes.js";
import { lyricsText, markerLine, songHeader, stylePrompt } from "../ast/song.js";
import { spokenText } from "../ast/speech.js";
import { walk } from "../ast/walk.js";
import type { ParseResult } from "../parser/parse.js";

// The formatter proves each result: it parses what it wrote and compares this summary of meaning with the input's.
// It holds everything a script says and everything it keeps but does not send, in order — the title page, every
// element with the words it speaks or sings as lowering reads them, every note and boneyard as written, and what the
// parser reported — and nothing of layout: no offsets, lines, indentation, key case or line endings.
//
// Notes are listed on their own, in source order, not where the tree hangs them: the parser puts a note that ends a
// speech's last line inside the speech when it touches the last word (`hi[[n]]`) and after it when a space comes
// between (`hi [[n]]`), and spacing is the formatter's to change.

/** A string that two parses share exactly when their scripts mean the same. */
export function meaningOf(parsed: ParseResult): string {
  const { script, source } = parsed;
  const notes: Note[] = [];
  walk(script, [{ Note: (note) => void notes.push(note) }]);
  return JSON.stringify({
    title: script.titlePage?.entries.map((e) => [e.name, e.value.text, e.cast?.map((c) => [c.label.text, c.voice.text])]),
    body: script.body.filter((e) => e.type !== "Note").map((e) => element(e, source.text)),
    notes: notes.sort((a, b) => a.span.start.offset - b.span.start.offset).map((n) => [n.text, n.terminated]),
    boneyards: script.boneyards.map((b) => source.text.slice(b.span.start.offset, b.span.end.offset)),
    // POD0118 (a heading or direction right under a speech) asks for a blank line, which is layout: the formatter's.
    diagnostics: parsed.diagnostics.filter((d) => d.code !== "POD0118").map((d) => `${d.severity} ${d.code} ${d.message}`),
  });
}

function element(e: BodyElement, text: string): unknown {
  switch (e.type) {
    case "Section":
      return ["section", e.depth, e.title.text];
    case "Speech":
      return ["speech", e.form, e.speaker.name, e.speaker.forced, e.extension?.text, spokenText(e), e.parts.filter(notNote).map(part)];
    case "Direction":
      return ["direction", e.text];
    case "Sound":
      return ["sound", e.kind, e.file?.text];
    case "Include":
      return ["include", e.path.text];
    case "Note":
      return ["note", e.text];
    case "Song":
      return [
        "song",
        e.title.text,
        e.headers.map((h) => [h.name, h.value.text]),
        stylePrompt(songHeader(e, "style") ?? ""),
        e.items.filter(notNote).map(item),
        lyricsText(e),
        e.end !== undefined,
      ];
    case "Invalid":
      // Its lines as written, notes and boneyards included; the line breaks between them may change.
      return ["invalid", text.slice(e.span.start.offset, e.span.end.offset).split(/\r\n|\r|\n/)];
  }
}

function notNote<T extends { type: string }>(node: T): boolean {
  return node.type !== "Note";
}

function part(p: SpeechPart): unknown {
  return [p.type, p.text];
}

function item(i: LyricItem): unknown {
  return i.type === "Marker" ? ["marker", markerLine(i)] : [i.type, i.text];
}
