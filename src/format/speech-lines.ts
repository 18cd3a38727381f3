import type { Speech } from "../ast/nodes.js";
import { spaceColon } from "./label-colon.js";
import type { LinePlan } from "./line-plan.js";
import type { ScriptLines } from "./script-lines.js";

// A speech keeps its form: inline stays inline, cue stays cue. Only white space changes: the label line is spelled
// `LABEL (EXT): text`, and every other line loses its indentation and trailing white space. The parser trims and
// joins a speech's lines, so none of this changes a word that is spoken.

/** Plans the lines of one speech. */
export function planSpeech(speech: Speech, lines: ScriptLines, plan: LinePlan): void {
  const block = plan.newBlock(speech.form === "cue" ? "cue" : "paragraph");
  const head = speech.span.start.line;
  plan.claim(head, { content: labelLine(speech, lines), block, glue: false });
  for (let line = head + 1; line <= speech.span.end.line; line++) {
    plan.claim(line, { content: lines.editor(line).plain(), block, glue: false });
  }
}

function labelLine(speech: Speech, lines: ScriptLines): string {
  const editor = lines.editor(speech.span.start.line);
  editor.trimEnd();
  editor.indent("");
  let end = speech.speaker.span.end.offset;
  if (speech.extension) {
    editor.replace(end, speech.extension.span.start.offset, " ");
    end = speech.extension.span.end.offset;
  }
  if (speech.form === "inline") {
    const colon = spaceColon(editor, end);
    const opening = speech.parts[0];
    // A parenthetical that opens the speech is followed by one space, like the colon before it.
    const opens = opening?.type === "Parenthetical" && opening.span.start.line === editor.line;
    if (colon !== undefined && opens && opening.span.start.offset > colon) {
      editor.spaceAt(opening.span.end.offset, " ");
    }
  }
  return editor.render();
}
