// Small builders for lowering tests. Spans are synthetic but valid: every line is 1000 UTF-16 units
// long, so offset = (line - 1) * 1000 + (column - 1), and parts on different lines never touch.

import type {
  Direction,
  Invalid,
  Lyric,
  LyricItem,
  Marker,
  Note,
  Parenthetical,
  Script,
  Section,
  Song,
  SongHeader,
  Speech,
  SpeechPart,
  Spoken,
  TitleEntry,
} from "../../src/ast/nodes.js";
import { defaultConfig, type Config, type Limits } from "../../src/config/schema.js";
import type { Position, Span } from "../../src/source/span.js";

const LINE_WIDTH = 1000;

function position(line: number, column = 1): Position {
  return { line, column, offset: (line - 1) * LINE_WIDTH + (column - 1) };
}

function span(line: number, column = 1, length = 1): Span {
  return { start: position(line, column), end: position(line, column + length) };
}

export function spoken(text: string, line = 1, column = 1): Spoken {
  return { type: "Spoken", span: span(line, column, text.length), text };
}

export function paren(text: string, line = 1, column = 1): Parenthetical {
  return { type: "Parenthetical", span: span(line, column, text.length + 2), text };
}

export function note(text: string, line = 1, column = 1): Note {
  return { type: "Note", span: span(line, column, text.length + 4), text, terminated: true };
}

/**
 * An inline speech `NAME: …` starting at `line`. Strings become Spoken parts, one line each; other parts
 * are taken as they are (give them their own lines).
 */
export function speech(name: string, parts: Array<string | SpeechPart>, line = 1): Speech {
  const built = parts.map((part, index) => (typeof part === "string" ? spoken(part, line + index, index === 0 ? name.length + 3 : 1) : part));
  const last = Math.max(line, ...built.map((part) => part.span.end.line));
  return {
    type: "Speech",
    span: { start: position(line), end: position(last, 50) },
    form: "inline",
    speaker: { name, span: span(line, 1, name.length), forced: false },
    parts: built,
  };
}

export function section(title: string, line = 1, depth = 1): Section {
  return { type: "Section", span: span(line, 1, depth + 1 + title.length), depth, title: { text: title, span: span(line, depth + 2, title.length) } };
}

export function direction(text: string, line = 1): Direction {
  return { type: "Direction", span: span(line, 1, text.length + 2), text };
}

export function invalid(text: string, line = 1): Invalid {
  return { type: "Invalid", span: span(line, 1, text.length), text };
}

export function marker(raw: string, canonical: string | null, number?: string): Marker {
  const base: Marker = { type: "Marker", span: span(1, 1, raw.length + 2), raw, canonical, written: `[${raw}]` };
  return number === undefined ? base : { ...base, number };
}

export function lyric(text: string): Lyric {
  return { type: "Lyric", span: span(1, 1, text.length), text };
}

function header(key: string, value: string, line = 1): SongHeader {
  return {
    type: "SongHeader",
    span: span(line),
    key: { text: key, span: span(line, 1, key.length) },
    name: key.toLowerCase(),
    value: { text: value, span: span(line, key.length + 3, value.length) },
  };
}

/** A song block at `line`; strings in `items` are lyric lines. */
export function song(title: string, options: { style?: string; model?: string; items?: Array<string | LyricItem> }, line = 1): Song {
  const headers: SongHeader[] = [];
  if (options.style !== undefined) headers.push(header("Style", options.style, line + 1));
  if (options.model !== undefined) headers.push(header("Model", options.model, line + 2));
  const items = (options.items ?? ["la la la"]).map((item) => (typeof item === "string" ? lyric(item) : item));
  return {
    type: "Song",
    span: span(line, 1, 6 + title.length),
    title: { text: title, span: span(line, 7, title.length) },
    headers,
    items,
    end: span(line + 10),
  };
}

function titleEntry(key: string, value: string): TitleEntry {
  return {
    type: "TitleEntry",
    span: span(1),
    key: { text: key, span: span(1, 1, key.length) },
    name: key.toLowerCase(),
    value: { text: value, span: span(1, key.length + 3, value.length) },
  };
}

export function script(body: Script["body"], titlePage?: Record<string, string>): Script {
  const base: Script = { type: "Script", span: { start: position(1), end: position(9999) }, body, boneyards: [] };
  if (titlePage === undefined) return base;
  const entries = Object.entries(titlePage).map(([key, value]) => titleEntry(key, value));
  return { ...base, titlePage: { type: "TitlePage", span: span(1), entries } };
}

export function config(limits: Partial<Limits> = {}, model?: string): Config {
  const base = defaultConfig();
  return { ...base, model: model ?? base.model, limits: { ...base.limits, ...limits } };
}

export const CAST = new Map([
  ["HOST", "Ethan"],
  ["GUEST", "Victoria"],
  ["THIRD", "Luna"],
]);
