import type { Script } from "../ast/nodes.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { diagnostic } from "../diagnostics/report.js";
import { decode, inspect, type Decoded } from "./decode.js";
import { SourceText } from "../source/source-text.js";
import { TreeBuilder } from "./build-tree.js";
import type { Dialect } from "./dialect.js";
import { readFountain } from "./fountain/read-fountain.js";
import { lineTokens, cutTrivia, visibleLineStarts } from "./lines.js";
import { EmbeddedActionsParser, type IOrAlt, type IToken } from "chevrotain";
import {
  allTokens,
  Blank,
  Cue,
  Direction,
  Heading,
  Include,
  KeyValue,
  LabelLine,
  Lyric,
  Marker,
  Paren,
  SongBlank,
  SongClose,
  SongOpen,
  Sound,
  StrayEndSong,
  Text,
  TitleBad,
  TitleEnd,
  TitleEntry,
  TitleIndent,
} from "./tokens.js";

export interface ParseResult {
  script: Script;
  source: SourceText;
  diagnostics: Diagnostic[];
}

export interface ParseOptions {
  /** Largest input, in bytes (UTF-8), that is parsed; a larger one is a single diagnostic. */
  maxBytes?: number;
  /** Speaker labels the project casts, so a mis-capitalised one inside a speech is known for what it is. */
  projectLabels?: ReadonlySet<string>;
  /** Which language the text is in: a .pod script (the default) or a Fountain screenplay (dialectOf). */
  dialect?: Dialect;
}

/** What a script is read from: bytes from a file, text from an editor buffer, or a file's bytes already decoded (decode). */
export type ScriptInput = string | Uint8Array | Decoded;

/**
 * Parses a script — bytes from a file, or text from an editor buffer — into its tree. Never throws on any input:
 * every problem is a diagnostic. Decoding's diagnostics come first, then the tree's, then those of trivia and of the
 * script as a whole.
 */
export function parse(input: ScriptInput, options: ParseOptions = {}): ParseResult {
  const size = typeof input === "string" ? Buffer.byteLength(input, "utf8") : input instanceof Uint8Array ? input.byteLength : (input.bytes ?? 0);
  if (options.maxBytes !== undefined && size > options.maxBytes) return tooLarge(size, options.maxBytes);
  const { source, diagnostics } = typeof input === "string" ? inspect(input) : input instanceof Uint8Array ? decode(input) : input;
  if (options.dialect === "fountain") {
    const read = readFountain(source, (songs) => parse(songs, { projectLabels: options.projectLabels ?? new Set() }));
    for (const d of read.diagnostics) diagnostics.push(d);
    if (read.script.body.length === 0 && !read.script.titlePage && diagnostics.length === 0) {
      diagnostics.push(diagnostic("POD0005", source.span(0, 0), {}));
    }
    return { script: read.script, source, diagnostics };
  }
  const text = source.text;
  const trivia = cutTrivia(text);
  const builder = new TreeBuilder(source, trivia.masked, options.projectLabels ?? new Set(), trivia.ranges);
  const errors = parseLines(lineTokens(trivia.masked, visibleLineStarts(source.lineStarts, trivia.ranges)), builder);
  const built = builder.finish();
  for (const d of built.diagnostics) diagnostics.push(d);
  for (const offset of trivia.strayCloses) {
    diagnostics.push(
      diagnostic(
        "POD0103",
        source.span(offset, offset + 2),
        {},
        {
          help: "a boneyard opens with /*; remove this */ or add the opening",
          fixes: [{ title: "Remove this */", span: source.span(offset, offset + 2), replacement: "" }],
        },
      ),
    );
  }
  for (const error of errors) {
    // The grammar accepts every line sequence, so this is unreachable; it is kept as a diagnostic, not a crash.
    const start = Number.isFinite(error.token.startOffset) ? error.token.startOffset : text.length;
    diagnostics.push(diagnostic("POD0110", source.span(start, Math.max(start, (error.token.endOffset ?? start) + 1)), { grammar: true }));
  }
  const script: Script = { type: "Script", span: source.span(0, text.length), body: builder.take(), boneyards: built.script.boneyards };
  if (builder.page) script.titlePage = builder.page;
  if (script.body.length === 0 && !script.titlePage && diagnostics.length === 0) {
    diagnostics.push(diagnostic("POD0005", source.span(0, 0), {}));
  }
  return { script, source, diagnostics };
}

