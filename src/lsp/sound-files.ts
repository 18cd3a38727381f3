import { closeSync, openSync, readdirSync, readSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { CompletionItem, Location, Position } from "vscode-languageserver";
import type { Sound } from "../ast/nodes.js";
import { flacDurationMs, sniffAudioType, wavDurationMs } from "../files/audio-type.js";
import type { ScriptState } from "./documents.js";
import { touches } from "./positions.js";
import { CompletionItemKind } from "./protocol.js";

// The editor's help with sound cues (`SFX sounds/door.wav`): the files beside the script as the file is typed, what a
// file is (its format, length and size) on hover, and the file itself on "go to definition" (VS Code plays audio in
// its own preview). Files are named from the script's folder, so only a script saved on disk has any.

/** What a file's name may end with to be offered: the formats podc mixes (POD0922 says which). */
const AUDIO_EXTENSIONS = /\.(wav|wave|aif|aiff|aifc|flac|mp3|ogg|oga|opus|m4a|mp4|aac)$/i;
const CUE_BEING_TYPED = /^\s*(SFX|BED|STING)\s+(\S*)$/;
/** Enough of a file for its format and, for FLAC, its length (a WAV's is read by its chunks). */
const HEAD_BYTES = 64;

/** The folder a script's sound files are named from; undefined for a document not saved as a file. */
function scriptDir(state: ScriptState): string | undefined {
  return state.uri.startsWith("file:") ? dirname(fileURLToPath(state.uri)) : undefined;
}

/** The sound cue whose file name is under `offset`, and the file's path. */
export function soundFileAt(state: ScriptState, offset: number): { sound: Sound; path: string } | undefined {
  const dir = scriptDir(state);
  if (dir === undefined) return undefined;
  for (const element of state.analysis.script.body) {
    if (element.span.start.offset > offset) return undefined;
    if (element.type === "Sound" && element.file !== undefined && touches(element.file.span, offset))
      return { sound: element, path: resolve(dir, element.file.text) };
  }
  return undefined;
}

/** The file a cue names, opened by "go to definition". */
export function soundFileLocation(state: ScriptState, offset: number): Location | undefined {
  const found = soundFileAt(state, offset);
  if (found === undefined) return undefined;
  try {
    if (!statSync(found.path).isFile()) return undefined;
  } catch {
    return undefined;
  }
  return { uri: pathToFileURL(found.path).href, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } };
}

/** A line on the file a cue names: its format, length (WAV and FLAC, read from the header) and size, or why it is none. */
export function soundFileSummary(path: string): string {
  let size: number;
  const head = Buffer.alloc(HEAD_BYTES);
  try {
    size = statSync(path).size;
    const fd = openSync(path, "r");
    try {
      readSync(fd, head, 0, HEAD_BYTES, 0);
    } finally {
      closeSync(fd);
    }
  } catch {
    return "no such file can be read";
  }
  const type = sniffAudioType(head);
  if (type === undefined) return "not an audio file podc can mix";
  const ms = type === "audio/wav" ? wavDurationMs(path) : type === "audio/flac" ? flacDurationMs(head) : undefined;
  const length = ms === undefined ? "" : `, ${(ms / 1000).toFixed(1)} s`;
  return `${type.slice("audio/".length).toUpperCase()} audio${length}, ${kilobytes(size)}`;
}

function kilobytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

/** While a cue's file is typed (`SFX sou`): the audio files and folders in the folder typed so far, from the script's. */
export function soundCompletions(state: ScriptState, before: string, position: Position): CompletionItem[] | undefined {
  const typing = CUE_BEING_TYPED.exec(before);
  const dir = scriptDir(state);
  if (!typing || dir === undefined) return undefined;
  const typed = typing[2]!;
  const folder = typed.slice(0, typed.lastIndexOf("/") + 1);
  let entries;
  try {
    entries = readdirSync(resolve(dir, folder), { withFileTypes: true });
  } catch {
    return [];
  }
  const range = { start: { line: position.line, character: position.character - typed.length }, end: position };
  const items: CompletionItem[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    const isFolder = entry.isDirectory();
    if (!isFolder && !(entry.isFile() && AUDIO_EXTENSIONS.test(entry.name))) continue;
    const newText = `${folder}${entry.name}${isFolder ? "/" : ""}`;
    items.push({
      label: newText,
      kind: isFolder ? CompletionItemKind.Folder : CompletionItemKind.File,
      ...(isFolder ? { command: { title: "more", command: "editor.action.triggerSuggest" } } : { detail: soundFileSummary(resolve(dir, newText)) }),
      textEdit: { range, newText },
    });
  }
  return items;
}
