import type { Config } from "../config/schema.js";
import { hasErrors, sortDiagnostics, type Diagnostic } from "../diagnostics/diagnostic.js";
import { parse } from "../parser/parse.js";
import type { SourceText } from "../source/source-text.js";
import { fdxToFountain } from "./fdx.js";
import { podText, type PodText } from "./pod-text.js";

// `podc import`: a Fountain screenplay or a Final Draft document, written as a .pod script. The library's one entry for
// it; the command line only reads and writes files.

export interface Imported {
  /** The .pod script; absent when the input has errors (diagnostics says which). */
  text?: string;
  cast: PodText["cast"];
  /** What reading the input found, with spans into `source` (the Fountain text, or the .fdx's XML). */
  diagnostics: Diagnostic[];
  source: SourceText;
}

/** Converts a `.fountain` or `.fdx` file's bytes (told apart by `file`'s extension) to .pod text. Never throws. */
export function importScreenplay(bytes: Uint8Array, file: string, config: Config): Imported {
  let input: Uint8Array | string = bytes;
  if (/\.fdx$/i.test(file)) {
    if (bytes.byteLength > config.limits.fileBytes) {
      // parse() reports the size in the same words as for any script.
      return fromFountain(parse(bytes, { maxBytes: config.limits.fileBytes, dialect: "fountain" }), config);
    }
    const read = fdxToFountain(bytes);
    if (read.fountain === undefined) return { cast: [], diagnostics: read.diagnostics, source: read.source };
    input = read.fountain;
  }
  return fromFountain(parse(input, { maxBytes: config.limits.fileBytes, dialect: "fountain" }), config);
}

function fromFountain(parsed: ReturnType<typeof parse>, config: Config): Imported {
  const diagnostics = sortDiagnostics(parsed.diagnostics);
  if (hasErrors(diagnostics)) return { cast: [], diagnostics, source: parsed.source };
  const pod = podText(parsed.script, parsed.source, { voices: config.voices, cast: config.cast });
  return { text: pod.text, cast: pod.cast, diagnostics, source: parsed.source };
}
