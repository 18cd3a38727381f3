import { pathToFileURL } from "node:url";
import type { Connection, Location, Position } from "vscode-languageserver";
import { TextDocument } from "vscode-languageserver-textdocument";
import type { Include, Speech } from "../ast/nodes.js";
import { filePath } from "../workspace/find-scripts.js";
import { includedFile } from "../workspace/includes.js";
import type { ScriptState, Scripts } from "./documents.js";
import { touches } from "./positions.js";
import { soundFileLocation } from "./sound-files.js";

// A speaker is defined where it gets its voice: its entry in the title page's Cast, or, when the script does not
// cast it, its key in podc.json's "cast". The JSON parser that finds the key is loaded with podc.json's reader, when
// there is a podc.json (documents.ts), and never before the first diagnostics.

/** Answers definition requests on speaker labels, on a sound cue's file (the file itself), and on an include's path (the included script). */
export function addDefinitionHandler(connection: Connection, scripts: Scripts): void {
  connection.onDefinition(async (params) => {
    const state = scripts.get(params.textDocument.uri);
    return state ? (includeAt(state, params.position) ?? definitionAt(state, params.position)) : null;
  });
}

/** The start of the script an `INCLUDE: path` under `position` names, when it is there to open. */
function includeAt(state: ScriptState, position: Position): Location | undefined {
  const offset = state.positions.offset(position);
  const element = state.analysis.script.body.find((e): e is Include => e.type === "Include" && touches(e.span, offset));
  const path = filePath(state.uri);
  if (!element || path === undefined) return undefined;
  const file = includedFile(path, element.path.text, state.loaded);
  const start = { line: 0, character: 0 };
  return file === undefined ? undefined : { uri: pathToFileURL(file).href, range: { start, end: start } };
}

/** Where the speaker under `position` is cast, or null when the position holds no cast speaker. */
async function definitionAt(state: ScriptState, position: Position): Promise<Location | null> {
  const sound = soundFileLocation(state, state.positions.offset(position));
  if (sound !== undefined) return sound;
  const speech = speechAt(state, state.positions.offset(position));
  const member = speech && state.analysis.cast.get(speech.speaker.name);
  if (!member) return null;
  if (member.from === "script") return member.labelSpan ? { uri: state.uri, range: state.positions.range(member.labelSpan) } : null;
  return (await configKeyLocation(state, member.label)) ?? null;
}

/** Where podc.json (the one governing the script) casts `label`: its key in "cast". */
export async function configKeyLocation(state: ScriptState, label: string): Promise<Location | undefined> {
  const { path, source } = state.loaded;
  if (!path || !source) return undefined;
  const { findNodeAtLocation, parseTree } = await import("jsonc-parser");
  const tree = parseTree(source.text);
  const key = tree && findNodeAtLocation(tree, ["cast", label])?.parent?.children?.[0];
  if (!key) return undefined;
  const json = TextDocument.create(pathToFileURL(path).href, "json", 0, source.text);
  return { uri: json.uri, range: { start: json.positionAt(key.offset), end: json.positionAt(key.offset + key.length) } };
}

/** The speech whose speaker label is under `offset` (into the analysed text), if any. */
function speechAt(state: ScriptState, offset: number): Speech | undefined {
  for (const element of state.analysis.script.body) {
    if (element.span.start.offset > offset) return undefined;
    if (element.type === "Speech" && touches(element.speaker.span, offset)) return element;
  }
  return undefined;
}
