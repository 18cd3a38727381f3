import type { Direction, Section } from "../ast/nodes.js";
import type { LinePlan } from "./line-plan.js";
import type { ScriptLines } from "./script-lines.js";

// Section headings and directions are one line each. A heading is written `# Title` (its `#`s, one space, the
// title); a direction `! text`. The parser trims both titles and texts, so the spaces are free to choose.

/** Plans a section heading: a block of its own. */
export function planSection(section: Section, lines: ScriptLines, plan: LinePlan): void {
  const editor = lines.editor(section.span.start.line);
  editor.trimEnd();
  editor.indent("");
  editor.spaceAt(section.span.start.offset + section.depth, " ");
  plan.claim(editor.line, { content: editor.render(), block: plan.newBlock("section"), glue: false });
}

/** Plans a direction: part of the paragraph it was written in. */
export function planDirection(direction: Direction, lines: ScriptLines, plan: LinePlan): void {
  const editor = lines.editor(direction.span.start.line);
  editor.trimEnd();
  editor.indent("");
  const bang = direction.span.start.offset;
  // `!! LOUD` stays as written rather than become `! ! LOUD`.
  if (!(editor.spaceAfter(bang + 1) === bang + 1 && editor.text[bang + 1] === "!")) editor.spaceAt(bang + 1, " ");
  plan.claim(editor.line, { content: editor.render(), block: plan.newBlock("paragraph"), glue: false });
}
