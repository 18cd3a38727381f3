import type { Connection, SymbolInformation } from "vscode-languageserver";
import { SymbolKind } from "./protocol.js";
import type { ScriptState, Scripts } from "./documents.js";
import type { ScriptFolders } from "../workspace/find-scripts.js";

// Go to Symbol in Workspace: the sections, songs and cast speakers of every script of the workspace, open or not,
// matched against what the writer typed by its letters in order (as editors match file names), case ignored.

/** At most this many symbols in one answer: the editor lists them as the writer types, and a few hundred is plenty. */
const MAX_SYMBOLS = 500;

/** Answers workspace/symbol requests. */
export function addWorkspaceSymbolsHandler(connection: Connection, scripts: Scripts, folders: ScriptFolders): void {
  connection.onWorkspaceSymbol(async (params) => {
    const uris = new Set([...(await folders.scripts()), ...scripts.documents.keys()]);
    const symbols: SymbolInformation[] = [];
    for (const uri of uris) {
      const state = scripts.read(uri);
      if (!state) continue;
      for (const symbol of scriptSymbols(state)) {
        if (!matches(symbol.name, params.query)) continue;
        symbols.push(symbol);
        if (symbols.length >= MAX_SYMBOLS) return symbols;
      }
    }
    return symbols;
  });
}

/** A script's sections, songs and Cast speakers, each with the script's name as its container. */
function scriptSymbols(state: ScriptState): SymbolInformation[] {
  const { positions, uri } = state;
  const container = decodeURIComponent(uri.slice(uri.lastIndexOf("/") + 1));
  const at = (span: Parameters<typeof positions.range>[0]) => ({ uri, range: positions.range(span) });
  const symbols: SymbolInformation[] = [];
  for (const entry of state.analysis.script.titlePage?.entries ?? []) {
    for (const member of entry.cast ?? []) {
      symbols.push({ name: member.label.text, kind: SymbolKind.Variable, location: at(member.label.span), containerName: container });
    }
  }
  for (const element of state.analysis.script.body) {
    if (element.type === "Section" && element.title.text !== "") {
      symbols.push({ name: element.title.text, kind: SymbolKind.Namespace, location: at(element.title.span), containerName: container });
    } else if (element.type === "Song") {
      symbols.push({
        name: element.title.text || "(untitled song)",
        kind: SymbolKind.Event,
        location: at(element.title.text ? element.title.span : element.span),
        containerName: container,
      });
    }
  }
  return symbols;
}

/** Whether the query's letters appear in `name` in order, case ignored (an empty query matches everything). */
function matches(name: string, query: string): boolean {
  const haystack = name.toLowerCase();
  let at = 0;
  for (const char of query.toLowerCase()) {
    if (char === " ") continue;
    at = haystack.indexOf(char, at);
    if (at === -1) return false;
    at += char.length;
  }
  return true;
}
