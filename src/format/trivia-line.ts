import type { ScriptLines } from "./script-lines.js";

/**
 * The canonical form of a line that belongs to no element: one of nothing but notes or boneyard loses its trailing
 * white space and takes `indent` (none in the body; on the title page an indented one lines up with the Cast). Any
 * other such line is kept as written.
 */
export function triviaLine(lines: ScriptLines, line: number, indent: string): string {
  const editor = lines.editor(line);
  if (!lines.isTriviaOnly(line)) return editor.render();
  editor.trimEnd();
  editor.indent(indent);
  return editor.render();
}
