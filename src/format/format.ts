import { parse } from "../parser/parse.js";
import { layOut } from "./blank-lines.js";
import { planLines } from "./elements.js";
import { lineEnding, ScriptLines } from "./lines.js";
import { meaningOf } from "./meaning.js";
import { TriviaMap } from "./trivia-map.js";

// `podc fmt` and the language server's formatting share this one function. The layout is described for writers in
// docs/format.md. How it stays safe:
// - it edits the lines as written (see line-editor.ts) and never touches a note or boneyard, so both survive byte
//   for byte, wherever they sit;
// - a line the parser reported an error on is kept exactly as written (only blank lines around it may change);
// - the result is parsed again and must mean exactly what the input meant (see meaning.ts); if it does not — a bug
//   in the formatter — the input is returned unchanged and `safe` is false, so a caller can say so.
// A byte-order mark is kept, and the script keeps its line ending (see line-ending.ts).

export interface Formatted {
  text: string;
  /** False when the formatter could not keep the script's meaning and returned it unchanged. */
  safe: boolean;
}

const BOM = "\uFEFF";

/** The canonical layout of a script, with the verdict of its own safety check. Pure; never throws. */
export function format(input: string): Formatted {
  // parse() skips one leading byte-order mark, and only one: any other U+FEFF, a second one at the start
  // included, is an ordinary character of the text, formatted (or kept) like any other.
  const parsed = parse(input);
  const text = parsed.source.text;
  const bom = input.slice(0, input.length - text.length);
  if (bom !== "" && bom !== BOM) return { text: input, safe: false };
  const lines = new ScriptLines(parsed.source, new TriviaMap(parsed.script), parsed.diagnostics);
  let output = layOut(lines, planLines(parsed.script, lines), lineEnding(lines));
  if (output === text) return { text: input, safe: true };
  // A U+FEFF that is text, once at the very start, would be read back as a byte-order mark: keep a line before it.
  if (bom === "" && output.startsWith(BOM)) output = lineEnding(lines) + output;
  if (meaningOf(parse(bom + output)) !== meaningOf(parsed)) return { text: input, safe: false };
  return { text: bom + output, safe: true };
}

/** The canonical layout of a script given as text (the input unchanged when it cannot be formatted safely). */
export function formatText(text: string): string {
  return format(text).text;
}
