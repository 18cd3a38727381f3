import { parse, type ParseResult } from "../parse.js";

/**
 * Reads a Fountain screenplay (bytes of a file, or text) into podc's tree, by fountain.io 1.1's rules. The one entry
 * to the Fountain reader for callers outside the parser (the library, the bench). Never throws.
 */
export function parseFountain(input: string | Uint8Array, options: { maxBytes?: number } = {}): ParseResult {
  return parse(input, { ...options, dialect: "fountain" });
}
