import type { ScriptLines } from "./script-lines.js";

/**
 * The line ending a script is written with: that of its first non-blank line whose line break lies outside notes and
 * boneyards (LF, CRLF or a lone CR). Blank lines may be dropped and line breaks inside trivia never change, so
 * neither votes: the formatted script then chooses the same ending again. Failing that, the first line break of the
 * file; LF when it has none.
 */
export function lineEnding(lines: ScriptLines): string {
  let first: string | undefined;
  for (let line = 1; line < lines.count; line++) {
    const terminator = lines.terminator(line);
    if (!lines.isBlank(line) && !lines.endsInsideTrivia(line)) return terminator;
    first ??= terminator;
  }
  return first ?? "\n";
}
