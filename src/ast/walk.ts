import type { BodyElement, Node, Script } from "./nodes.js";

type NodeOf<T extends Node["type"]> = Extract<Node, { type: T }>;

/** Handlers by node type; each is called once per node of that type, in source order. */
export type Visitor = { [T in Node["type"]]?: (node: NodeOf<T>, parent: Node | undefined) => void };

type Handler = (node: Node, parent: Node | undefined) => void;

/**
 * One walk of many visitors over a script, in source order: the script and its title page (`begin`), each body element
 * with what it holds (`element`), then the boneyards (`end`). Body elements may be handed over one at a time as they are
 * parsed, so a long script is walked without its whole body ever being held (see analyze).
 */
export class Walker {
  // The handlers of each node type, in visitor order, gathered once: a node then costs one look-up, and nodes no
  // visitor handles (most of them: the lines of speech) cost nothing more.
  private readonly byType = new Map<string, Handler[]>();
  private readonly partTypes: boolean;
  private readonly songTypes: boolean;

  constructor(visitors: readonly Visitor[]) {
    for (const v of visitors) {
      for (const [type, handler] of Object.entries(v)) {
        if (typeof handler !== "function") continue;
        let handlers = this.byType.get(type);
        if (!handlers) this.byType.set(type, (handlers = []));
        handlers.push(handler as Handler);
      }
    }
    const handles = (type: string) => this.byType.has(type);
    this.partTypes = handles("Spoken") || handles("Parenthetical") || handles("Note");
    this.songTypes = handles("SongHeader") || handles("Marker") || handles("Lyric") || handles("Note");
  }

  private visit(node: Node, parent: Node | undefined): void {
    const handlers = this.byType.get(node.type);
    if (handlers) for (const handler of handlers) handler(node, parent);
  }

  private visitAll(nodes: readonly Node[], parent: Node): void {
    for (const node of nodes) this.visit(node, parent);
  }

  /** The script node and its title page. */
  begin(script: Script): void {
    this.visit(script, undefined);
    if (script.titlePage) {
      this.visit(script.titlePage, script);
      for (const entry of script.titlePage.entries) {
        this.visit(entry, script.titlePage);
        if (entry.cast) this.visitAll(entry.cast, entry);
      }
    }
  }

  /** One body element and the nodes inside it. */
  element(element: BodyElement, script: Script): void {
    this.visit(element, script);
    if (element.type === "Speech") {
      if (this.partTypes) this.visitAll(element.parts, element);
    } else if (element.type === "Song") {
      if (this.songTypes) {
        this.visitAll(element.headers, element);
        this.visitAll(element.items, element);
      }
    }
  }

  /** What follows the body: the boneyards. */
  end(script: Script): void {
    this.visitAll(script.boneyards, script);
  }
}

/** Visits every node of the tree once, in source order, calling each visitor's handler for that node type. */
export function walk(script: Script, visitors: readonly Visitor[]): void {
  const walker = new Walker(visitors);
  walker.begin(script);
  for (const element of script.body) walker.element(element, script);
  walker.end(script);
}
