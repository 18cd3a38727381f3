import stringWidth from "string-width";
import type { CastEntry, TitleEntry, TitlePage } from "../ast/nodes.js";
import { colonAfter, spaceColon } from "./label-colon.js";
import type { LineEditor } from "./line-editor.js";
import type { Block, LinePlan } from "./line-plan.js";
import { triviaLine } from "./trivia-line.js";
import type { ScriptLines } from "./script-lines.js";

// The title page is spelled `Key: value`, known keys in their documented case (`title:` → `Title:`), with values
// continued on lines indented by four spaces. Cast entries are indented by four spaces and their voices aligned in
// one column, one space past the longest `LABEL:`. Keys are case-insensitive and values are trimmed line by line,
// so none of this changes what the title page means. Lines the parser could not read are kept as written.

const KNOWN_KEYS: Record<string, string> = { title: "Title", cast: "Cast", model: "Model" };
/** The indentation of Cast entries and continued values. */
export const TITLE_INDENT = "    ";

/** Plans the lines of the title page. */
export function planTitlePage(page: TitlePage, lines: ScriptLines, plan: LinePlan): void {
  const block = plan.newBlock("title");
  for (const entry of page.entries) {
    plan.claim(entry.span.start.line, { content: entryLine(entry, lines), block, glue: false });
    if (entry.cast) planCast(entry.cast, lines, plan, block);
    else planContinuation(entry, lines, plan, block);
  }
  // What is left is a line the parser reported (kept as written), or notes and boneyard.
  for (let line = page.span.start.line; line <= page.span.end.line; line++) {
    if (plan.has(line) || lines.isBlank(line)) continue;
    plan.claim(line, { content: triviaLine(lines, line, lines.isIndented(line) ? TITLE_INDENT : ""), block, glue: false });
  }
}

function entryLine(entry: TitleEntry, lines: ScriptLines): string {
  const editor = lines.editor(entry.span.start.line);
  editor.trimEnd();
  const key = KNOWN_KEYS[entry.name];
  if (key !== undefined) editor.replace(entry.key.span.start.offset, entry.key.span.end.offset, key);
  spaceColon(editor, entry.key.span.end.offset);
  return editor.render();
}

function planContinuation(entry: TitleEntry, lines: ScriptLines, plan: LinePlan, block: Block): void {
  for (let line = entry.span.start.line + 1; line <= entry.span.end.line; line++) {
    if (!lines.isIndented(line) || lines.isTriviaOnly(line)) continue;
    const editor = lines.editor(line);
    editor.trimEnd();
    editor.indent(TITLE_INDENT);
    plan.claim(line, { content: editor.render(), block, glue: false });
  }
}

/** Cast entries with their voices in one column: the column is found from the labels as they will be written. */
function planCast(cast: readonly CastEntry[], lines: ScriptLines, plan: LinePlan, block: Block): void {
  const rows: { editor: LineEditor; colon: number; width: number }[] = [];
  for (const entry of cast) {
    const editor = lines.editor(entry.span.start.line);
    editor.trimEnd();
    editor.indent(TITLE_INDENT);
    const labelEnd = entry.label.span.end.offset;
    const colon = colonAfter(editor, labelEnd);
    if (colon === undefined || editor.frozen) {
      plan.claim(editor.line, { content: editor.render(), block, glue: false });
      continue;
    }
    editor.replace(labelEnd, colon, "");
    rows.push({ editor, colon, width: stringWidth(editor.render(colon + 1)) });
  }
  const column = Math.max(0, ...rows.map((r) => r.width)) + 1;
  for (const { editor, colon, width } of rows) {
    editor.spaceAt(colon + 1, " ".repeat(column - width));
    plan.claim(editor.line, { content: editor.render(), block, glue: false });
  }
}
