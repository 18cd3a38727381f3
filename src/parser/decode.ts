import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { diagnostic } from "../diagnostics/report.js";
import { SourceText } from "../source/source-text.js";

export interface Decoded {
  source: SourceText;
  diagnostics: Diagnostic[];
  /** The input's length in bytes, when it was bytes (decode). */
  bytes?: number;
}

const MAX_REPORTS_PER_KIND = 10;
const fatalDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/**
 * Decodes a script's bytes as UTF-8, skipping a byte-order mark. Invalid bytes are errors (never silently
 * replaced); the returned text carries U+FFFD there only so that parsing can go on and report everything else.
 */
export function decode(bytes: Uint8Array): Decoded {
  const utf16 = utf16Order(bytes);
  if (utf16 !== undefined) return notUtf8(utf16);
  let text: string;
  const invalid: number[] = [];
  try {
    text = fatalDecoder.decode(bytes);
  } catch {
    text = decodeMarkingInvalid(bytes, invalid);
  }
  return { ...inspectText(text, invalid), bytes: bytes.byteLength };
}

/** "LE" or "BE" when the bytes open with a UTF-16 byte-order mark (FF FE or FE FF). */
function utf16Order(bytes: Uint8Array): "LE" | "BE" | undefined {
  if (bytes.length < 2) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "LE";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "BE";
  return undefined;
}

/**
 * A UTF-16 file (Windows Notepad's "Unicode") is one mistake, not one per line with NUL bytes on the terminal: a single
 * error on an empty text, so nothing of it is parsed or printed.
 */
function notUtf8(order: "LE" | "BE"): Decoded {
  const source = new SourceText("");
  return {
    source,
    diagnostics: [
      diagnostic(
        "POD0008",
        source.span(0, 0),
        { order },
        {
          help: "save it as UTF-8 (in Notepad: File › Save As, Encoding: UTF-8)",
        },
      ),
    ],
  };
}

/** Checks already-decoded text (from an editor buffer) for characters a script must not hold. */
export function inspect(text: string): Decoded {
  return inspectText(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, []);
}

function inspectText(text: string, invalidOffsets: number[]): Decoded {
  const source = new SourceText(text);
  const diagnostics: Diagnostic[] = [];
  let lastLine = 0;
  let reported = 0;
  for (const offset of invalidOffsets) {
    const line = source.lineOf(offset);
    if (line === lastLine) continue; // one report per line: a Latin-1 file is one mistake, not hundreds
    lastLine = line;
    if (reported++ === MAX_REPORTS_PER_KIND) break;
    diagnostics.push(
      diagnostic(
        "POD0001",
        source.span(offset, offset + 1),
        {},
        {
          help: "the file is probably in another encoding (such as Latin-1 or Windows-1252): save it as UTF-8",
        },
      ),
    );
  }
  const span = (at: number) => source.span(at, at + 1);
  // The characters below are each reported with a fix that deletes it.
  const deleting = (at: number, help: string, title: string) => ({ help, fixes: [{ title, span: span(at), replacement: "" }] });
  scan(source, /\0/g, (at) => diagnostic("POD0002", span(at), {}, deleting(at, "remove it: a script is plain text", "Delete the NUL byte")), diagnostics);
  scan(
    source,
    /[\u202A-\u202E\u2066-\u2069]/g,
    (at) =>
      diagnostic(
        "POD0003",
        span(at),
        { code: text.charCodeAt(at).toString(16).toUpperCase() },
        deleting(at, "it can make the script read differently from what is sent to the service; delete it", "Delete the control character"),
      ),
    diagnostics,
  );
  // Only a leading byte-order mark is one (and was skipped above); anywhere else U+FEFF is an invisible
  // character that would be sent to the service as text.
  const bom = "files joined together often leave one behind; it is sent to the service as part of the text — delete it";
  scan(source, /\uFEFF/g, (at) => diagnostic("POD0007", span(at), {}, deleting(at, bom, "Delete the byte-order mark")), diagnostics);
  return { source, diagnostics };
}

function scan(source: SourceText, pattern: RegExp, make: (offset: number) => Diagnostic, into: Diagnostic[]): void {
  let count = 0;
  let lastLine = 0;
  for (let m = pattern.exec(source.text); m !== null; m = pattern.exec(source.text)) {
    const line = source.lineOf(m.index);
    if (line === lastLine) continue;
    lastLine = line;
    if (count++ === MAX_REPORTS_PER_KIND) break;
    into.push(make(m.index));
  }
}

/** Slow path, only for invalid input: decodes valid runs, puts U+FFFD at invalid bytes and records their offsets. */
function decodeMarkingInvalid(bytes: Uint8Array, invalid: number[]): string {
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  const parts: string[] = [];
  let length = 0;
  let runStart = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  let i = runStart;
  while (i < bytes.length) {
    const size = sequenceLength(bytes, i);
    if (size > 0) {
      i += size;
      continue;
    }
    const run = decoder.decode(bytes.subarray(runStart, i));
    parts.push(run, "\uFFFD");
    length += run.length;
    invalid.push(length);
    length += 1;
    i += 1;
    runStart = i;
  }
  parts.push(decoder.decode(bytes.subarray(runStart)));
  return parts.join("");
}

/** Length of the well-formed UTF-8 sequence at `i`, or 0 when the bytes there are not one. */
function sequenceLength(b: Uint8Array, i: number): number {
  const c = b[i]!;
  if (c < 0x80) return 1;
  const cont = (k: number, lo = 0x80, hi = 0xbf) => i + k < b.length && b[i + k]! >= lo && b[i + k]! <= hi;
  if (c >= 0xc2 && c <= 0xdf) return cont(1) ? 2 : 0;
  if (c === 0xe0) return cont(1, 0xa0) && cont(2) ? 3 : 0;
  if ((c >= 0xe1 && c <= 0xec) || c === 0xee || c === 0xef) return cont(1) && cont(2) ? 3 : 0;
  if (c === 0xed) return cont(1, 0x80, 0x9f) && cont(2) ? 3 : 0;
  if (c === 0xf0) return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
  if (c >= 0xf1 && c <= 0xf3) return cont(1) && cont(2) && cont(3) ? 4 : 0;
  if (c === 0xf4) return cont(1, 0x80, 0x8f) && cont(2) && cont(3) ? 4 : 0;
  return 0;
}
