import type { Speech } from "../ast/nodes.js";
import type { Config } from "../config/schema.js";
import { makeLexicon } from "../language/lexicon.js";
import type { SourceText } from "../source/source-text.js";
import type { Span } from "../source/span.js";

// Hover on a word the pronunciation lexicon respells shows what the voice is sent for it: the script keeps the word as
// written, so nothing else on the line says so.

/** What a hover's words are marked with. */
interface Marks {
  code(text: string): string;
}

/** The hover text for a lexicon word of `speech` at `offset`, and its span; undefined where there is none. */
export function lexiconHover(speech: Speech, offset: number, source: SourceText, config: Config, m: Marks): { span: Span; text: string } | undefined {
  const entries = config.speech.lexicon;
  if (entries === undefined) return undefined;
  const lexicon = makeLexicon(entries);
  if (lexicon.pattern === undefined) return undefined;
  for (const part of speech.parts) {
    if (part.type !== "Spoken" || offset < part.span.start.offset || offset > part.span.end.offset) continue;
    // A part's text is its source slice unless a note was cut out of it; then its offsets are not the source's.
    if (part.span.end.offset - part.span.start.offset !== part.text.length) continue;
    for (const found of part.text.matchAll(new RegExp(lexicon.pattern.source, lexicon.pattern.flags))) {
      const start = part.span.start.offset + found.index;
      const end = start + found[0].length;
      if (offset < start || offset > end) continue;
      const said = lexicon.byLowerCase.get(found[0].toLowerCase().replace(/\s+/g, " "));
      if (said === undefined) continue;
      const file = config.speech.lexiconFile;
      const where = `${m.code("speech.lexicon")} in podc.json${file === undefined ? "" : `, or ${m.code(file)}`}`;
      const text = `${m.code(found[0])} is sent to the voice as ${m.code(said)} (${where}); the transcript and the page keep ${m.code(found[0])}.`;
      return { span: source.span(start, end), text };
    }
  }
  return undefined;
}