function tooLarge(size: number, max: number): ParseResult {
  const source = new SourceText("");
  const span = source.span(0, 0);
  return {
    source,
    script: { type: "Script", span, body: [], boneyards: [] },
    diagnostics: [
      diagnostic(
        "POD0004",
        span,
        { size, max },
        {
          help: "split the episode into several scripts, or raise limits.fileBytes in podc.json",
        },
      ),
    ],
  };
}

/**
 * What the grammar recognises, one call per production, in source order, with the line tokens that make it up. The
 * grammar says which lines form which element; what an element means is the tree builder's (build-tree.ts), which
 * implements this. An editor can implement it too, to get the same elements from the same grammar.
 */
export interface ScriptActions {
  titlePage(lines: readonly IToken[]): void;
  blank(line: IToken): void;
  heading(line: IToken): void;
  direction(line: IToken): void;
  sound(line: IToken): void;
  strayEndSong(line: IToken): void;
  include(line: IToken): void;
  speech(head: IToken, continuation: readonly IToken[]): void;
  stray(head: IToken, continuation: readonly IToken[]): void;
  song(lines: readonly IToken[]): void;
}

const NONE: readonly IToken[] = Object.freeze([]);

const IGNORE: ScriptActions = {
  titlePage() {},
  blank() {},
  heading() {},
  direction() {},
  sound() {},
  strayEndSong() {},
  include() {},
  speech() {},
  stray() {},
  song() {},
};

/**
 * The grammar over line tokens, as in grammar/pod.ebnf. It accepts every sequence of lines the lexer produces — what
 * is not an element becomes a `stray` run — so it needs no error recovery (which is off: it costs on every token).
 *
 * Embedded actions, not a CstParser with a visitor: each rule hands its tokens to a ScriptActions as soon as it is
 * recognised (except while chevrotain records the grammar, RECORDING_PHASE), so grammar and meaning stay apart as with
 * a visitor, without a concrete syntax tree built only to be walked once; the same rules still give the railroad
 * diagrams (scripts/diagrams.ts).
 */
class PodGrammar extends EmbeddedActionsParser {
  /** Receives what the current parse recognises. */
  actions: ScriptActions = IGNORE;

  constructor() {
    super(allTokens, { recoveryEnabled: false, skipValidations: true });
    this.performSelfAnalysis();
  }

  // script = [ titlePage ] , { bodyItem } ;
  // bodyItem and continuation are alternations written in place, not rules of their own; the diagrams show them inline.
  script = this.RULE("script", () => {
    this.OPTION(() => this.SUBRULE(this.titlePage));
    this.MANY(() => this.OR(this.bodyItems));
  });

  // titlePage = titleLine , { titleLine } , [ blank ] ;  titleLine = entry | indented | bad ;
  titlePage = this.RULE("titlePage", () => {
    const lines: IToken[] = [];
    this.AT_LEAST_ONE(() => lines.push(this.OR(this.titleLine)));
    this.OPTION(() => lines.push(this.CONSUME(TitleEnd)));
    if (!this.RECORDING_PHASE) this.actions.titlePage(lines);
  });

  private readonly titleLine: IOrAlt<IToken>[] = [
    { ALT: () => this.CONSUME(TitleEntry) },
    { ALT: () => this.CONSUME(TitleIndent) },
    { ALT: () => this.CONSUME(TitleBad) },
  ];

  // bodyItem = blank | heading | direction | sound | include | song | speech | stray | strayEndSong ;
  private readonly bodyItems: IOrAlt<void>[] = [
    {
      ALT: () => {
        const line = this.CONSUME(Blank);
        if (!this.RECORDING_PHASE) this.actions.blank(line);
      },
    },
    {
      ALT: () => {
        const line = this.CONSUME(Heading);
        if (!this.RECORDING_PHASE) this.actions.heading(line);
      },
    },
    {
      ALT: () => {
        const line = this.CONSUME(Direction);
        if (!this.RECORDING_PHASE) this.actions.direction(line);
      },
    },
    {
      ALT: () => {
        const line = this.CONSUME(Sound);
        if (!this.RECORDING_PHASE) this.actions.sound(line);
      },
    },
    {
      ALT: () => {
        const line = this.CONSUME(Include);
        if (!this.RECORDING_PHASE) this.actions.include(line);
      },
    },
    { ALT: () => this.SUBRULE(this.song) },
    { ALT: () => this.SUBRULE(this.speech) },
    { ALT: () => this.SUBRULE(this.stray) },
    {
      ALT: () => {
        const line = this.CONSUME(StrayEndSong);
        if (!this.RECORDING_PHASE) this.actions.strayEndSong(line);
      },
    },
  ];

