import { JOURNAL_VERSION, JournalEntrySchema, type JournalEntry } from "./journal-entry.js";

/*
 * Reading the journal's text, with the rules that keep money safe when the file is not what this podc
 * wrote: a line from a newer podc (a higher `v`, or a type or value this podc does not know) stops the
 * run before anything is sent — skipping it could skip an `intent` and pay again; an older line is
 * migrated; a torn last line is ignored (its step never happened); a line that is damaged is never
 * silently dropped: the job it names is treated as "outcome unknown".
 */

/** Something in the journal that a run must not ignore. */
export type JournalProblem =
  /** Written by a newer podc: this one must stop before sending anything. */
  | { kind: "newer"; line: number; message: string }
  /** Unreadable; `job` when the line still names the job it was about. */
  | { kind: "damaged"; line: number; message: string; job?: string };

/** Something harmless the reader noticed, for a warning. */
export interface JournalWarning {
  line: number;
  message: string;
}

export interface JournalContents {
  entries: JournalEntry[];
  problems: JournalProblem[];
  warnings: JournalWarning[];
  /** Byte length of the complete lines: where a torn last line begins. */
  completeBytes: number;
}

/**
 * Parses journal text: complete lines only; a torn last line is dropped; every other line is read, migrated, or
 * reported. A last line that is a whole JSON object but for its newline (what an editor's save leaves) is complete:
 * it is read, and `completeBytes` includes it.
 */
export function parseJournal(text: Buffer): JournalContents {
  const end = text.lastIndexOf(0x0a) + 1;
  const contents: JournalContents = { entries: [], problems: [], warnings: [], completeBytes: end };
  const lines = text.subarray(0, end).toString("utf8").split("\n");
  lines.pop(); // the empty string after the last newline
  lines.forEach((line, index) => {
    if (line.trim().length === 0) return;
    readLine(line, index + 1, contents);
  });
  // A crash cuts a line short, never just its newline (a line and its newline leave in one write); reading a whole
  // entry there can only tell the run more (an accepted song's task id), never license a step that did not happen.
  const last = text.subarray(end).toString("utf8");
  const json = last.trim().length > 0 ? parseJson(last) : undefined;
  if (typeof json === "object" && json !== null && !Array.isArray(json)) {
    readEntry(json, last, lines.length + 1, contents);
    contents.completeBytes = text.length;
  }
  return contents;
}

function readLine(line: string, number: number, contents: JournalContents): void {
  const json = parseJson(line);
  if (json === undefined) {
    // Older podc versions could glue an entry onto a line a failed write had cut short: the entry is
    // whole after the fragment, and the fragment's step never happened (its write failed).
    const start = line.lastIndexOf('{"v":');
    const tail = start > 0 ? parseJson(line.slice(start)) : undefined;
    if (tail !== undefined) {
      contents.warnings.push({ line: number, message: `began with ${start} bytes of an entry whose write had failed; they were ignored` });
      readEntry(tail, line.slice(start), number, contents);
      return;
    }
    contents.problems.push(damaged(line, number, "not JSON"));
    return;
  }
  readEntry(json, line, number, contents);
}

function readEntry(json: unknown, line: string, number: number, contents: JournalContents): void {
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    contents.problems.push(damaged(line, number, "not a JSON object"));
    return;
  }
  const v = (json as { v?: unknown }).v;
  if (typeof v !== "number" || !Number.isInteger(v) || v < 1) {
    contents.problems.push(damaged(line, number, "no format version"));
    return;
  }
  if (v > JOURNAL_VERSION) {
    contents.problems.push({ kind: "newer", line: number, message: `format ${v}; this podc reads up to ${JOURNAL_VERSION}` });
    return;
  }
  const parsed = JournalEntrySchema.safeParse(migrateEntry(json as { v: number }));
  if (parsed.success) {
    contents.entries.push(parsed.data);
    return;
  }
  // A value given but not one of those this podc knows is from a newer podc; a value missing is damage.
  for (const issue of parsed.error.issues) {
    if (issue.code !== "invalid_value" && issue.code !== "invalid_union") continue;
    const path = issue.path.length > 0 ? issue.path : ["type"];
    const value = valueAt(json, path);
    if (value === undefined) continue;
    contents.problems.push({ kind: "newer", line: number, message: `${path.join(".")} ${JSON.stringify(value)} is not one this podc knows` });
    return;
  }
  contents.problems.push(damaged(line, number, parsed.error.issues.map((i) => `${i.path.join(".") || "entry"}: ${i.message}`).join("; ")));
}

/**
 * Brings an entry of an older format to the current one. Every format so far only added entry types,
 * so an older entry is read as it is; a format that changes a shape converts it here, never skips it.
 */
function migrateEntry(json: { v: number }): unknown {
  return json;
}

function damaged(line: string, number: number, why: string): JournalProblem {
  const job = /"job"\s*:\s*"([0-9a-f]{16,128})"/.exec(line)?.[1];
  return { kind: "damaged", line: number, message: `damaged (${why})`, ...(job ? { job } : {}) };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function valueAt(json: unknown, path: readonly PropertyKey[]): unknown {
  let at: unknown = json;
  for (const key of path) at = typeof at === "object" && at !== null ? (at as Record<PropertyKey, unknown>)[key] : undefined;
  return at;
}
