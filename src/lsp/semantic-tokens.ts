import type { Connection, Range, SemanticTokens, SemanticTokensLegend } from "vscode-languageserver";
import { walk } from "../ast/walk.js";
import type { Span } from "../source/span.js";
import type { ScriptState, Scripts } from "./documents.js";
import { lineText } from "./positions.js";

// Colouring from the tree itself, for every editor that reads semantic tokens (Neovim, Helix, Vim with a client,
// VS Code over its TextMate colouring): what is coloured a speaker is exactly what the parser reads as one. Each kind
// of element maps to a standard token type, so any colour theme tells them apart without knowing this language:
// speakers, voices, directions, parentheticals, lyrics, markers, headings and notes each look different, and the
// spoken words keep the plain text colour. Notes and boneyards win where they sit inside another element's line.

const TYPES = [
  "namespace", // section heading
  "class", // speaker label
  "enumMember", // voice in the Cast
  "modifier", // cue extension (V.O.)
  "parameter", // parenthetical
  "macro", // direction
  "comment", // note, boneyard
  "keyword", // SONG, END SONG; SFX, BED, BED out, STING
  "event", // song title
  "property", // title-page key, song header key
  "string", // title-page value, song header value, lyric line
  "decorator", // section marker
] as const;
type TokenType = (typeof TYPES)[number];

/** The token types and modifiers the server uses, in the order their indexes refer to. */
export const SEMANTIC_TOKENS_LEGEND: SemanticTokensLegend = { tokenTypes: [...TYPES], tokenModifiers: [] };

/** Answers semanticTokens/full and semanticTokens/range requests. */
export function addSemanticTokensHandler(connection: Connection, scripts: Scripts): void {
  connection.languages.semanticTokens.on((params) => {
    const state = scripts.get(params.textDocument.uri);
    return state ? semanticTokens(state) : { data: [] };
  });
  connection.languages.semanticTokens.onRange((params) => {
    const state = scripts.get(params.textDocument.uri);
    return state ? semanticTokens(state, params.range) : { data: [] };
  });
}

interface Token {
  line: number;
  start: number;
  end: number;
  type: number;
}

/** The script's tokens (those on the lines of `range`, when given), encoded as the protocol says. */
function semanticTokens(state: ScriptState, range?: Range): SemanticTokens {
  const byLine = new Map<number, { tokens: Token[]; trivia: Token[] }>();
  const first = range?.start.line ?? 0;
  const last = range?.end.line ?? Number.MAX_SAFE_INTEGER;
  const add = (span: Span, type: TokenType, trivia = false) => {
    const { start, end } = state.positions.range(span);
    if (end.line < first || start.line > last) return;
    for (let line = Math.max(start.line, first); line <= Math.min(end.line, last); line++) {
      const from = line === start.line ? start.character : 0;
      const to = line === end.line ? end.character : lineText(state.document, line).length;
      if (to <= from) continue;
      let entry = byLine.get(line);
      if (!entry) byLine.set(line, (entry = { tokens: [], trivia: [] }));
      (trivia ? entry.trivia : entry.tokens).push({ line, start: from, end: to, type: TYPES.indexOf(type) });
    }
  };

  const script = state.analysis.script;
  for (const boneyard of script.boneyards) add(boneyard.span, "comment", true);
  walk(script, [
    {
      TitleEntry: (entry) => {
        add(entry.key.span, "property");
        if (!entry.cast) add(entry.value.span, "string");
      },
      CastEntry: (member) => {
        add(member.label.span, "class");
        add(member.voice.span, "enumMember");
      },
      Section: (section) => add(section.span, "namespace"),
      Speech: (speech) => {
        add(speech.speaker.span, "class");
        if (speech.extension) add(speech.extension.span, "modifier");
      },
      Parenthetical: (part) => add(part.span, "parameter"),
      Direction: (direction) => add(direction.span, "macro"),
      Sound: (sound) => {
        // The keyword (SFX, BED, STING) as a keyword; the file as a string; `out` after BED as part of the keyword.
        const start = sound.span.start.offset;
        add(state.analysis.source.span(start, start + sound.keyword.length), "keyword");
        if (sound.file) add(sound.file.span, "string");
        else add(state.analysis.source.span(start, sound.span.end.offset), "keyword");
      },
      Note: (note) => add(note.span, "comment", true),
      Song: (song) => {
        // `SONG` is what stands before the colon of the opening line.
        const text = state.analysis.source.text;
        let colon = song.span.start.offset;
        while (colon < song.title.span.start.offset && text[colon] !== ":" && text[colon] !== "：") colon++;
        add(state.analysis.source.span(song.span.start.offset, colon), "keyword");
        add(song.title.span, "event");
        if (song.end) add(song.end, "keyword");
      },
      SongHeader: (header) => {
        add(header.key.span, "property");
        add(header.value.span, "string");
      },
      Marker: (marker) => add(marker.span, "decorator"),
      Lyric: (lyric) => add(lyric.span, "string"),
    },
  ]);

  const data: number[] = [];
  let previousLine = 0;
  let previousStart = 0;
  for (const line of [...byLine.keys()].sort((a, b) => a - b)) {
    const { tokens, trivia } = byLine.get(line)!;
    for (const token of withTrivia(tokens, trivia)) {
      const deltaLine = token.line - previousLine;
      data.push(deltaLine, deltaLine === 0 ? token.start - previousStart : token.start, token.end - token.start, token.type, 0);
      previousLine = token.line;
      previousStart = token.start;
    }
  }
  return { data };
}

/** One line's tokens in order, cut where a note or boneyard sits inside them (the trivia is coloured as itself). */
function withTrivia(tokens: Token[], trivia: Token[]): Token[] {
  const out: Token[] = [...trivia];
  for (const token of tokens) {
    let pieces = [token];
    for (const t of trivia) {
      pieces = pieces.flatMap((p) => {
        if (t.end <= p.start || t.start >= p.end) return [p];
        const cut: Token[] = [];
        if (t.start > p.start) cut.push({ ...p, end: t.start });
        if (t.end < p.end) cut.push({ ...p, start: t.end });
        return cut;
      });
    }
    out.push(...pieces);
  }
  // Nothing of the tree overlaps anything else on a line but trivia, so after the cuts the order is the order of starts.
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}
