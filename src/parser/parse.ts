import type { Script } from "../ast/nodes.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { diagnostic } from "../diagnostics/report.js";
import { decode, inspect } from "./decode.js";
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
 * Parses a script — bytes from a file, or text from an editor buffer — into its tree. Never throws on any input:
 * every problem is a diagnostic.
 */
export function parse(input: string | Uint8Array, options: ParseOptions = {}): ParseResult {
  const size = typeof input === "string" ? Buffer.byteLength(input, "utf8") : input.byteLength;
  if (options.maxBytes !== undefined && size > options.maxBytes) return tooLarge(size, options.maxBytes);
  const { source, diagnostics } = typeof input === "string" ? inspect(input) : decode(input);
  if (options.dialect === "fountain") {
    const read = readFountain(source, (songs) => parse(songs, { projectLabels: options.projectLabels ?? new Set() }));
    for (const d of read.diagnostics) diagnostics.push(d);
    if (read.script.body.length === 0 && !read.script.titlePage && diagnostics.length === 0) {
      diagnostics.push(diagnostic("POD0005", source.span(0, 0), "the script is empty: there is nothing to compile"));
    }
    return { script: read.script, source, diagnostics };
  }
  const text = source.text;
  const trivia = cutTrivia(text);
  const builder = new TreeBuilder(source, trivia.masked, options.projectLabels ?? new Set());
  const errors: GrammarError[] = [];
  for (const tokens of lineTokens(trivia.masked, visibleLineStarts(source.lineStarts, trivia.ranges))) for (const error of parseLines(tokens, builder)) errors.push(error);
  const built = builder.finish(trivia.ranges);
  for (const d of built.diagnostics) diagnostics.push(d);
  for (const offset of trivia.strayCloses) {
    diagnostics.push(
      diagnostic("POD0103", source.span(offset, offset + 2), "*/ closes no boneyard", {
        help: "a boneyard opens with /*; remove this */ or add the opening",
        fixes: [{ title: "Remove this */", span: source.span(offset, offset + 2), replacement: "" }],
      }),
    );
  }
  for (const error of errors) {
    // The grammar accepts every line sequence, so this is unreachable; it is kept as a diagnostic, not a crash.
    const start = Number.isFinite(error.token.startOffset) ? error.token.startOffset : text.length;
    diagnostics.push(diagnostic("POD0110", source.span(start, start + error.token.image.length), "this line cannot be read here"));
  }
  if (built.script.body.length === 0 && !built.script.titlePage && diagnostics.length === 0) {
    diagnostics.push(diagnostic("POD0005", source.span(0, 0), "the script is empty: there is nothing to compile"));
  }
  return { script: built.script, source, diagnostics };
}

function tooLarge(size: number, max: number): ParseResult {
  const source = new SourceText("");
  const span = source.span(0, 0);
  return {
    source,
    script: { type: "Script", span, body: [], boneyards: [] },
    diagnostics: [
      diagnostic("POD0004", span, `the file is ${size} bytes, more than the ${max} bytes podc reads`, {
        help: "split the episode into several scripts, or raise limits.fileBytes in podc.json",
      }),
    ],
  };
}
