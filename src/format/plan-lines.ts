import type { Script } from "../ast/nodes.js";
import { planDirection, planSection } from "./heading-direction-lines.js";
import { LinePlan } from "./line-plan.js";
import type { ScriptLines } from "./script-lines.js";
import { planSong } from "./song-lines.js";
import { planSpeech } from "./speech-lines.js";
import { planTitlePage, TITLE_INDENT } from "./title-page-lines.js";
import { triviaLine } from "./trivia-line.js";

/**
 * Gives every non-blank line of a parsed script its canonical content and block. Lines of elements the parser
 * could not read are kept as written; lines of nothing but notes or boneyard lose only their indentation and
 * trailing white space.
 */
export function planLines(script: Script, lines: ScriptLines): LinePlan {
  const plan = new LinePlan();
  if (script.titlePage) planTitlePage(script.titlePage, lines, plan);
  for (const element of script.body) {
    switch (element.type) {
      case "Section":
        planSection(element, lines, plan);
        break;
      case "Direction":
        planDirection(element, lines, plan);
        break;
      case "Speech":
        planSpeech(element, lines, plan);
        break;
      case "Song":
        planSong(element, lines, plan);
        break;
      case "Invalid": {
        const block = plan.newBlock("paragraph");
        for (let line = element.span.start.line; line <= element.span.end.line; line++) {
          plan.claim(line, { content: lines.editor(line).render(), block, glue: false });
        }
        break;
      }
      case "Note":
        break; // a note beside an element is part of that element's line; one on a line of its own is planned below
    }
  }
  // Lines of notes or boneyard between elements. One written directly under another line (or carried over from it,
  // inside a boneyard) stays with that line; one after a blank line is a paragraph of its own.
  for (let line = 1; line <= lines.count; line++) {
    if (plan.has(line) || lines.isBlank(line)) continue;
    const above = plan.get(line - 1);
    if (above?.block && (lines.isTriviaOnly(line) || lines.trivia.inside(lines.start(line)))) {
      const glue = { content: triviaLine(lines, line, ""), block: above.block, glue: true };
      // Under the title page, an indented note lines up with the Cast — unless a blank line ends up above it.
      if (above.block.kind === "title" && lines.isIndented(line)) {
        plan.claim(line, { ...glue, content: triviaLine(lines, line, TITLE_INDENT), alone: glue.content });
      } else plan.claim(line, glue);
    } else {
      plan.claim(line, { content: triviaLine(lines, line, ""), block: plan.newBlock("paragraph"), glue: false });
    }
  }
  return plan;
}

