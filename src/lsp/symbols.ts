import type { Connection, DocumentSymbol } from "vscode-languageserver";
import { SymbolKind } from "./protocol.js";
import type { Song } from "../ast/nodes.js";
import { markerLine, stylePrompt, songHeader } from "../ast/song.js";
import type { ScriptState, Scripts } from "./documents.js";

// The outline of an episode: sections nest by their number of `#`, songs sit in the section they belong to, and a
// song's section markers sit in the song. A section runs to the end of the last element before the next section of
// the same or a higher level, so the editor can reveal and fold exactly its content.

/** Answers documentSymbol requests with the nested outline. */
export function addSymbolsHandler(connection: Connection, scripts: Scripts): void {
  connection.onDocumentSymbol((params) => {
    const state = scripts.get(params.textDocument.uri);
    return state ? documentSymbols(state) : [];
  });
}

/** Sections (nested by depth) holding songs (holding their section markers), in script order. */
function documentSymbols(state: ScriptState): DocumentSymbol[] {
  const { positions } = state;
  const roots: DocumentSymbol[] = [];
  const open: { depth: number; symbol: DocumentSymbol }[] = [];
  const add = (symbol: DocumentSymbol) => (open.length > 0 ? open[open.length - 1]!.symbol.children!.push(symbol) : roots.push(symbol));

  for (const element of state.analysis.script.body) {
    if (element.type === "Section") {
      while (open.length > 0 && open[open.length - 1]!.depth >= element.depth) open.pop();
      const symbol: DocumentSymbol = {
        name: element.title.text || "(untitled section)",
        kind: SymbolKind.Namespace,
        range: positions.range(element.span),
        selectionRange: positions.range(element.title.span),
        children: [],
      };
      add(symbol);
      open.push({ depth: element.depth, symbol });
      continue;
    }
    const end = positions.position(element.span.end.offset);
    for (const { symbol } of open) symbol.range = { start: symbol.range.start, end };
    if (element.type === "Song") add(songSymbol(state, element));
  }
  return roots;
}

function songSymbol(state: ScriptState, song: Song): DocumentSymbol {
  const { positions } = state;
  const symbol: DocumentSymbol = {
    name: song.title.text || "(untitled song)",
    kind: SymbolKind.Event,
    range: positions.range(song.span),
    selectionRange: positions.range(song.title.span),
    children: song.items.flatMap((item) =>
      item.type === "Marker"
        ? [{ name: markerLine(item), kind: SymbolKind.EnumMember, range: positions.range(item.span), selectionRange: positions.range(item.span) }]
        : [],
    ),
  };
  const style = stylePrompt(songHeader(song, "style") ?? "");
  if (style !== "") symbol.detail = style;
  return symbol;
}
