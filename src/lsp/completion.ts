import type { CompletionItem, Connection, Position, Range } from "vscode-languageserver";
import { CompletionItemKind } from "./protocol.js";
import type { Song } from "../ast/nodes.js";
import { SECTION_NAMES } from "../language/markers.js";
import { DEFAULT_MODEL } from "../language/models.js";
import { INCLUDE_OPEN } from "../language/include-line.js";
import { SONG_END } from "../language/song-block.js";
import { PLAY_BED, SONG_HEADERS } from "../language/song-headers.js";
import { TITLE_KEYS } from "../language/title-keys.js";
import type { ScriptState, Scripts } from "./documents.js";
import { lineText } from "./positions.js";
import { filePath } from "../workspace/find-scripts.js";
import { includableScripts } from "../workspace/includes.js";
import { hasLowerCase } from "../language/letters.js";
import { soundCompletions } from "./sound-files.js";

// Completion reads the line being typed, because a half-typed line is often not yet the element it will become
// ("HO" is no speech), and the tree for everything around it: whether the line is on the title page, inside a
// song, or in the body. Each context offers only what the language allows there:
//   body, at the start of a line       the cast's speaker labels (and SONG:, INCLUDE:)
//   after `INCLUDE:`                   the project's .pod scripts, as paths relative to this one
//   a word typed in a speech           the lexicon's words it starts (podc.json's speech.lexicon, or its file)
//   Cast entries                       labels the body uses but nobody casts; after the colon, the voices
//   title page, before the colon       title-page keys not given yet; after `Model:`, the models
//   a song's header lines              Style, Model, Takes, Pick and Play not given yet; after `Model:`, the models;
//                                      after `Play:`, bed
//   song lyrics, at the start of a line  the section markers in canonical spelling (and END SONG)
//   after SFX, BED or STING            the audio files and folders from the script's folder (sound-files.ts)

