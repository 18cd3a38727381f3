import { createToken, Lexer, type IToken, type TokenType } from "chevrotain";
import {
  classifyBody,
  classifySong,
  classifyTitle,
  type BodyKind,
  LineEnds,
  type LabelMatch,
  type LineInfo,
  type SongKind,
  type TitleKind,
} from "./line-kinds.js";

// Every token is one whole line, terminator included. A line is classified once per mode (the memo below), then each
// token type of the mode only compares kinds: lexing stays linear. A token keeps only what its type and offsets do not
// already say: the speaker label found on the line, as its payload (lineOf rebuilds the rest), since there is a token
// for every line of the chunk being parsed (lexer.ts).

type Classifier<K extends string> = (text: string, start: number, contentEnd?: number) => LineInfo<K>;

// The whole text being lexed, where its lines end, and where in it the piece chevrotain is given starts: set by the
// lexer around each tokenize (token patterns are built once, and chevrotain hands them only its piece and an offset).
// Lines are classified in the whole text, so what a token carries is in the whole text's offsets.
let whole = "";
let base = 0;
let lineEnds: LineEnds | undefined;
const resets: (() => void)[] = [];

/**
 * Starts lexing the piece of `text` that starts at `pieceStart`, whose lines end where `ends` says: every line is then
 * classified at most once per mode.
 */
export function beginLexing(text: string, ends: LineEnds, pieceStart: number): void {
  for (const reset of resets) reset();
  whole = text;
  base = pieceStart;
  lineEnds = ends;
}

/** Ends lexing, letting go of the text. */
export function endLexing(): void {
  for (const reset of resets) reset();
  whole = "";
  base = 0;
  lineEnds = undefined;
}

function memo<K extends string>(classify: Classifier<K>): (start: number) => LineInfo<K> {
  let lastStart = -1;
  let last: LineInfo<K> | undefined;
  resets.push(() => {
    lastStart = -1;
    last = undefined;
  });
  return (start) => {
    if (start !== lastStart || last === undefined) {
      last = classify(whole, start, lineEnds!.contentEnd(start));
      lastStart = start;
    }
    return last;
  };
}

const body = memo(classifyBody);
const title = memo(classifyTitle);
const song = memo(classifySong);

const KINDS = new Map<TokenType, string>();

function lineToken<K extends string>(
  name: string,
  classify: (start: number) => LineInfo<K>,
  kind: K,
  extra: Partial<Parameters<typeof createToken>[0]> & { when?: (tokensSoFar: number) => boolean } = {},
): TokenType {
  const { when, ...config } = extra;
  const tokenType = createToken({
    name,
    line_breaks: true,
    pattern: {
      exec: (piece, offset, tokens) => {
        const line = classify(base + offset);
        if (line.kind !== kind || (when && !when(tokens.length))) return null;
        const match = [piece.slice(offset, offset + line.end - line.start)] as [string] & { payload?: unknown };
        const label = line.label ?? line.lowercaseLabel;
        if (label !== undefined) match.payload = label;
        return match;
      },
    },
    ...config,
  });
  KINDS.set(tokenType, kind);
  return tokenType;
}

/** The line a token stands for, rebuilt from its type, offsets and payload. */
export function lineOf(token: IToken): LineInfo<string> {
  const kind = KINDS.get(token.tokenType)!;
  const image = token.image;
  const start = token.startOffset;
  const end = start + image.length;
  let contentEnd = end;
  const last = image.charCodeAt(image.length - 1);
  if (last === 10) contentEnd = image.charCodeAt(image.length - 2) === 13 ? end - 2 : end - 1;
  else if (last === 13) contentEnd = end - 1;
  const payload = token.payload as LabelMatch | undefined;
  return kind === "text"
    ? { kind, start, contentEnd, end, label: undefined, lowercaseLabel: payload }
    : { kind, start, contentEnd, end, label: payload, lowercaseLabel: undefined };
}

// Title page.
export const TitleHidden = lineToken<TitleKind>("TitleHidden", title, "hidden", { group: Lexer.SKIPPED });
export const TitleLeadingBlank = lineToken<TitleKind>("TitleLeadingBlank", title, "blank", {
  group: Lexer.SKIPPED,
  when: (n) => n === 0,
});
export const TitleEnd = lineToken<TitleKind>("TitleEnd", title, "blank", { push_mode: "body" });
export const TitleEntry = lineToken<TitleKind>("TitleEntry", title, "entry");
export const TitleIndent = lineToken<TitleKind>("TitleIndent", title, "indent");
export const TitleBad = lineToken<TitleKind>("TitleBad", title, "bad");

// Body.
export const Hidden = lineToken<BodyKind>("Hidden", body, "hidden", { group: Lexer.SKIPPED });
export const Blank = lineToken<BodyKind>("Blank", body, "blank");
export const Heading = lineToken<BodyKind>("Heading", body, "heading");
export const Direction = lineToken<BodyKind>("Direction", body, "direction");
export const SongOpen = lineToken<BodyKind>("SongOpen", body, "songOpen", { push_mode: "song" });
export const StrayEndSong = lineToken<BodyKind>("StrayEndSong", body, "songEnd");
export const LabelLine = lineToken<BodyKind>("LabelLine", body, "label");
export const Cue = lineToken<BodyKind>("Cue", body, "cue");
export const Paren = lineToken<BodyKind>("Paren", body, "paren");
export const Text = lineToken<BodyKind>("Text", body, "text");

// Song block. A heading or another SONG: inside a song means END SONG was forgotten: the heading leaves the song
// mode, and both reach the parser as the body tokens they would be (token categories), which closes the song there.
export const SongHidden = lineToken<SongKind>("SongHidden", song, "hidden", { group: Lexer.SKIPPED });
export const SongBlank = lineToken<SongKind>("SongBlank", song, "blank");
export const SongClose = lineToken<SongKind>("SongClose", song, "songEnd", { pop_mode: true });
export const SongHeading = lineToken<SongKind>("SongHeading", song, "heading", {
  pop_mode: true,
  categories: [Heading],
});
export const SongOpenAgain = lineToken<SongKind>("SongOpenAgain", song, "songOpen", { categories: [SongOpen] });
export const Marker = lineToken<SongKind>("Marker", song, "marker");
export const KeyValue = lineToken<SongKind>("KeyValue", song, "keyValue");
export const Lyric = lineToken<SongKind>("Lyric", song, "lyric");

// Within a mode the kinds exclude one another, so the order of token types only decides how many are tried before the
// one that matches: the most frequent lines come first. (TitleLeadingBlank must stay before TitleEnd: both are blank.)
export const lexerDefinition = {
  modes: {
    title: [TitleEntry, TitleIndent, TitleHidden, TitleLeadingBlank, TitleEnd, TitleBad],
    body: [LabelLine, Blank, Text, Cue, Paren, Hidden, Heading, Direction, SongOpen, StrayEndSong],
    song: [Lyric, SongBlank, Marker, KeyValue, SongClose, SongHidden, SongHeading, SongOpenAgain],
  },
  defaultMode: "body",
};

// The parser's token vocabulary, in the order the token types were defined.
export const allTokens: TokenType[] = [
  TitleHidden,
  TitleLeadingBlank,
  TitleEnd,
  TitleEntry,
  TitleIndent,
  TitleBad,
  Hidden,
  Blank,
  Heading,
  Direction,
  SongOpen,
  StrayEndSong,
  LabelLine,
  Cue,
  Paren,
  Text,
  SongHidden,
  SongBlank,
  SongClose,
  SongHeading,
  SongOpenAgain,
  Marker,
  KeyValue,
  Lyric,
];