  /** The continuation lines of the speech or stray being read (neither holds the other), once it has one. */
  private more: IToken[] | undefined;

  private readonly continuations = (): void => {
    const line = this.OR2(this.continuationLine);
    if (this.more) this.more.push(line);
    else this.more = [line];
  };

  /** Reads the continuation lines under a speech's or stray's first line. */
  private readContinuations(): readonly IToken[] {
    this.more = undefined;
    this.MANY(this.continuations);
    const more = this.more ?? NONE;
    this.more = undefined;
    return more;
  }

  // speech = ( labelLine | cue ) , { continuation } ;
  speech = this.RULE("speech", () => {
    const head = this.OR(this.speechHead);
    const more = this.readContinuations();
    if (!this.RECORDING_PHASE) this.actions.speech(head, more);
  });

  private readonly speechHead: IOrAlt<IToken>[] = [{ ALT: () => this.CONSUME(LabelLine) }, { ALT: () => this.CONSUME(Cue) }];

  // stray = ( text | paren ) , { continuation } ;
  stray = this.RULE("stray", () => {
    const head = this.OR(this.strayHead);
    const more = this.readContinuations();
    if (!this.RECORDING_PHASE) this.actions.stray(head, more);
  });

  private readonly strayHead: IOrAlt<IToken>[] = [{ ALT: () => this.CONSUME(Text) }, { ALT: () => this.CONSUME(Paren) }];

  // continuation = text | paren | cue | sound ;  (any line but a blank, a label line, a heading, a direction or a song:
  // a heading or direction right under a speech ends it, so it is never spoken; a sound cue's line there stays what it
  // was before cues existed, a line of the speech, and the tree builder warns of it). Numbered 2 in both rules that read it,
  // apart from their heads' OR and CONSUME of the same tokens.
  private readonly continuationLine: IOrAlt<IToken>[] = [
    { ALT: () => this.CONSUME2(Text) },
    { ALT: () => this.CONSUME2(Paren) },
    { ALT: () => this.CONSUME2(Cue) },
    { ALT: () => this.CONSUME2(Sound) },
  ];

  // song = songOpen , { songBlank | marker | keyValue | lyric } , [ endSong ] ;
  song = this.RULE("song", () => {
    const lines = [this.CONSUME(SongOpen)];
    this.MANY(() => lines.push(this.OR(this.songLine)));
    this.OPTION(() => lines.push(this.CONSUME(SongClose)));
    if (!this.RECORDING_PHASE) this.actions.song(lines);
  });

  private readonly songLine: IOrAlt<IToken>[] = [
    { ALT: () => this.CONSUME(SongBlank) },
    { ALT: () => this.CONSUME(Marker) },
    { ALT: () => this.CONSUME(KeyValue) },
    { ALT: () => this.CONSUME(Lyric) },
  ];
}

let grammar: PodGrammar | undefined;

/** The shared parser instance (building one runs chevrotain's grammar analysis, so it is done once). */
export function podGrammar(): PodGrammar {
  grammar ??= new PodGrammar();
  return grammar;
}

/** A sequence of lines the grammar could not read; unreachable, as the grammar accepts every sequence of lines. */
export interface GrammarError {
  token: IToken;
  message: string;
}

/** Parses line tokens, handing each element recognised to `actions`; returns what could not be read. */
function parseLines(tokens: IToken[], actions: ScriptActions): GrammarError[] {
  const parser = podGrammar();
  parser.input = tokens;
  parser.actions = actions;
  try {
    parser.script();
    return parser.errors.map((e) => ({ token: e.token, message: e.message }));
  } finally {
    // The parser is shared: let go of this script's tokens and builder.
    parser.actions = IGNORE;
    parser.input = [];
  }
}