/** What makes the editor ask for completion without a word typed: a forced label, a section marker. */
export const TRIGGER_CHARACTERS = ["@", "[", "【"];
const LABEL_PREFIX = /^(@?)[\p{L}\p{N} .'_-]*$/u;
const LABEL_TAIL = /^[\p{L}\p{N}.'_-]*(?=\s*[:：])/u;
const COLON = /[:：]/;
const INCLUDE_PATH = new RegExp(`^([ \\t]*${INCLUDE_OPEN}[ \\t]*[:：][ \\t]*)[^ \\t]*$`);

/** Answers completion requests from the shared analysis of the document. */
export function addCompletionHandler(connection: Connection, scripts: Scripts): void {
  connection.onCompletion((params) => {
    const state = scripts.get(params.textDocument.uri);
    return state ? completionsAt(state, params.position) : [];
  });
}

/** What may be typed at `position`, as items whose edits replace the part of the line already typed. */
function completionsAt(state: ScriptState, position: Position): CompletionItem[] | Promise<CompletionItem[]> {
  const { document, analysis } = state;
  const script = analysis.script;
  const line = position.line + 1; // the tree's 1-based line
  const text = lineText(document, position.line);
  const before = text.slice(0, position.character);
  const after = text.slice(position.character);
  const offset = state.positions.offset(position);
  const span: LineRange = (start, end) => ({ start: { line: position.line, character: start }, end: { line: position.line, character: end } });

  if (insideTrivia(state, offset)) return [];

  const title = titlePageContext(state, line);
  if (title !== undefined) return titlePageCompletions(state, title, before, after, span);

  const song = script.body.find((e): e is Song => e.type === "Song" && insideSong(e, line));
  if (song) return songCompletions(state, song, line, before, after, span);

  const sound = soundCompletions(state, before, position);
  if (sound !== undefined) return sound;
  const include = INCLUDE_PATH.exec(before);
  if (include) return includeCompletions(state, include[1]!.length, before, after, span);

  const items: CompletionItem[] = [];
  const label = LABEL_PREFIX.exec(before);
  if (label) {
    // After a typed `@` the edit starts behind it: clients that complete the word before the cursor (Vim's omni
    // completion, Neovim's before 0.11) then insert what the edit says at the same place, and `@` is never doubled.
    const forced = label[1] === "@";
    const tail = LABEL_TAIL.exec(after)?.[0].length ?? 0;
    const colonFollows = COLON.test(after.slice(tail).trimStart().charAt(0));
    const range = span(forced ? 1 : 0, position.character + (colonFollows ? tail : 0));
    let rank = 0;
    for (const member of analysis.cast.values()) {
      const written = (!forced && hasLowerCase(member.label) ? "@" : "") + member.label;
      items.push({
        label: member.label,
        kind: CompletionItemKind.Variable,
        detail: `voice ${member.voice}`,
        documentation: member.from === "script" ? "cast in this script's title page" : "cast in podc.json",
        filterText: member.label,
        sortText: String(rank++).padStart(4, "0"),
        textEdit: { range, newText: colonFollows ? written : `${written}: ` },
      });
    }
    if (!forced) {
      items.push({ label: "SONG:", kind: CompletionItemKind.Keyword, detail: "start a song block", sortText: "9999", textEdit: { range, newText: "SONG: " } });
      items.push({
        label: "INCLUDE:",
        kind: CompletionItemKind.Keyword,
        detail: "perform another script here",
        sortText: "9999",
        textEdit: { range, newText: "INCLUDE: " },
      });
    }
  }
  // A word being typed in a speech that the pronunciation lexicon knows: its written spelling, with what is sent.
  if (script.body.some((e) => e.type === "Speech" && e.span.start.line <= line && line <= e.span.end.line))
    items.push(...lexiconCompletions(state, before, span));
  // Before anything else in a script without a title page, the line may still open one.
  const first = script.body[0];
  if (!script.titlePage && (first === undefined || first.span.start.line >= line) && !COLON.test(before)) {
    const blankBefore = document.getText({ start: { line: 0, character: 0 }, end: { line: position.line, character: 0 } }).trim() === "";
    if (blankBefore) items.push(...keyItems(TITLE_KEYS, before, after, span, eol(state)));
  }
  return items;
}

/** The project's .pod scripts after `INCLUDE:`, replacing the path typed so far (to the line's end). */
async function includeCompletions(state: ScriptState, start: number, before: string, after: string, span: LineRange): Promise<CompletionItem[]> {
  const path = filePath(state.uri);
  if (path === undefined) return [];
  const range = span(start, before.length + after.trimEnd().length);
  return (await includableScripts(path, state.loaded)).map((file, i) => ({
    label: file,
    kind: CompletionItemKind.File,
    detail: "include this script here",
    sortText: String(i).padStart(4, "0"),
    textEdit: { range, newText: file },
  }));
}

const WORD_TYPED = /[\p{L}\p{M}\p{N}'’-]+$/u;

/** The lexicon's words that start with the word being typed (any case), replacing it; none for a word already whole. */
function lexiconCompletions(state: ScriptState, before: string, span: LineRange): CompletionItem[] {
  const entries = state.loaded.config.speech.lexicon;
  const typed = entries === undefined ? undefined : WORD_TYPED.exec(before)?.[0];
  if (entries === undefined || typed === undefined) return [];
  const lower = typed.toLowerCase();
  const range = span(before.length - typed.length, before.length);
  return Object.entries(entries)
    .filter(([word]) => word.toLowerCase().startsWith(lower) && word.toLowerCase() !== lower)
    .map(([word, said], i) => ({
      label: word,
      kind: CompletionItemKind.Text,
      detail: `said as ${said}`,
      documentation: "in the pronunciation lexicon: the voice is sent the respelling, the transcript keeps the word",
      sortText: `z${String(i).padStart(4, "0")}`,
      textEdit: { range, newText: word },
    }));
}

/** The range between two characters of the line being completed. */
type LineRange = (start: number, end: number) => Range;

function titlePageCompletions(
  state: ScriptState,
  title: { castEntry: boolean; givenKeys: Set<string> },
  before: string,
  after: string,
  span: LineRange,
): CompletionItem[] {
  const colon = before.search(COLON);
  if (title.castEntry) {
    if (colon >= 0) {
      // The voice: the whole value after the colon is replaced.
      const start = colon + 1 + (/^[ \t]*/.exec(before.slice(colon + 1))?.[0].length ?? 0);
      const end = before.length + after.trimEnd().length;
      const range = span(start, Math.max(start, end));
      return state.loaded.config.voices.map((voice, i) => ({
        label: voice,
        kind: CompletionItemKind.EnumMember,
        detail: "voice",
        sortText: String(i).padStart(4, "0"),
        textEdit: { range, newText: voice },
      }));
    }
    // A new entry: the labels the body speaks with that have no voice yet.
    const indent = /^[ \t]*/.exec(before)![0].length;
    const tail = LABEL_TAIL.exec(after)?.[0].length ?? 0;
    const colonFollows = COLON.test(after.slice(tail).trimStart().charAt(0));
    const range = span(indent, before.length + (colonFollows ? tail : 0));
    const uncast = new Set<string>();
    for (const element of state.analysis.script.body) {
      if (element.type === "Speech" && !state.analysis.cast.has(element.speaker.name)) uncast.add(element.speaker.name);
    }
    return [...uncast].map((label) => ({
      label,
      kind: CompletionItemKind.Variable,
      detail: "speaks in this script but has no voice",
      textEdit: { range, newText: colonFollows ? label : `${label}: ` },
    }));
  }
  if (colon >= 0) {
    const key = before.slice(0, colon).trim().toLowerCase();
    return key === "model" ? modelItems(state, before, after, colon, span) : [];
  }
  if (/^[ \t]/.test(before)) return [];
  const keys = TITLE_KEYS.filter((k) => !title.givenKeys.has(k.toLowerCase()));
  return keyItems(keys, before, after, span, eol(state));
}

function songCompletions(state: ScriptState, song: Song, line: number, before: string, after: string, span: LineRange): CompletionItem[] {
  const items: CompletionItem[] = [];
  const colon = before.search(COLON);
  const lastHeaderLine = song.headers.length > 0 ? song.headers[song.headers.length - 1]!.span.end.line : song.span.start.line;
  const header = song.headers.find((h) => h.span.start.line === line);
  if (colon >= 0) {
    if (header?.name === "play")
      return [valueItem(PLAY_BED, "lay the song under the speech after it, ducked, to BED out or the section's end", before, after, colon, span)];
    return header?.name === "model" ? modelItems(state, before, after, colon, span) : [];
  }
  if (line === lastHeaderLine + 1 || (header && line <= lastHeaderLine)) {
    const given = new Set(song.headers.filter((h) => h !== header).map((h) => h.name));
    items.push(
      ...keyItems(
        SONG_HEADERS.filter((k) => !given.has(k.toLowerCase())),
        before,
        after,
        span,
        eol(state),
      ),
    );
  }
  const marker = /^([ \t]*)(?:([[【])[^\]】]*|[\p{L}-]*)$/u.exec(before);
  if (marker) {
    // After a typed bracket the edit starts behind it, for the same reason as after `@`; the closing bracket matches it.
    const bracket = marker[2] ?? "";
    const start = marker[1]!.length + bracket.length;
    const tail = bracket ? (/^[^\]】]*[\]】]?(?=\s*$)/.exec(after)?.[0].length ?? 0) : /^[\p{L}-]*/u.exec(after)![0].length;
    const range = span(start, before.length + tail);
    const close = bracket === "【" ? "】" : "]";
    SECTION_NAMES.forEach((name, i) =>
      items.push({
        label: `[${name}]`,
        kind: CompletionItemKind.EnumMember,
        detail: "section marker",
        filterText: name,
        sortText: `1${String(i).padStart(3, "0")}`,
        textEdit: { range, newText: bracket ? `${name}${close}` : `[${name}]` },
      }),
    );
    if (!bracket && start === 0) {
      items.push({
        label: SONG_END,
        kind: CompletionItemKind.Keyword,
        detail: "close the song block",
        sortText: "2000",
        textEdit: { range, newText: SONG_END },
      });
    }
  }
  return items;
}

/** Items for `Key: ` lines; a colon already typed after the key is kept. */
function keyItems(keys: readonly string[], before: string, after: string, span: LineRange, newline: string): CompletionItem[] {
  if (!/^[\p{L} ]*$/u.test(before)) return [];
  const tail = /^[\p{L} ]*(?=[:：])/u.exec(after)?.[0].length ?? 0;
  const colonFollows = tail > 0 || COLON.test(after.charAt(0));
  const range = span(0, before.length + tail);
  return keys.map((key, i) => ({
    label: key,
    kind: CompletionItemKind.Property,
    sortText: `0${String(i).padStart(3, "0")}`,
    textEdit: { range, newText: colonFollows ? key : key === "Cast" ? `Cast:${newline}    ` : `${key}: ` },
  }));
}

/** Where a header's value is typed: from after the colon's spaces to the line's end. */
function valueRange(before: string, after: string, colon: number, span: LineRange): Range {
  const start = colon + 1 + (/^[ \t]*/.exec(before.slice(colon + 1))?.[0].length ?? 0);
  return span(start, Math.max(start, before.length + after.trimEnd().length));
}

function valueItem(value: string, detail: string, before: string, after: string, colon: number, span: LineRange): CompletionItem {
  return { label: value, kind: CompletionItemKind.Value, detail, textEdit: { range: valueRange(before, after, colon, span), newText: value } };
}

function modelItems(state: ScriptState, before: string, after: string, colon: number, span: LineRange): CompletionItem[] {
  const { config } = state.loaded;
  const models = [...new Set([...(config.models ?? []), config.model, DEFAULT_MODEL])];
  const range = valueRange(before, after, colon, span);
  return models.map((model, i) => ({
    label: model,
    kind: CompletionItemKind.Value,
    detail: config.models ? "allowed model" : model === config.model ? "the project's default model" : "model",
    sortText: String(i).padStart(4, "0"),
    textEdit: { range, newText: model },
  }));
}

/**
 * Whether a 1-based line belongs to the title page, and if so whether it is an indented Cast entry and which keys
 * are given. The page runs from its first line to the first blank line, so the line being typed counts even when the
 * tree could not yet read it as an entry; the line itself may be blank (a new entry's indentation).
 */
function titlePageContext(state: ScriptState, line: number): { castEntry: boolean; givenKeys: Set<string> } | undefined {
  const page = state.analysis.script.titlePage;
  if (!page || line < page.span.start.line) return undefined;
  const lines: string[] = [];
  for (let l = page.span.start.line; l < line; l++) {
    const text = lineText(state.document, l - 1);
    if (text.trim() === "") return undefined;
    lines.push(text);
  }
  const givenKeys = new Set(page.entries.filter((e) => e.span.start.line !== line).map((e) => e.name));
  const current = lineText(state.document, line - 1);
  if (!/^[ \t]/.test(current)) return { castEntry: false, givenKeys };
  const owner = lines.reverse().find((l) => !/^[ \t]/.test(l));
  const key = owner?.split(COLON)[0]?.trim().toLowerCase();
  return { castEntry: key === "cast", givenKeys };
}

function insideSong(song: Song, line: number): boolean {
  if (line <= song.span.start.line) return false;
  return song.end ? line < song.end.start.line : true;
}

function insideTrivia(state: ScriptState, offset: number): boolean {
  const inside = (span: { start: { offset: number }; end: { offset: number } }, terminated: boolean) =>
    span.start.offset < offset && (offset < span.end.offset || !terminated);
  const script = state.analysis.script;
  if (script.boneyards.some((b) => inside(b.span, b.terminated))) return true;
  for (const element of script.body) {
    if (element.span.start.offset > offset) break;
    const notes = element.type === "Note" ? [element] : element.type === "Speech" ? element.parts : element.type === "Song" ? element.items : [];
    for (const note of notes) if (note.type === "Note" && inside(note.span, note.terminated)) return true;
  }
  return false;
}

/** The document's line break, for items that insert one. */
function eol(state: ScriptState): string {
  return /\r\n|\r|\n/.exec(state.document.getText())?.[0] ?? "\n";
}
