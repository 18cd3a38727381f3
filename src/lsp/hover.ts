import type { Connection, Hover, Position } from "vscode-languageserver";
import { MarkupKind } from "./protocol.js";
import type { Marker, Song } from "../ast/nodes.js";
import { hasLyricLines, isBedSong, lyricsText, markerLine, songHeader, songHeaderNode, songModelChoice, stylePrompt } from "../ast/song.js";
import { titlePageValue } from "../ast/title-page.js";
import type { Span } from "../source/span.js";
import { codePointLength } from "../source/text.js";
import { directionHover } from "./direction-hover.js";
import { lexiconHover } from "./lexicon-hover.js";
import { soundFileAt, soundFileSummary } from "./sound-files.js";
import type { ScriptState, Scripts } from "./documents.js";
import { touches } from "./positions.js";

// Hover answers "what will be sent?" for the places where the script alone does not say: which voice a label speaks
// with, and what a song's request will hold. The song summary is computed by the same lowering functions that build
// the request, so it cannot disagree with `podc compile`.

/** How a hover's words are marked: Markdown, or plain text for clients that prefer it (Vim's ALE, Emacs' Eglot). */
interface Markup {
  kind: MarkupKind;
  bold(text: string): string;
  code(text: string): string;
}

const MARKDOWN: Markup = { kind: MarkupKind.Markdown, bold: (text) => `**${text}**`, code: (text) => `\`${text}\`` };
const PLAIN: Markup = { kind: MarkupKind.PlainText, bold: (text) => text, code: (text) => text };

/** The markup a client's hover `contentFormat` asks for first (Markdown when it says nothing). */
export function hoverMarkup(contentFormat: readonly string[] | undefined): Markup {
  return contentFormat?.[0] === MarkupKind.PlainText ? PLAIN : MARKDOWN;
}

/**
 * Answers hover requests: speaker labels (in speeches and Cast entries), song lines, section markers, in the
 * markup the client asked for.
 */
export function addHoverHandler(connection: Connection, scripts: Scripts, markup: () => Markup): void {
  connection.onHover((params) => {
    const state = scripts.get(params.textDocument.uri);
    return state ? hoverAt(state, params.position, markup()) : null;
  });
}

/** The hover at `position`, or null where there is nothing to add to what the line says. */
function hoverAt(state: ScriptState, position: Position, m: Markup): Hover | null {
  const offset = state.positions.offset(position);
  const line = position.line + 1;
  const script = state.analysis.script;
  for (const entry of script.titlePage?.entries ?? []) {
    for (const member of entry.cast ?? []) {
      if (touches(member.label.span, offset)) return hover(state, member.label.span, m, speakerText(state, member.label.text, m));
    }
  }
  const sound = soundFileAt(state, offset);
  if (sound) return hover(state, sound.sound.file!.span, m, `${m.code(sound.sound.file!.text)}: ${soundFileSummary(sound.path)}`);
  for (const element of script.body) {
    if (element.span.start.offset > offset) break;
    if (element.type === "Speech" && touches(element.speaker.span, offset)) {
      return hover(state, element.speaker.span, m, speakerText(state, element.speaker.name, m));
    }
    if (element.type === "Speech" && touches(element.span, offset)) {
      const found = directionHover(element, offset, state.loaded.config, m) ?? lexiconHover(element, offset, state.analysis.source, state.loaded.config, m);
      if (found) return hover(state, found.span, m, found.text);
    }
    if (element.type !== "Song" || !touches(element.span, offset)) continue;
    if (line === element.span.start.line) return hover(state, element.title.span, m, songText(state, element, m));
    if (element.end && line === element.end.start.line) return hover(state, element.end, m, songText(state, element, m));
    const play = songHeaderNode(element, "play");
    if (play !== undefined && isBedSong(element) && line === play.span.start.line) return hover(state, play.span, m, bedText(m));
    const marker = element.items.find((item): item is Marker => item.type === "Marker" && touches(item.span, offset));
    if (marker) return hover(state, marker.span, m, markerText(marker, m));
  }
  return null;
}

function hover(state: ScriptState, span: Span, m: Markup, value: string): Hover {
  return { contents: { kind: m.kind, value }, range: state.positions.range(span) };
}

function speakerText(state: ScriptState, label: string, m: Markup): string {
  const member = state.analysis.cast.get(label);
  if (!member) return `${m.bold(label)} has no voice: the label is not in the cast (the title page's ${m.code("Cast")} or podc.json).`;
  const head = `${m.bold(label)} speaks with the voice ${m.bold(member.voice)}.`;
  if (member.from === "config") return `${head}\n\nCast in podc.json${state.loaded.path ? ` (${m.code(state.loaded.path)})` : ""}.`;
  const line = member.labelSpan ? `, line ${member.labelSpan.start.line}` : "";
  const projectVoice = state.loaded.config.cast[label];
  const overrides = projectVoice === undefined ? "" : ` It overrides podc.json, which gives ${label} the voice ${projectVoice}.`;
  return `${head}\n\nCast in this script's title page${line}.${overrides}`;
}

/** The song's request in numbers: characters of lyrics and style against their limits, and the model and its source. */
function songText(state: ScriptState, song: Song, m: Markup): string {
  const { config } = state.loaded;
  const name = song.title.text === "" ? "SONG" : `SONG: ${song.title.text}`;
  const lyrics = codePointLength(lyricsText(song));
  const prompt = codePointLength(stylePrompt(songHeader(song, "style") ?? ""));
  const titleModel = titlePageValue(state.analysis.script, "model");
  const { model, source: from } = songModelChoice(song, titleModel, config.model);
  const source = {
    song: "this song's Model header",
    titlePage: "the title page's Model",
    config: state.loaded.path ? "podc.json's model" : "the default",
    default: "the default",
  }[from];
  const lines = [
    `${m.bold(name)} — one song request`,
    "",
    `- lyrics: ${lyrics} of ${config.limits.lyricsChars} characters${lyrics > config.limits.lyricsChars ? " — too long" : ""}`,
    `- style prompt: ${prompt} of ${config.limits.promptChars} characters${prompt > config.limits.promptChars ? " — too long" : ""}`,
    `- model: ${m.code(model)}, from ${source}`,
  ];
  if (isBedSong(song)) lines.push(`- played as a bed (${m.code("Play: bed")}): under the speech after it`);
  if (prompt === 0 || !hasLyricLines(song)) lines.push("", `Not sent until it has ${prompt === 0 ? "a Style" : "a lyric line"}.`);
  return lines.join("\n");
}

function bedText(m: Markup): string {
  return [
    `${m.bold("A song bed.")} The song is paid for as any song (the same request), and played under what is said or sung after it,`,
    `to ${m.code("BED out")}, the next bed or the end of its section: faded in and out, and dipped under the voices.`,
    "It takes no place of its own in the episode, and the transcript leaves its lyrics out.",
  ].join(" ");
}

function markerText(marker: Marker, m: Markup): string {
  return marker.canonical === null
    ? `Unknown section name: the marker is sent as written, ${m.code(markerLine(marker))}.`
    : `Section marker, sent as ${m.code(markerLine(marker))}.`;
}
