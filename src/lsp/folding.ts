import type { Connection, FoldingRange } from "vscode-languageserver";
import { FoldingRangeKind } from "./protocol.js";
import { walk } from "../ast/walk.js";
import type { Span } from "../source/span.js";
import type { ScriptState, Scripts } from "./documents.js";
import { lineText } from "./positions.js";

// Folding follows the tree, not indentation: the title page, each section (nested by depth),
// each song (keeping END SONG in sight, as a closing brace is), and boneyards and notes that span lines.

/** Answers foldingRange requests. */
export function addFoldingHandler(connection: Connection, scripts: Scripts): void {
  connection.onFoldingRanges((params) => {
    const state = scripts.get(params.textDocument.uri);
    return state ? foldingRanges(state) : [];
  });
}

/** Every multi-line region of the script that an editor may fold, in no particular order. */
function foldingRanges(state: ScriptState): FoldingRange[] {
  const { script } = state.analysis;
  const line = (offset: number) => state.positions.position(offset).line;
  const ranges: FoldingRange[] = [];
  const add = (startLine: number, endLine: number, kind?: FoldingRangeKind) => {
    if (endLine > startLine) ranges.push(kind === undefined ? { startLine, endLine } : { startLine, endLine, kind });
  };
  const addSpan = (span: Span, kind?: FoldingRangeKind) => add(line(span.start.offset), line(span.end.offset), kind);

  if (script.titlePage) addSpan(script.titlePage.span, FoldingRangeKind.Region);

  // A section runs to the line before the next heading of the same or a higher level, less trailing blank lines, so
  // that what a boneyard hides at its end folds with it.
  const open: { depth: number; startLine: number }[] = [];
  const close = (depth: number, boundary: number) => {
    while (open.length > 0 && open[open.length - 1]!.depth >= depth) {
      const section = open.pop()!;
      let end = boundary - 1;
      while (end > section.startLine && lineText(state.document, end).trim() === "") end--;
      add(section.startLine, end, FoldingRangeKind.Region);
    }
  };
  for (const element of script.body) {
    if (element.type === "Section") {
      const start = line(element.span.start.offset);
      close(element.depth, start);
      open.push({ depth: element.depth, startLine: start });
    } else if (element.type === "Song") {
      const start = line(element.span.start.offset);
      add(start, element.end ? line(element.end.start.offset) - 1 : line(element.span.end.offset), FoldingRangeKind.Region);
    }
  }
  close(0, state.document.lineCount);

  walk(script, [
    {
      Note: (note) => addSpan(note.span, FoldingRangeKind.Comment),
      Boneyard: (boneyard) => addSpan(boneyard.span, FoldingRangeKind.Comment),
    },
  ]);
  return ranges;
}
