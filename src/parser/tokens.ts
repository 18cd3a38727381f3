import { createToken, Lexer, type TokenType } from "chevrotain";
import {
  classifyBody,
  classifySong,
  classifyTitle,
  type BodyKind,
  type LineInfo,
  type SongKind,
  type TitleKind,
} from "./line-kinds.js";

// Every token is one whole line, terminator included; its payload is the line's LineInfo. A line is classified once
// per mode (the memo below), then each token type of the mode only compares kinds: lexing stays linear.

type Classifier<K extends string> = (text: string, start: number) => LineInfo<K>;

function memo<K extends string>(classify: Classifier<K>): Classifier<K> {
  let lastText = "";
  let lastStart = -1;
  let last: LineInfo<K> | undefined;
  return (text, start) => {
    if (start !== lastStart || text !== lastText || last === undefined) {
      last = classify(text, start);
      lastText = text;
      lastStart = start;
    }
    return last;
  };
}

const body = memo(classifyBody);
const title = memo(classifyTitle);
const song = memo(classifySong);

function lineToken<K extends string>(
  name: string,
  classify: Classifier<K>,
  kind: K,
  extra: Partial<Parameters<typeof createToken>[0]> & { when?: (tokensSoFar: number) => boolean } = {},
): TokenType {
  const { when, ...config } = extra;
  return createToken({
    name,
    line_breaks: true,
    pattern: {
      exec: (text, offset, tokens) => {
        const line = classify(text, offset);
        if (line.kind !== kind || (when && !when(tokens.length))) return null;
        const match = [text.slice(offset, line.end)] as [string] & { payload?: unknown };
        match.payload = line;
        return match;
      },
    },
    ...config,
  });
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

export const lexerDefinition = {
  modes: {
    title: [TitleHidden, TitleLeadingBlank, TitleEnd, TitleEntry, TitleIndent, TitleBad],
    body: [Hidden, Blank, Heading, Direction, SongOpen, StrayEndSong, LabelLine, Cue, Paren, Text],
    song: [SongHidden, SongBlank, SongClose, SongHeading, SongOpenAgain, Marker, KeyValue, Lyric],
  },
  defaultMode: "body",
};

export const allTokens: TokenType[] = [
  ...lexerDefinition.modes.title,
  ...lexerDefinition.modes.body,
  ...lexerDefinition.modes.song,
];
