import { createToken, Lexer, type IToken, type TokenType } from "chevrotain";
import type { BodyKind, LineInfo, SongKind, TitleKind } from "./lines.js";

// Every token is one whole line, terminator included, classified once in the lexer's mode (lines.ts).
// The token types exist for the grammar; no pattern of theirs is ever run (Lexer.NA), since the lexer is ours: a line's
// kind decides its token type, so there is nothing for a pattern matcher to try.

/** A token: the line it stands for, as classified, which is the token itself (lines.ts makes lines token-shaped). */
export interface LineToken extends IToken, LineInfo<string> {}

function lineToken(name: string, categories?: TokenType[]): TokenType {
  return createToken({ name, pattern: Lexer.NA, ...(categories ? { categories } : {}) });
}

/** The line a token stands for. */
export function lineOf(token: IToken): LineInfo<string> {
  return token as LineToken;
}

// Title page.
export const TitleEnd = lineToken("TitleEnd");
export const TitleEntry = lineToken("TitleEntry");
export const TitleIndent = lineToken("TitleIndent");
export const TitleBad = lineToken("TitleBad");

// Body.
export const Blank = lineToken("Blank");
export const Heading = lineToken("Heading");
export const Direction = lineToken("Direction");
export const SongOpen = lineToken("SongOpen");
export const StrayEndSong = lineToken("StrayEndSong");
export const Include = lineToken("Include");
export const LabelLine = lineToken("LabelLine");
export const Cue = lineToken("Cue");
export const Paren = lineToken("Paren");
export const Text = lineToken("Text");
export const Sound = lineToken("Sound");

// Song block. A heading or another SONG: inside a song means END SONG was forgotten: the heading leaves the song
// mode, and both reach the parser as the body tokens they would be (token categories), which closes the song there.
export const SongBlank = lineToken("SongBlank");
export const SongClose = lineToken("SongClose");
const SongHeading = lineToken("SongHeading", [Heading]);
const SongOpenAgain = lineToken("SongOpenAgain", [SongOpen]);
export const Marker = lineToken("Marker");
export const KeyValue = lineToken("KeyValue");
export const Lyric = lineToken("Lyric");

export type Mode = "title" | "body" | "song";

/** What a line of a kind is in a mode: its token (none: the line is skipped, as nothing but trivia) and the next mode. */
export interface Step {
  token: TokenType | undefined;
  next: Mode;
}

const step = (token: TokenType | undefined, next: Mode): Step => ({ token, next });

/** The lexer's modes (lines.ts): title page, body and song block, each reading the kinds a line is classified into. */
export const MODES: { title: Record<TitleKind, Step>; body: Record<BodyKind, Step>; song: Record<SongKind, Step> } = {
  title: {
    entry: step(TitleEntry, "title"),
    indent: step(TitleIndent, "title"),
    hidden: step(undefined, "title"),
    blank: step(TitleEnd, "body"),
    bad: step(TitleBad, "title"),
  },
  body: {
    label: step(LabelLine, "body"),
    blank: step(Blank, "body"),
    text: step(Text, "body"),
    sound: step(Sound, "body"),
    cue: step(Cue, "body"),
    paren: step(Paren, "body"),
    hidden: step(undefined, "body"),
    heading: step(Heading, "body"),
    direction: step(Direction, "body"),
    songOpen: step(SongOpen, "song"),
    songEnd: step(StrayEndSong, "body"),
    include: step(Include, "body"),
  },
  song: {
    lyric: step(Lyric, "song"),
    blank: step(SongBlank, "song"),
    marker: step(Marker, "song"),
    keyValue: step(KeyValue, "song"),
    songEnd: step(SongClose, "body"),
    hidden: step(undefined, "song"),
    heading: step(SongHeading, "body"),
    songOpen: step(SongOpenAgain, "song"),
  },
};

// The parser's token vocabulary, in the order the token types were defined.
export const allTokens: TokenType[] = [
  TitleEnd,
  TitleEntry,
  TitleIndent,
  TitleBad,
  Blank,
  Heading,
  Direction,
  SongOpen,
  StrayEndSong,
  Include,
  LabelLine,
  Cue,
  Paren,
  Text,
  Sound,
  SongBlank,
  SongClose,
  SongHeading,
  SongOpenAgain,
  Marker,
  KeyValue,
  Lyric,
];
