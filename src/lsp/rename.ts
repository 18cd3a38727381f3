import type { Connection, Position, TextEdit, WorkspaceEdit } from "vscode-languageserver";
import { LSPErrorCodes, ResponseError } from "./protocol.js";
import { RESERVED_LABELS } from "../language/song-block.js";
import type { Span } from "../source/span.js";
import type { ScriptState, Scripts } from "./documents.js";
import { speakerAt, speakerMentions } from "./speakers.js";
import { hasLowerCase } from "../language/letters.js";

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
function renameSpeaker(state: ScriptState, position: Position, newName: string): WorkspaceEdit | null {
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
  const force = hasLowerCase(name);
  const edits: TextEdit[] = speakerMentions(state, target.name).map((m) => ({
    range: state.positions.range(m.span),
    newText: force && !m.forced ? `@${name}` : name,
  }));
  return { changes: { [state.uri]: edits } };
}

/** The speaker label under `position` that may be renamed; throws when it is cast only in podc.json. */
function renameTarget(state: ScriptState, position: Position): { name: string; span: Span } | undefined {
  const target = speakerAt(state, state.positions.offset(position));
  if (target && state.analysis.cast.get(target.name)?.from === "config") {
    throw refuse(`${target.name} is cast in podc.json, which every script of the project shares: rename it there`);
  }
  return target;
}

function refuse(message: string): ResponseError<void> {
  return new ResponseError(LSPErrorCodes.RequestFailed, message);
}
