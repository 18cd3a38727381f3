import { MIN_SECRET_LENGTH } from "./redact.js";

/*
 * What can be wrong with an API key, found in one place. Each user decides which of these it refuses and says so in
 * its own words: the client refuses only what would break a request, `podc run` also what looks like a bad paste.
 */

export type ApiKeyProblem =
  | { kind: "empty" }
  /** Only white space. */
  | { kind: "blank" }
  /** A line break or NUL, which would split the Authorization header. */
  | { kind: "line-break" }
  /** A character an HTTP header cannot carry, at `index` (0-based). */
  | { kind: "odd-character"; character: string; index: number }
  | { kind: "short"; length: number };

/** Every problem of `key`, the one to mention first first; empty when the key will do. */
export function apiKeyProblems(key: string): ApiKeyProblem[] {
  const problems: ApiKeyProblem[] = [];
  if (key.length === 0) problems.push({ kind: "empty" });
  else if (key.trim().length === 0) problems.push({ kind: "blank" });
  if (/[\r\n\0]/.test(key)) problems.push({ kind: "line-break" });
  // An HTTP header carries only these; anything else would fail on this machine, looking like a network fault.
  const odd = /[^\x21-\x7e]/.exec(key);
  if (odd) problems.push({ kind: "odd-character", character: odd[0], index: odd.index });
  if (key.length < MIN_SECRET_LENGTH) problems.push({ kind: "short", length: key.length });
  return problems;
}
