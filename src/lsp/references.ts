import type { Connection, DocumentHighlight, Location, Position } from "vscode-languageserver";
import { DocumentHighlightKind } from "./protocol.js";
import { configKeyLocation } from "./definition.js";
import type { ScriptState, Scripts } from "./documents.js";
import { speakerAt, speakerMentions } from "./speakers.js";
import type { ScriptFolders } from "../workspace/find-scripts.js";

// A speaker's references are every label it speaks with and its Cast entries — in this script, and in every other
// script of the workspace (open or not), since a project's scripts share its cast in podc.json. Highlights are the
// same, in this document only: the Cast entry as the place the speaker is written (declared), speeches as reads.

/** Answers references and documentHighlight requests on speaker labels. */
export function addReferencesHandler(connection: Connection, scripts: Scripts, folders: ScriptFolders): void {
  connection.onReferences(async (params) => {
    const state = scripts.get(params.textDocument.uri);
    if (!state) return [];
    const name = speakerAt(state, state.positions.offset(params.position))?.name;
    if (name === undefined) return [];
    // The protocol requires `context`; a client that leaves it out gets the declarations too, as most editors ask.
    const includeDeclaration = (params.context as typeof params.context | undefined)?.includeDeclaration ?? true;
    const others = [...new Set([...(await folders.scripts()), ...scripts.documents.keys()])].filter((uri) => uri !== state.uri).sort();
    const locations = mentionsIn(state, name, includeDeclaration);
    for (const uri of others) {
      const other = scripts.read(uri);
      if (other) locations.push(...mentionsIn(other, name, includeDeclaration));
    }
    if (includeDeclaration && state.analysis.cast.get(name)?.from === "config") {
      const key = await configKeyLocation(state, name);
      if (key) locations.push(key);
    }
    return locations;
  });
  connection.onDocumentHighlight((params) => {
    const state = scripts.get(params.textDocument.uri);
    return state ? highlightsAt(state, params.position) : [];
  });
}

/** The speaker under `position` highlighted wherever this script writes it. */
function highlightsAt(state: ScriptState, position: Position): DocumentHighlight[] {
  const name = speakerAt(state, state.positions.offset(position))?.name;
  if (name === undefined) return [];
  return speakerMentions(state, name).map((m) => ({
    range: state.positions.range(m.span),
    kind: m.cast ? DocumentHighlightKind.Write : DocumentHighlightKind.Read,
  }));
}

function mentionsIn(state: ScriptState, name: string, includeDeclaration: boolean): Location[] {
  return speakerMentions(state, name)
    .filter((m) => includeDeclaration || !m.cast)
    .map((m) => ({ uri: state.uri, range: state.positions.range(m.span) }));
}
