import { CstParser, type CstNode, type IToken } from "chevrotain";
import {
  allTokens,
  Blank,
  Cue,
  Direction,
  Heading,
  KeyValue,
  LabelLine,
  Lyric,
  Marker,
  Paren,
  SongBlank,
  SongClose,
  SongOpen,
  StrayEndSong,
  Text,
  TitleBad,
  TitleEnd,
  TitleEntry,
  TitleIndent,
} from "./tokens.js";

/**
 * The grammar over line tokens, as in grammar/pod.ebnf. It accepts every sequence of lines — what is not an
 * element becomes a `stray` run — so recovery never cascades; the tree builder turns strays into diagnostics.
 */
export class PodGrammar extends CstParser {
  constructor() {
    super(allTokens, { recoveryEnabled: true, skipValidations: true });
    this.performSelfAnalysis();
  }

  // script = [ titlePage ] , { bodyItem } ;
  script = this.RULE("script", () => {
    this.OPTION(() => this.SUBRULE(this.titlePage));
    this.MANY(() => this.SUBRULE(this.bodyItem));
  });

  // titlePage = titleLine , { titleLine } , [ blank ] ;  titleLine = entry | indented | bad ;
  titlePage = this.RULE("titlePage", () => {
    this.AT_LEAST_ONE(() =>
      this.OR([
        { ALT: () => this.CONSUME(TitleEntry) },
        { ALT: () => this.CONSUME(TitleIndent) },
        { ALT: () => this.CONSUME(TitleBad) },
      ]),
    );
    this.OPTION(() => this.CONSUME(TitleEnd));
  });

  // bodyItem = blank | heading | direction | song | speech | stray | strayEndSong ;
  bodyItem = this.RULE("bodyItem", () => {
    this.OR([
      { ALT: () => this.CONSUME(Blank) },
      { ALT: () => this.CONSUME(Heading) },
      { ALT: () => this.CONSUME(Direction) },
      { ALT: () => this.SUBRULE(this.song) },
      { ALT: () => this.SUBRULE(this.speech) },
      { ALT: () => this.SUBRULE(this.stray) },
      { ALT: () => this.CONSUME(StrayEndSong) },
    ]);
  });

  // speech = ( labelLine | cue ) , { continuation } ;
  speech = this.RULE("speech", () => {
    this.OR([{ ALT: () => this.CONSUME(LabelLine) }, { ALT: () => this.CONSUME(Cue) }]);
    this.MANY(() => this.SUBRULE(this.continuation));
  });

  // stray = ( text | paren ) , { continuation } ;
  stray = this.RULE("stray", () => {
    this.OR([{ ALT: () => this.CONSUME(Text) }, { ALT: () => this.CONSUME(Paren) }]);
    this.MANY(() => this.SUBRULE(this.continuation));
  });

  // continuation = text | paren | cue | heading | direction ;  (any line but a blank, a label line or a song)
  continuation = this.RULE("continuation", () => {
    this.OR([
      { ALT: () => this.CONSUME(Text) },
      { ALT: () => this.CONSUME(Paren) },
      { ALT: () => this.CONSUME(Cue) },
      { ALT: () => this.CONSUME(Heading) },
      { ALT: () => this.CONSUME(Direction) },
    ]);
  });

  // song = songOpen , { songBlank | marker | keyValue | lyric } , [ endSong ] ;
  song = this.RULE("song", () => {
    this.CONSUME(SongOpen);
    this.MANY(() =>
      this.OR([
        { ALT: () => this.CONSUME(SongBlank) },
        { ALT: () => this.CONSUME(Marker) },
        { ALT: () => this.CONSUME(KeyValue) },
        { ALT: () => this.CONSUME(Lyric) },
      ]),
    );
    this.OPTION(() => this.CONSUME(SongClose));
  });
}

let grammar: PodGrammar | undefined;

/** The shared parser instance (building one runs chevrotain's grammar analysis, so it is done once). */
export function podGrammar(): PodGrammar {
  grammar ??= new PodGrammar();
  return grammar;
}

export interface CstResult {
  cst: CstNode;
  errors: { token: IToken; message: string }[];
}

/** Parses line tokens into a concrete syntax tree. */
export function parseTokens(tokens: IToken[]): CstResult {
  const parser = podGrammar();
  parser.input = tokens;
  const cst = parser.script();
  return { cst, errors: parser.errors.map((e) => ({ token: e.token, message: e.message })) };
}
