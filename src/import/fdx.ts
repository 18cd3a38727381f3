import { XMLParser, XMLValidator } from "fast-xml-parser";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { diagnostic, type Said } from "../diagnostics/report.js";
import { decode } from "../parser/decode.js";
import { sceneHeading } from "../parser/screenplay-lines.js";
import { SourceText } from "../source/source-text.js";

// Final Draft's .fdx is XML: <FinalDraft><Content> holds <Paragraph Type="…"> elements whose <Text> runs make the
// paragraph's text. It is parsed by a well-kept XML parser, then written as Fountain with every element forced
// (`.` heading, `!` action, `@` character, `>` transition), so the Fountain reader reads each paragraph exactly as Final
// Draft typed it, whatever its text looks like. Anything that is not such a document is one diagnostic at its line.

export type FdxRead = { fountain: string; diagnostics: Diagnostic[] } | { fountain?: undefined; source: SourceText; diagnostics: Diagnostic[] };

type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  trimValues: false,
  htmlEntities: false,
});

/** A Final Draft document as Fountain text, or the diagnostics that say why it is none. Never throws. */
export function fdxToFountain(bytes: Uint8Array): FdxRead {
  const decoded = decode(bytes);
  const source = decoded.source;
  const fatal = decoded.diagnostics.filter((d) => d.severity === "error");
  if (fatal.length > 0) return { source, diagnostics: fatal.slice(0, 1) };
  const xml = source.text;
  const failed = (line: number, column: number, problem: Said<"POD0130">, help: string): FdxRead => {
    const offset = source.offsetAt(Math.max(1, line), Math.max(1, column));
    return { source, diagnostics: [diagnostic("POD0130", source.span(offset, offset), problem, { help })] };
  };
  // Entities declared in the document could expand without bound; a Final Draft file never declares any.
  const entity = xml.indexOf("<!ENTITY");
  if (entity !== -1) {
    const at = source.positionAt(entity);
    return failed(at.line, at.column, { problem: "entities" }, "export the script again from Final Draft");
  }
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    return failed(
      valid.err.line,
      valid.err.col,
      { problem: "not-xml", detail: valid.err.msg },
      "export the script again from Final Draft, or import the Fountain file instead",
    );
  }
  let document: XmlNode[];
  try {
    document = parser.parse(xml) as XmlNode[];
  } catch (error) {
    // The validator passed it; a parser failure is still the file's problem, reported, never a crash.
    return failed(1, 1, { problem: "unreadable", detail: error instanceof Error ? error.message : String(error) }, "export the script again from Final Draft");
  }
  const root = document.find((node) => elementName(node) !== undefined && !elementName(node)!.startsWith("?"));
  const rootName = root ? elementName(root)! : undefined;
  const content = root && rootName === "FinalDraft" ? children(root, rootName).find((node) => elementName(node) === "Content") : undefined;
  if (!content) {
    const at = source.positionAt(rootName ? Math.max(0, xml.indexOf(`<${rootName}`)) : 0);
    return failed(
      at.line,
      at.column,
      rootName === "FinalDraft" ? { problem: "no-content" } : { problem: "not-final-draft", root: rootName },
      "podc import reads Final Draft .fdx files and Fountain screenplays",
    );
  }
  const out: string[] = [];
  for (const paragraph of paragraphs(children(content, "Content"))) {
    writeParagraph(paragraph, out);
    writeAside(paragraph, out);
  }
  return { fountain: out.join("\n").replace(/^\n+/, "") + "\n", diagnostics: [] };
}

// ---- the XML tree (fast-xml-parser's ordered form: [{ Name: [children], ":@": {attributes} }, { "#text": "…" }])

function elementName(node: XmlNode): string | undefined {
  for (const key of Object.keys(node)) if (key !== ":@" && key !== "#text") return key;
  return undefined;
}

function children(node: XmlNode, name: string): XmlNode[] {
  const value = node[name];
  return Array.isArray(value) ? (value as XmlNode[]) : [];
}

function attribute(node: XmlNode, name: string): string | undefined {
  const attributes = node[":@"] as Record<string, unknown> | undefined;
  const value = attributes?.[name];
  return typeof value === "string" ? value : undefined;
}

interface Paragraph {
  type: string;
  text: string;
  /** The text of its script notes (<ScriptNote>), each one line. */
  notes: string[];
  /** The lines of its scene summary (<SceneProperties><Summary>). */
  summary: string[];
}

