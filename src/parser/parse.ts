import type { BodyElement, Script } from "../ast/nodes.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { diagnostic } from "../diagnostics/report.js";
import { decode, inspect, type Decoded } from "./decode.js";
import { SourceText } from "../source/source-text.js";
import { TreeBuilder } from "./build-tree.js";
import type { Dialect } from "./dialect.js";
import { readFountain } from "./fountain/read-fountain.js";
import { parseLines, type GrammarError } from "./grammar.js";
import { lineTokens } from "./lexer.js";
import { cutTrivia, visibleLineStarts } from "./trivia.js";

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

/**
 * What a script is read from: bytes from a file, text from an editor buffer, or a file's bytes already decoded (so
 * that the caller need not hold the bytes while the script is parsed: see decodeScript in cli/workspace.ts).
 */
export type ScriptInput = string | Uint8Array | Decoded;

/**
 * Parses a script — bytes from a file, or text from an editor buffer — into its tree. Never throws on any input:
 * every problem is a diagnostic.
 */
export function parse(input: ScriptInput, options: ParseOptions = {}): ParseResult {
  const stream = parseStream(input, options);
  const body: BodyElement[] = [];
  for (const element of stream.elements()) body.push(element);
  const script = stream.script();
  script.body = body;
  return { script, source: stream.source, diagnostics: stream.diagnostics };
}

/** A parse handed out as it goes (parseStream). */
export interface ParseStream {
  source: SourceText;
  /**
   * Every diagnostic of the parse once elements() is done; before, those found so far. Decoding's come first, then the
   * tree's, then those of trivia and of the script as a whole.
   */
  diagnostics: Diagnostic[];
  /** The script without its body: its title page (read before the first element is handed out), its boneyards once elements() is done. */
  script(): Script;
  /** The body elements in source order, a chunk of lines at a time: none is held once handed out. */
  elements(): Generator<BodyElement>;
  /**
   * The same elements as elements(), as the arrays they are built in, one per chunk of lines: a long script's caller
   * then pays the generator's step per chunk, not per element (analyze). The arrays are the caller's.
   */
  chunks(): Generator<BodyElement[]>;
}

/** elements() from chunks(). */
function* elementsOf(chunks: Generator<BodyElement[]>): Generator<BodyElement> {
  for (const chunk of chunks) yield* chunk;
}

/**
 * Parses a script as parse() does, handing its body out element by element, so that a long script can be checked and
 * lowered without its whole tree in memory (analyze). The script's head is read first.
 */
export function parseStream(input: ScriptInput, options: ParseOptions = {}): ParseStream {
  const size = typeof input === "string" ? Buffer.byteLength(input, "utf8") : input instanceof Uint8Array ? input.byteLength : (input.bytes ?? 0);
  if (options.maxBytes !== undefined && size > options.maxBytes) return tooLarge(size, options.maxBytes);
  const { source, diagnostics } = typeof input === "string" ? inspect(input) : input instanceof Uint8Array ? decode(input) : input;
  if (options.dialect === "fountain") {
    const read = readFountain(source, (songs) => parse(songs, { projectLabels: options.projectLabels ?? new Set() }));
    for (const d of read.diagnostics) diagnostics.push(d);
    if (read.script.body.length === 0 && !read.script.titlePage && diagnostics.length === 0) {
      diagnostics.push(diagnostic("POD0005", source.span(0, 0), {}));
    }
    // A screenplay is read whole (Fountain reads in context, a line before and after), then handed out as a stream.
    const body = read.script.body;
    const head: Script = { ...read.script, body: [] };
    return {
      source,
      diagnostics,
      script: () => head,
      *elements() {
        yield* body;
      },
      *chunks() {
        yield body;
      },
    };
  }
  const text = source.text;
  const trivia = cutTrivia(text);
  const builder = new TreeBuilder(source, trivia.masked, options.projectLabels ?? new Set(), trivia.ranges);
  const errors: GrammarError[] = [];
  const lines = lineTokens(trivia.masked, visibleLineStarts(source.lineStarts, trivia.ranges));
  let head: Script | undefined;
  let ended: Script | undefined;
  let elements = 0;
  /** Parses the next chunk of lines; false at the end. */
  const next = (): boolean => {
    const chunk = lines.next();
    if (chunk.done) return false;
    for (const error of parseLines(chunk.value, builder)) errors.push(error);
    return true;
  };
  const end = (): Script => {
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
    return built.script;
  };
  const script = (): Script => {
    if (ended) return ended;
    if (!head) {
      // The title page is all in the first chunk (a chunk ends only at a blank line of the body).
      next();
      head = { type: "Script", span: source.span(0, text.length), body: [], boneyards: [] };
      if (builder.page) head.titlePage = builder.page;
    }
    return head;
  };
  function* chunks(): Generator<BodyElement[]> {
    script(); // reads the first chunk, if no one asked for the head before
    for (let more = true; more; more = next()) {
      const taken = builder.take();
      elements += taken.length;
      yield taken;
    }
    const built = end();
    const rest = builder.take();
    elements += rest.length;
    yield rest;
    ended = Object.assign(script(), { boneyards: built.boneyards });
    if (elements === 0 && !ended.titlePage && diagnostics.length === 0) {
      diagnostics.push(diagnostic("POD0005", source.span(0, 0), {}));
    }
  }
  return { source, diagnostics, script, chunks, elements: () => elementsOf(chunks()) };
}

function tooLarge(size: number, max: number): ParseStream {
  const source = new SourceText("");
  const span = source.span(0, 0);
  const script: Script = { type: "Script", span, body: [], boneyards: [] };
  return {
    source,
    script: () => script,
    *elements() {},
    *chunks() {},
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
