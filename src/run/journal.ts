import { closeSync, existsSync, fstatSync, fsyncSync, ftruncateSync, mkdirSync, openSync, readFileSync, readSync, writeSync } from "node:fs";
import { join } from "node:path";
import { JOURNAL_VERSION, JournalEntrySchema, type JournalEntry, type NewEntry } from "./journal-entry.js";
import { syncFolder } from "./durable.js";

/*
 * The write-ahead journal: `.podc/journal.jsonl`, one JSON entry per line, only ever appended. Every
 * append is written and fsynced before `append` returns, and the runner performs the side effect an
 * entry licenses (a paid POST, using a task id, trusting a file) only after that. A crash can
 * therefore leave at most one torn line, the last, whose side effect never happened: it is ignored
 * when read and cut off when the journal is next opened for writing.
 */

export const JOURNAL_FILE = "journal.jsonl";

/** Something the reader noticed and skipped, for a warning. */
export interface JournalWarning {
  line: number;
  message: string;
}

export interface JournalContents {
  entries: JournalEntry[];
  warnings: JournalWarning[];
  /** Byte length of the complete lines: where a torn last line begins. */
  completeBytes: number;
}

/** Parses journal text: complete lines only; unreadable lines become warnings; a torn last line is dropped silently. */
export function parseJournal(text: Buffer): JournalContents {
  const end = text.lastIndexOf(0x0a) + 1;
  const entries: JournalEntry[] = [];
  const warnings: JournalWarning[] = [];
  const lines = text.subarray(0, end).toString("utf8").split("\n");
  lines.pop(); // the empty string after the last newline
  lines.forEach((line, index) => {
    if (line.trim().length === 0) return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      warnings.push({ line: index + 1, message: "not JSON" });
      return;
    }
    const parsed = JournalEntrySchema.safeParse(json);
    if (parsed.success) entries.push(parsed.data);
    // A newer podc may write entry types this one does not know; skipping them keeps older state usable.
    else warnings.push({ line: index + 1, message: `not an entry this podc understands (${describeType(json)})` });
  });
  return { entries, warnings, completeBytes: end };
}

/** Reads a journal without opening it for writing (for `podc status` and `--dry-run`); a missing one is empty. */
export function readJournal(stateDir: string): JournalContents {
  const path = join(stateDir, JOURNAL_FILE);
  if (!existsSync(path)) return { entries: [], warnings: [], completeBytes: 0 };
  return parseJournal(readFileSync(path));
}

/** What writes to the journal: the journal itself, or a view that also keeps job records up to date. */
export interface JournalWriter {
  readonly path: string;
  append(entry: NewEntry): JournalEntry;
}

/** The journal opened for appending. Only the holder of the run lock may open it. */
export class Journal implements JournalWriter {
  readonly path: string;
  readonly #fd: number;
  readonly #entries: JournalEntry[];
  /** What reading it found: unreadable lines, and whether a torn last line was cut off. */
  readonly warnings: JournalWarning[];
  #closed = false;

  private constructor(path: string, fd: number, contents: JournalContents, tornBytes: number) {
    this.path = path;
    this.#fd = fd;
    this.#entries = contents.entries;
    this.warnings = [...contents.warnings];
    if (tornBytes > 0) this.warnings.push({ line: 0, message: `an incomplete last line (${tornBytes} bytes, from an interrupted run) was ignored` });
  }

  /** Opens (creating) `<stateDir>/journal.jsonl`, reads it, and cuts off a torn last line so appends start on a fresh line. */
  static open(stateDir: string): Journal {
    mkdirSync(stateDir, { recursive: true });
    const path = join(stateDir, JOURNAL_FILE);
    const created = !existsSync(path);
    const fd = openSync(path, "a+");
    try {
      const size = fstatSync(fd).size;
      const buffer = Buffer.alloc(size);
      let read = 0;
      while (read < size) {
        const n = readSync(fd, buffer, read, size - read, read);
        if (n === 0) break;
        read += n;
      }
      const contents = parseJournal(buffer.subarray(0, read));
      const torn = read - contents.completeBytes;
      if (torn > 0) {
        // Otherwise the next entry would be glued onto the torn one and both would be lost.
        ftruncateSync(fd, contents.completeBytes);
        fsyncSync(fd);
      }
      if (created) syncFolder(stateDir);
      return new Journal(path, fd, contents, torn);
    } catch (error) {
      closeSync(fd);
      throw error;
    }
  }

  /** Every entry, in the order written (earlier runs' first). */
  entries(): readonly JournalEntry[] {
    return this.#entries;
  }

  /** Appends one entry and flushes it to disk; when this returns, the entry survives a crash. Throws on a write error. */
  append(entry: NewEntry): JournalEntry {
    if (this.#closed) throw new Error("the journal is closed");
    const full = JournalEntrySchema.parse({ v: JOURNAL_VERSION, at: new Date().toISOString(), ...entry });
    const line = Buffer.from(`${JSON.stringify(full)}\n`, "utf8");
    let written = 0;
    while (written < line.length) written += writeSync(this.#fd, line, written, line.length - written);
    fsyncSync(this.#fd);
    this.#entries.push(full);
    return full;
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    closeSync(this.#fd);
  }
}

function describeType(json: unknown): string {
  if (typeof json === "object" && json !== null && "type" in json) return `type ${JSON.stringify((json as { type: unknown }).type)}`;
  return "no type";
}
