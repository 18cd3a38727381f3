import type { Script } from "../ast/nodes.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { diagnostic } from "../diagnostics/report.js";
import { decode, inspect, type Decoded } from "./decode.js";
import { SourceText } from "../source/source-text.js";
import { TreeBuilder } from "./build-tree.js";
import type { Dialect } from "./dialect.js";
import { readFountain } from "./fountain/read-fountain.js";
import { parseLines } from "./grammar.js";
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
 * that the caller need not hold the bytes while the script is parsed: see decodeScript in workspace/workspace.ts).
 */
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
