import type { BodyElement, CastEntry, LyricItem, Node, Script, SongHeader, SpeechPart, TitleEntry } from "./nodes.js";

type NodeOf<T extends Node["type"]> = Extract<Node, { type: T }>;

/** Handlers by node type; each is called once per node of that type, in source order. */
export type Visitor = { [T in Node["type"]]?: (node: NodeOf<T>, parent: Node | undefined) => void };

/** Visits every node of the tree once, in source order, calling each visitor's handler for that node type. */
export function walk(script: Script, visitors: readonly Visitor[]): void {
  const visit = (node: Node, parent: Node | undefined) => {
    for (const v of visitors) (v[node.type] as ((n: Node, p: Node | undefined) => void) | undefined)?.(node, parent);
  };
  visit(script, undefined);
  if (script.titlePage) {
    visit(script.titlePage, script);
    for (const entry of script.titlePage.entries) {
      visit(entry, script.titlePage);
      for (const cast of entry.cast ?? []) visit(cast, entry);
    }
  }
  for (const element of script.body) {
    visit(element, script);
    for (const child of childrenOf(element)) visit(child, element);
  }
  for (const boneyard of script.boneyards) visit(boneyard, script);
}

function childrenOf(element: BodyElement): readonly (SpeechPart | SongHeader | LyricItem | TitleEntry | CastEntry)[] {
  if (element.type === "Speech") return element.parts;
  if (element.type === "Song") return [...element.headers, ...element.items];
  return [];
}
