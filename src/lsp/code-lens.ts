import type { CodeLens, Connection } from "vscode-languageserver";
import type { ScriptState, Scripts } from "./documents.js";

// "Table read" above each section and song: hear that part, spoken by the local emulator, before paying for it. The
// server knows what the part is (its lines, and the title page whose Cast gives it voices); running it is the
// editor's side, which is why the lens is offered only to clients that say they implement its command
// (`initializationOptions.clientCommands`), as the VS Code extension does: a lens another editor cannot run would
// only be noise.
//
// A lens's lines are those of the version it was made at, and the writer may have edited above the part since: the
// client asks again when the lens is clicked (podc/tableRead, with the lens's arguments), and the server finds the
// part in the current version by its name and which of the parts of that name it is.

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
  /**
   * The part's sound cues' lines (0-based), if it has any: the read leaves them out. It is written where the cues' files
   * are not, and a table read is for hearing the voices.
   */
  soundLines?: number[];
  /** The podc.json governing the document (its cast and voices apply), if any. */
  config?: string;
  /** Which of the document's parts named `part` this is, from 0: with `part`, the part's identity across edits. */
  index: number;
  /** The document version the lines belong to. */
  version: number;
}

/**
 * The request a client sends when a lens is clicked: `{ uri, part, index }` (a lens's arguments), answered with the
 * arguments of that part in the current version of the document, or null when the document no longer has it.
 */
export const TABLE_READ_REQUEST = "podc/tableRead";

/** Answers codeLens requests when `enabled` (the client implements the table-read command). */
export function addCodeLensHandler(connection: Connection, scripts: Scripts, enabled: () => boolean): void {
  connection.onCodeLens((params) => {
    if (!enabled()) return [];
    const state = scripts.get(params.textDocument.uri);
    return state ? tableReadLenses(state) : [];
  });
  connection.onRequest(TABLE_READ_REQUEST, (params: { uri?: unknown; part?: unknown; index?: unknown }): TableReadArguments | null => {
    const state = typeof params.uri === "string" ? scripts.get(params.uri) : undefined;
    if (!state) return null;
    const found = tableReadLenses(state)
      .map((lens) => lens.command!.arguments![0] as TableReadArguments)
      .find((args) => args.part === params.part && args.index === params.index);
    return found ?? null;
  });
}

/** One lens above each section heading and each song. */
function tableReadLenses(state: ScriptState): CodeLens[] {
  const { script } = state.analysis;
  const body = script.body;
  const page = script.titlePage?.span;
  const lenses: CodeLens[] = [];
  const seen = new Map<string, number>();
  const lens = (line: number, part: string, last: number) => {
    const index = seen.get(part) ?? 0;
    seen.set(part, index + 1);
    const args: TableReadArguments = { uri: state.uri, part, index, version: state.version, lines: { start: line - 1, end: last - 1 } };
    if (page) args.titlePage = { start: page.start.line - 1, end: page.end.line - 1 };
    if (state.loaded.path) args.config = state.loaded.path;
    const sounds = body.filter((e) => e.type === "Sound" && e.span.start.line >= line && e.span.start.line <= last).map((e) => e.span.start.line - 1);
    if (sounds.length > 0) args.soundLines = sounds;
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
