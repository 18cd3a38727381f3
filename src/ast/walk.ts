import type { Node, Script } from "./nodes.js";

type NodeOf<T extends Node["type"]> = Extract<Node, { type: T }>;

/** Handlers by node type; each is called once per node of that type, in source order. */
export type Visitor = { [T in Node["type"]]?: (node: NodeOf<T>, parent: Node | undefined) => void };

type Handler = (node: Node, parent: Node | undefined) => void;

/** Visits every node of the tree once, in source order, calling each visitor's handler for that node type. */
export function walk(script: Script, visitors: readonly Visitor[]): void {
  // The handlers of each node type, in visitor order, gathered once: a node then costs one look-up, and nodes no
  // visitor handles (most of them: the lines of speech) cost nothing more.
  const byType = new Map<string, Handler[]>();
  for (const v of visitors) {
    for (const [type, handler] of Object.entries(v)) {
      if (typeof handler !== "function") continue;
      let handlers = byType.get(type);
      if (!handlers) byType.set(type, (handlers = []));
      handlers.push(handler as Handler);
    }
  }
  const handles = (type: string) => byType.has(type);
  const visit = (node: Node, parent: Node | undefined) => {
    const handlers = byType.get(node.type);
    if (handlers) for (const handler of handlers) handler(node, parent);
  };
  const visitAll = (nodes: readonly Node[], parent: Node) => {
    for (const node of nodes) visit(node, parent);
  };

  visit(script, undefined);
  if (script.titlePage) {
    visit(script.titlePage, script);
    for (const entry of script.titlePage.entries) {
      visit(entry, script.titlePage);
      if (entry.cast) visitAll(entry.cast, entry);
    }
  }
  const partTypes = handles("Spoken") || handles("Parenthetical") || handles("Note");
  const songTypes = handles("SongHeader") || handles("Marker") || handles("Lyric") || handles("Note");
  for (const element of script.body) {
    visit(element, script);
    if (element.type === "Speech") {
      if (partTypes) visitAll(element.parts, element);
    } else if (element.type === "Song") {
      if (songTypes) {
        visitAll(element.headers, element);
        visitAll(element.items, element);
      }
    }
  }
  for (const boneyard of script.boneyards) visit(boneyard, script);
}
