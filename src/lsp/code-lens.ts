import type { CodeLens, Connection } from "vscode-languageserver";
import type { ScriptState, Scripts } from "./documents.js";

// "Table read" above each section and song: hear that part, spoken by the local emulator, before paying for it. The
// server knows what the part is (its lines, and the title page whose Cast gives it voices); running it is the
// editor's side, which is why the lens is offered only to clients that say they implement its command
// (`initializationOptions.clientCommands`), as the VS Code extension does: a lens another editor cannot run would
// only be noise.

/** The command a table-read lens carries; the client runs it. */
export const TABLE_READ_COMMAND = "podc.tableRead";

/**
 * What the client receives to run a table read: which lines of the document make a script of the part alone, and
 * where to run it. Lines, not text: a lens for every section carrying its text made a long script's reply megabytes.
 */
export interface TableReadArguments {
  /** The document the part comes from. */
  uri: string;
  /** "section Cold open" or "song Night Shift Anthem". */
  part: string;
  /** The title page's lines (with its Cast), 0-based and inclusive, if it has one: they go first. */
  titlePage?: { start: number; end: number };
  /** The part's lines, 0-based and inclusive: after the title page and a blank line, they make the script. */
  lines: { start: number; end: number };
  /** The podc.json governing the document (its cast and voices apply), if any. */
  config?: string;
}

/** Answers codeLens requests when `enabled` (the client implements the table-read command). */
export function addCodeLensHandler(connection: Connection, scripts: Scripts, enabled: () => boolean): void {
  connection.onCodeLens((params) => {
    if (!enabled()) return [];
    const state = scripts.get(params.textDocument.uri);
    return state ? tableReadLenses(state) : [];
  });
}

/** One lens above each section heading and each song. */
function tableReadLenses(state: ScriptState): CodeLens[] {
  const { script } = state.analysis;
  const body = script.body;
  const page = script.titlePage?.span;
  const lenses: CodeLens[] = [];
  const lens = (line: number, part: string, last: number) => {
    const args: TableReadArguments = { uri: state.uri, part, lines: { start: line - 1, end: last - 1 } };
    if (page) args.titlePage = { start: page.start.line - 1, end: page.end.line - 1 };
    if (state.loaded.path) args.config = state.loaded.path;
    const position = { line: line - 1, character: 0 };
    lenses.push({ range: { start: position, end: position }, command: { title: "▶ Table read", command: TABLE_READ_COMMAND, arguments: [args] } });
  };
  body.forEach((element, i) => {
    if (element.type === "Song") lens(element.span.start.line, `song ${element.title.text}`, element.span.end.line);
    if (element.type !== "Section") return;
    // A section runs to the last element before the next heading of the same or a higher level.
    let end = i;
    while (end + 1 < body.length) {
      const next = body[end + 1]!;
      if (next.type === "Section" && next.depth <= element.depth) break;
      end++;
    }
    lens(element.span.start.line, `section ${element.title.text}`, body[end]!.span.end.line);
  });
  return lenses;
}