/** Every <Paragraph> in order, those inside <DualDialogue> included (dual dialogue is the two speeches in order). */
function paragraphs(nodes: XmlNode[]): Paragraph[] {
  const found: Paragraph[] = [];
  for (const node of nodes) {
    if (elementName(node) !== "Paragraph") continue;
    const inner = children(node, "Paragraph");
    const dual = inner.find((child) => elementName(child) === "DualDialogue");
    if (dual) {
      found.push(...paragraphs(children(dual, "DualDialogue")));
      continue;
    }
    const text = inner
      .filter((child) => elementName(child) === "Text")
      .map((child) => textOf(children(child, "Text")))
      .join("");
    const notes = inner.filter((child) => elementName(child) === "ScriptNote").map((note) => lines(paragraphs(children(note, "ScriptNote"))).join(" "));
    const summary = inner
      .filter((child) => elementName(child) === "SceneProperties")
      .flatMap((properties) => children(properties, "SceneProperties").filter((child) => elementName(child) === "Summary"))
      .flatMap((summary) => lines(paragraphs(children(summary, "Summary"))));
    found.push({ type: attribute(node, "Type") ?? "Action", text, notes: notes.filter((note) => note !== ""), summary });
  }
  return found;
}

/** The non-blank lines of paragraphs' text, trimmed. */
function lines(found: Paragraph[]): string[] {
  return found.flatMap((paragraph) => paragraph.text.split(/\r\n|\r|\n/).map((line) => line.trim())).filter((line) => line !== "");
}

function textOf(nodes: XmlNode[]): string {
  return nodes.map((node) => (typeof node["#text"] === "string" || typeof node["#text"] === "number" ? String(node["#text"]) : "")).join("");
}

// ---- Fountain, every element forced

function writeParagraph(paragraph: Paragraph, out: string[]): void {
  const lines = paragraph.text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
  if (lines.length === 0) return;
  const previous = out[out.length - 1];
  const inSpeech = previous !== undefined && previous !== "";
  switch (paragraph.type) {
    case "Character":
      out.push("", `@${lines.join(" ").replace(/\^/g, "")}`);
      return;
    case "Dialogue":
    case "Parenthetical":
      if (!inSpeech) break;
      for (const line of lines) out.push(paragraph.type === "Parenthetical" ? parenthetical(line) : spoken(line));
      return;
    case "Scene Heading":
      out.push("", ...lines.map((line) => (sceneHeading(line) ? line : `.${line}`)), "");
      return;
    case "Transition":
      out.push("", ...lines.map((line) => `> ${line.replace(/<$/, "\\<")}`), "");
      return;
    case "Lyrics":
      out.push("", ...lines.map((line) => `~${line}`), "");
      return;
  }
  // Action, General, Shot, Cast List and every other type: action, which is never spoken.
  out.push("", ...lines.map((line) => `!${trivia(line)}`), "");
}

/**
 * A paragraph's script notes and scene summary, which are the writer's text though never sent: each note a `[[…]]` line
 * (inside a speech it stays in the speech), the summary Fountain's `= ` synopsis lines, which are notes too.
 */
function writeAside(paragraph: Paragraph, out: string[]): void {
  out.push(...paragraph.notes.map((note) => `[[${trivia(note).replace(/\](?=\]|$)/g, "] ")}]]`));
  if (paragraph.summary.length === 0) return;
  if (out[out.length - 1] !== "") out.push("");
  out.push(...paragraph.summary.map((line) => `= ${trivia(line)}`), "");
}

function parenthetical(line: string): string {
  return /^\(.*\)$/.test(line) ? trivia(line) : `(${trivia(line)})`;
}

/** A line of dialogue as the Fountain reader reads it: literal, so emphasis marks and a leading `(` or `~` are escaped. */
function spoken(line: string): string {
  const escaped = line.replace(/[\\*_]/g, (ch) => `\\${ch}`);
  return trivia(/^[(~（]/.test(escaped) ? `\\${escaped}` : escaped);
}

/** Notes and boneyard marks in Final Draft text are literal text. */
function trivia(text: string): string {
  return text.replace(/\[\[/g, "[\\[").replace(/\/\*/g, "/\\*").replace(/\*\//g, "*\\/");
}
