import { LSPErrorCodes, ResponseError, type Connection, type Position, type TextEdit, type WorkspaceEdit } from "vscode-languageserver";
import { RESERVED_LABELS } from "../language/song-block.js";
import type { Span } from "../source/span.js";
import { speechAt } from "./definition.js";
import type { ScriptState, Scripts } from "./documents.js";
import { touches } from "./positions.js";

// Renaming a speaker rewrites every speech it speaks and its Cast entry, in this script only. Three renames are
// refused rather than half done: a speaker cast only in podc.json (other scripts share it: rename it there), a new
// name that is not a speaker label, and a new name already cast (the two speakers would silently become one).
// A new name with lowercase letters is written forced (`@McKenzie`) wherever it was not already.

/** Answers prepareRename and rename requests on speaker labels, in speeches and Cast entries. */
export function addRenameHandler(connection: Connection, scripts: Scripts): void {
  connection.onPrepareRename((params) => {
    const state = scripts.get(params.textDocument.uri);
    if (!state) return null;
    const target = renameTarget(state, params.position);
    return target ? { range: state.positions.range(target.span), placeholder: target.name } : null;
  });
  connection.onRenameRequest((params) => {
    const state = scripts.get(params.textDocument.uri);
    return state ? renameSpeaker(state, params.position, params.newName) : null;
  });
}

/** The edits renaming the speaker under `position` to `newName`; throws a ResponseError the editor shows when refused. */
export function renameSpeaker(state: ScriptState, position: Position, newName: string): WorkspaceEdit | null {
  const target = renameTarget(state, position);
  if (!target) return null;
  const name = newName.trim().replace(/^@/, "").trim();
  if (!/^\p{L}[\p{L}\p{N} .'_-]*$/u.test(name)) {
    throw refuse(`${newName} is not a speaker label: letters, digits, spaces and . ' - _, starting with a letter`);
  }
  if (RESERVED_LABELS.has(name)) throw refuse(`${name} is reserved for song blocks`);
  if (name === target.name) return { changes: { [state.uri]: [] } };
  if (state.analysis.cast.has(target.name) && state.analysis.cast.has(name)) {
    throw refuse(`${name} is already cast: renaming ${target.name} to it would make the two speakers one`);
  }
  const force = /\p{Ll}/u.test(name);
  const text = state.analysis.source.text;
  const edits: TextEdit[] = [];
  const rewrite = (span: Span, forced: boolean) =>
    edits.push({ range: state.positions.range(span), newText: force && !forced ? `@${name}` : name });
  for (const entry of state.analysis.script.titlePage?.entries ?? []) {
    for (const member of entry.cast ?? []) {
      if (member.label.text !== target.name) continue;
      rewrite(member.label.span, text.charAt(member.label.span.start.offset - 1) === "@");
    }
  }
  for (const element of state.analysis.script.body) {
    if (element.type === "Speech" && element.speaker.name === target.name) rewrite(element.speaker.span, element.speaker.forced);
  }
  return { changes: { [state.uri]: edits } };
}

/** The speaker label under `position` that may be renamed; throws when it is cast only in podc.json. */
function renameTarget(state: ScriptState, position: Position): { name: string; span: Span } | undefined {
  const offset = state.positions.offset(position);
  let target: { name: string; span: Span } | undefined;
  for (const entry of state.analysis.script.titlePage?.entries ?? []) {
    for (const member of entry.cast ?? []) if (touches(member.label.span, offset)) target = { name: member.label.text, span: member.label.span };
  }
  if (!target) {
    const speech = speechAt(state, offset);
    if (speech) target = { name: speech.speaker.name, span: speech.speaker.span };
  }
  if (target && state.analysis.cast.get(target.name)?.from === "config") {
    throw refuse(`${target.name} is cast in podc.json, which every script of the project shares: rename it there`);
  }
  return target;
}

function refuse(message: string): ResponseError<void> {
  return new ResponseError(LSPErrorCodes.RequestFailed, message);
}
