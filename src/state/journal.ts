import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { syncFolder } from "../files/durable.js";
import { describeFileError } from "../files/file-errors.js";
import { fsyncLater } from "../files/fsync-later.js";
import { foldJournal, type JobRecord, JOURNAL_VERSION, type JournalEntry, JournalEntrySchema, type NewEntry, stamped } from "./job-record.js";

/*
 * The write-ahead journal: `.podc/journal.jsonl`, one JSON entry per line, only ever appended. Every
 * entry is written and fsynced before its append resolves, and the runner performs the side effect an
 * entry licenses (a paid POST, using a task id, trusting a file) only after that. A crash can
 * therefore leave at most one torn batch at the end, whose side effects never happened: its complete
 * lines are read like any other (nothing acted on them yet), its torn last line is ignored when read
 * and cut off when the journal is next opened for writing.
 *
 * One exception: a batch of nothing but `done` entries is written without an fsync of its own. `done`
 * licenses nothing: it only saves the next run from checking a finished job's files again, and a job
 * whose `done` a crash lost is finished by that check, never sent again. Its line reaches the disk
 * with the next batch's fsync (an fsync flushes every earlier write) or when the journal closes; a
 * third of a run's batches were such, each an fsync and a trip to the thread pool.
 *
 * Group commit: the runner's concurrent jobs append through `commit`, which queues the entry; the
 * entries queued while the previous batch is being flushed go to disk together, in one write and one
 * fsync, and each promise resolves only after that fsync. So ten jobs answered in the same moment cost
 * one fsync, not ten, and no entry is reported durable before it is.
 *
 * A write that fails (disk full, a short write, an I/O error) must not corrupt the next entry: the
 * journal cuts the file back to its last complete line, or, if even that fails, starts the next entry
 * on a new line. After a failed write it refuses every new `intent`, so no new paid request is sent in
 * that run. An answer already paid for is never dropped: room for it is kept beside the journal (a
 * reserve file, given up at the first failed write, so the answers of requests already out fit where the
 * disk has none), and an entry that still cannot be written is held, put in the copy outside the
 * repository at once, and written first by every later batch and on closing.
 */

export const JOURNAL_FILE = "journal.jsonl";

/** Room kept on the journal's disk for the answers of paid requests already out when the disk fills (see above). */
const RESERVE_FILE = "journal.reserve";
const RESERVE_BYTES = 64 * 1024;

/** The journal could not be written; the message says where and why, in words. */
export class JournalWriteError extends Error {
  override name = "JournalWriteError";
}

/** The journal holds lines this podc must not act on: written by a newer podc, or damaged beyond naming their job. */
export class JournalUnreadableError extends Error {
  override name = "JournalUnreadableError";
  constructor(
    readonly path: string,
    readonly problems: readonly JournalProblem[],
  ) {
    super(describeProblems(path, problems));
  }
}

/** The few file operations the journal's writer uses; tests replace them to inject short writes and ENOSPC. */
export interface JournalFileOps {
  write(fd: number, buffer: Buffer, offset: number, length: number): number;
  fsync(fd: number): void;
  truncate(fd: number, length: number): void;
  /** The fsync of a batch, off the main thread so other jobs go on meanwhile; `fsync` when absent. */
  fsyncLater?(fd: number): Promise<void>;
}

const NODE_OPS: JournalFileOps = {
  write: (fd, buffer, offset, length) => fs.writeSync(fd, buffer, offset, length),
  fsync: (fd) => fs.fsyncSync(fd),
  truncate: (fd, length) => fs.ftruncateSync(fd, length),
  fsyncLater,
};

/** An entry waiting for its batch's fsync. */
interface Queued {
  full: JournalEntry;
  text: string;
  resolve(entry: JournalEntry): void;
  reject(error: Error): void;
}

/** Reads a journal without opening it for writing (for `podc status` and `--dry-run`); a missing one is empty. */
export function readJournal(stateDir: string): JournalContents {
  const path = join(stateDir, JOURNAL_FILE);
  if (!fs.existsSync(path)) return { entries: [], problems: [], warnings: [], completeBytes: 0 };
  return parseJournal(fs.readFileSync(path));
}

/** Every job's record as a journal on disk tells it (for `podc status` and `--dry-run`); throws JournalUnreadableError as a run would. */
export function readRecords(stateDir: string): Map<string, JobRecord> {
  const contents = readJournal(stateDir);
  refuseUnreadable(join(stateDir, JOURNAL_FILE), contents);
  return foldJournal(contents.entries, contents.problems);
}

/** Throws JournalUnreadableError when `contents` holds a line that must stop a run (see parseJournal below). */
function refuseUnreadable(path: string, contents: JournalContents): void {
  const blocking = contents.problems.filter((p) => p.kind === "newer" || p.job === undefined);
  if (blocking.length > 0) throw new JournalUnreadableError(path, blocking);
}

/** The journal opened for appending. Only the holder of the run lock may open it. */
export class Journal {
  readonly path: string;
  readonly #fd: number;
  readonly #ops: JournalFileOps;
  readonly #contents: JournalContents;
  /** What reading it found: harmless oddities, and whether a torn last line was cut off. */
  readonly warnings: JournalWarning[];
  /** Byte length of the journal's complete lines: where the next entry begins. */
  #end: number;
  /** The file could not be cut back after a failed write: the next entry must begin with a line break. */
  #needsLineBreak = false;
  /** Why writing failed in this run; from then on no new paid request is licensed. */
  #failure: string | undefined;
  #closed = false;
  /** The copy outside the repository (JournalCopy below) that every line written from now on also goes to. */
  #copy: JournalCopy | undefined;
  /** Entries committed since the last batch left: the next batch. */
  #queue: Queued[] = [];
  /** A batch is being written or fsynced: new commits wait for the next one. */
  #flushing = false;
  /** Lines written without an fsync (batches of `done` entries only): the next fsync, or closing, flushes them. */
  #unsynced = false;
  /** Answers whose write failed, oldest first: written before anything else at the next chance. */
  #held: { full: JournalEntry; text: string }[] = [];
  /** The reserve file (see RESERVE_FILE), until a failed write gives it up. */
  #reserve: string | undefined;

  private constructor(path: string, fd: number, ops: JournalFileOps, contents: JournalContents, tornBytes: number, lastByte: number | undefined) {
    this.path = path;
    this.#fd = fd;
    this.#ops = ops;
    this.#contents = contents;
    this.#end = contents.completeBytes;
    // A last line saved without its newline (by an editor) was read whole: the next entry starts on a line of its own.
    this.#needsLineBreak = lastByte !== undefined && lastByte !== 0x0a;
    this.warnings = [...contents.warnings];
    if (tornBytes > 0) this.warnings.push({ line: 0, message: `an incomplete last line (${tornBytes} bytes, from an interrupted run) was ignored` });
  }

  /**
   * Opens (creating) `<stateDir>/journal.jsonl`, reads it, and cuts off a torn last line so appends start
   * on a fresh line. Throws JournalUnreadableError, before anything is written, when a line is from a
   * newer podc or damaged without naming its job.
   */
  static open(stateDir: string, ops: JournalFileOps = NODE_OPS): Journal {
    fs.mkdirSync(stateDir, { recursive: true });
    const path = join(stateDir, JOURNAL_FILE);
    const created = !fs.existsSync(path);
    const fd = fs.openSync(path, "a+");
    try {
      const size = fs.fstatSync(fd).size;
      const buffer = Buffer.alloc(size);
      let read = 0;
      while (read < size) {
        const n = fs.readSync(fd, buffer, read, size - read, read);
        if (n === 0) break;
        read += n;
      }
      const contents = parseJournal(buffer.subarray(0, read));
      refuseUnreadable(path, contents);
      const torn = read - contents.completeBytes;
      if (torn > 0) {
        // Otherwise the next entry would be glued onto the torn one and both would be lost.
        ops.truncate(fd, contents.completeBytes);
        ops.fsync(fd);
      }
      const reserve = keepReserve(stateDir);
      if (created) syncFolder(stateDir);
      const journal = new Journal(path, fd, ops, contents, torn, contents.completeBytes > 0 ? buffer[contents.completeBytes - 1] : undefined);
      journal.#reserve = reserve;
      return journal;
    } catch (error) {
      fs.closeSync(fd);
      throw error;
    }
  }

  /** Every entry, in the order written (earlier runs' first). */
  entries(): readonly JournalEntry[] {
    return this.#contents.entries;
  }

  /** Damaged lines that still name their job: those jobs count as "outcome unknown". */
  problems(): readonly JournalProblem[] {
    return this.#contents.problems;
  }

  /** From now on, every line written also goes to `copy` (closed with the journal). */
  keepCopy(copy: JournalCopy): void {
    this.#copy = copy;
  }

  /** Why a write failed in this run, if one did. */
  get failure(): string | undefined {
    return this.#failure;
  }

  /**
   * Appends one entry and flushes it to disk; when this returns, the entry survives a crash. Throws
   * JournalWriteError when it cannot, leaving the file as it was; after that, an `intent` is refused.
   * For writes before a run's requests (nothing else appends then); the runner uses `commit`.
   */
  append(entry: NewEntry): JournalEntry {
    if (this.#flushing || this.#queue.length > 0) throw new Error("the journal has a batch in flight: use commit");
    // What is appended before a run's requests comes from files (the manifests, another store): checked as a reader
    // would check it, so that nothing this podc could not read back is written.
    const full = JournalEntrySchema.parse(this.#entry(entry));
    this.#writeSync(`${JSON.stringify(full)}\n`);
    this.#contents.entries.push(full);
    return full;
  }

  /**
   * Appends one entry in the next batch (see the note above); resolves once it is on disk, in the order
   * committed. Rejects with JournalWriteError as `append` throws; a failed batch fails all its entries.
   */
  commit(entry: NewEntry): Promise<JournalEntry> {
    let full: JournalEntry;
    try {
      full = this.#entry(entry);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise<JournalEntry>((resolve, reject) => {
      this.#queue.push({ full, text: `${JSON.stringify(full)}\n`, resolve, reject });
      // After this turn's other jobs have queued theirs: they share the batch.
      if (!this.#flushing) {
        this.#flushing = true;
        setImmediate(() => void this.#flush());
      }
    });
  }

  /** Writes every queued entry (after any held ones) in one write and one fsync, then settles their promises; again while more were queued meanwhile. */
  async #flush(): Promise<void> {
    while (this.#queue.length > 0) {
      const batch = this.#queue;
      this.#queue = [];
      // An intent queued after a failure is refused even though its batch has not been written yet.
      const refused = this.#failure === undefined ? [] : batch.filter((q) => q.full.type === "intent");
      let writing = refused.length === 0 ? batch : batch.filter((q) => q.full.type !== "intent");
      for (const q of refused) q.reject(this.#refusal());
      if (writing.length === 0 && this.#held.length === 0) continue;
      if (this.#closed) {
        for (const q of writing) q.reject(new Error("the journal is closed"));
        continue;
      }
      let failed: JournalWriteError | undefined;
      try {
        await this.#writeBatch(writing);
      } catch (error) {
        failed = error instanceof JournalWriteError ? error : this.#failed(error);
        if (this.#giveUpReserve()) {
          // The disk is full: the room kept goes to answers, never to a new paid request.
          for (const q of writing.filter((w) => w.full.type === "intent")) q.reject(this.#refusal());
          writing = writing.filter((q) => q.full.type !== "intent");
          try {
            await this.#writeBatch(writing);
            failed = undefined;
          } catch (again) {
            failed = again instanceof JournalWriteError ? again : this.#failed(again);
          }
        }
      }
      if (failed) this.#hold(writing, failed);
      else for (const q of writing) q.resolve(q.full);
    }
    this.#flushing = false;
  }

  /** Writes the held entries and then `writing`'s in one write (and fsync unless all are `done`); on success they count as written. */
  async #writeBatch(writing: readonly Queued[]): Promise<void> {
    const lines = [...this.#held, ...writing];
    if (lines.length === 0) return;
    const bytes = this.#writeBytes(lines.map((q) => q.text).join(""));
    if (lines.every((q) => q.full.type === "done")) this.#unsynced = true;
    else {
      try {
        if (this.#ops.fsyncLater) await this.#ops.fsyncLater(this.#fd);
        else this.#ops.fsync(this.#fd);
      } catch (error) {
        throw this.#failed(error);
      }
      this.#unsynced = false;
    }
    this.#end += bytes;
    this.#needsLineBreak = false;
    // Held lines went to the copy when they were held.
    this.#copy?.append(writing.map((q) => q.text).join(""));
    for (const q of lines) this.#contents.entries.push(q.full);
    this.#held = [];
  }

  /**
   * Keeps the entries of a failed batch that are not intents (an intent that failed licensed nothing: its POST is
   * never sent) to be written first by the next batch or on closing, puts them in the copy at once, and rejects them
   * all with what happened.
   */
  #hold(writing: readonly Queued[], failed: JournalWriteError): void {
    const kept = writing.filter((q) => q.full.type !== "intent");
    this.#held.push(...kept.map(({ full, text }) => ({ full, text })));
    this.#copy?.append(kept.map((q) => q.text).join(""));
    const copied = this.#copy !== undefined && this.#copy.failure === undefined ? ` and in its copy ${this.#copy.path}` : "";
    const held = new JournalWriteError(
      `${failed.message}; podc holds what it could not write${copied}, and writes it into the journal as soon as there is room`,
    );
    for (const q of writing) q.reject(q.full.type === "intent" ? failed : held);
  }

  /** Removes the reserve file, making its room free for the entries to write; false when there is none to give up. */
  #giveUpReserve(): boolean {
    const reserve = this.#reserve;
    if (reserve === undefined) return false;
    this.#reserve = undefined;
    try {
      fs.unlinkSync(reserve);
      return true;
    } catch {
      return false;
    }
  }

  /** Entries held after a failed write and not yet written (see above). */
  get held(): readonly JournalEntry[] {
    return this.#held.map((h) => h.full);
  }

  /** The full entry for `entry` (job-record.ts `stamped`), or why it may not be written now. */
  #entry(entry: NewEntry): JournalEntry {
    if (this.#closed) throw new Error("the journal is closed");
    if (this.#failure !== undefined && entry.type === "intent") throw this.#refusal();
    return stamped(entry);
  }

  #refusal(): JournalWriteError {
    return new JournalWriteError(`no new paid request: writing the journal ${this.path} failed earlier in this run (${this.#failure})`);
  }

  /** Writes and fsyncs `text` (whole lines) before returning; on failure the file is cut back and the error thrown. */
  #writeSync(text: string, copy = true): void {
    const bytes = this.#writeBytes(text);
    try {
      this.#ops.fsync(this.#fd);
    } catch (error) {
      throw this.#failed(error);
    }
    this.#unsynced = false;
    this.#end += bytes;
    this.#needsLineBreak = false;
    if (copy) this.#copy?.append(text);
  }

  /** Writes `text` at the end of the complete lines (after a line break if one is owed); its byte length. Cut back and thrown on failure. */
  #writeBytes(text: string): number {
    const line = Buffer.from(`${this.#needsLineBreak ? "\n" : ""}${text}`, "utf8");
    try {
      let written = 0;
      while (written < line.length) {
        const n = this.#ops.write(this.#fd, line, written, line.length - written);
        // A write that makes no progress would loop for ever; the disk is as good as full.
        if (n <= 0) throw Object.assign(new Error("no space left on device"), { code: "ENOSPC" });
        written += n;
      }
    } catch (error) {
      throw this.#failed(error);
    }
    return line.length;
  }

  /** Records why writing failed, cuts the file back to its last complete line, and gives the error to throw. */
  #failed(error: unknown): JournalWriteError {
    this.#failure = describeFileError(error);
    this.#cutBack();
    return new JournalWriteError(`cannot write the journal ${this.path}: ${this.#failure}`);
  }

  /** Flushes `done` lines written without an fsync, and closes the file; entries still queued are refused (the runner awaits every commit before it closes). */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#copy?.close();
    if (this.#held.length > 0) this.#writeHeld();
    try {
      if (this.#unsynced) this.#ops.fsync(this.#fd);
    } catch {
      // Only `done` lines can be lost here: the next run checks those jobs' files again, and sends nothing.
    } finally {
      fs.closeSync(this.#fd);
    }
  }

  /** A last try, on closing, at the entries held after a failed write; they stay held (and in the copy) when it fails. */
  #writeHeld(): void {
    const text = this.#held.map((h) => h.text).join("");
    for (let tries = 0; tries < 2; tries++) {
      try {
        this.#writeSync(text, false);
        for (const h of this.#held) this.#contents.entries.push(h.full);
        this.#held = [];
        return;
      } catch {
        if (!this.#giveUpReserve()) return;
      }
    }
  }

  /** After a failed write: removes what part of the entry reached the file, or makes the next entry start on a new line. */
  #cutBack(): void {
    try {
      this.#ops.truncate(this.#fd, this.#end);
      this.#ops.fsync(this.#fd);
    } catch {
      this.#needsLineBreak = true;
    }
  }
}

/**
 * Makes sure `<stateDir>/journal.reserve` holds its room (see RESERVE_FILE); its path. Throws JournalWriteError when
 * the disk has not even that room: a run must not send what it could not record the answer of.
 */
function keepReserve(stateDir: string): string {
  const path = join(stateDir, RESERVE_FILE);
  try {
    if (fs.statSync(path, { throwIfNoEntry: false })?.size !== RESERVE_BYTES) fs.writeFileSync(path, Buffer.alloc(RESERVE_BYTES));
  } catch (error) {
    throw new JournalWriteError(`cannot keep room in ${stateDir} for the answers of paid requests: ${describeFileError(error)}; free some space`);
  }
  return path;
}

function describeProblems(path: string, problems: readonly JournalProblem[]): string {
  const newer = problems.filter((p) => p.kind === "newer");
  if (newer.length > 0) {
    const first = newer[0]!;
    return (
      `${path}:${first.line} was written by a newer podc: upgrade podc to run this repository (${first.message}` +
      `${newer.length > 1 ? `; ${newer.length} such lines` : ""}). Nothing was sent.`
    );
  }
  const first = problems[0]!;
  return (
    `${path}:${first.line} is ${first.message} and does not say which request it was about, so podc cannot tell whether ` +
    `it recorded a paid request. Nothing was sent. Look at the line; if no request can be lost with it, delete the line and run again.`
  );
}

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
function parseJournal(text: Buffer): JournalContents {
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

/*
 * A copy of a repository's journal outside the repository, in the writer's own state folder
 * ($XDG_STATE_HOME/podc, else ~/.local/state/podc): what a rerun needs never to pay again must survive the
 * writer's own tools — `git clean -fdX` takes `.podc/` (and `out/`, with the manifests), a deleted clone takes
 * everything — and they never touch that folder. Each run takes back what the copy knows and the journal lost
 * (loudly), and appends every line it writes to both. The copy is written without its own fsync: it guards
 * against tools, not power cuts, which the journal's fsync already covers, and the page cache is what tools see.
 */

/** The copy's folder for repository `root`, or undefined when the environment names no state or home folder. */
export function journalCopyDir(root: string, env: NodeJS.ProcessEnv): string | undefined {
  const xdg = env.XDG_STATE_HOME?.trim();
  const home = env.HOME?.trim();
  const base = xdg && isAbsolute(xdg) ? xdg : home && isAbsolute(home) ? join(home, ".local", "state") : undefined;
  if (!base) return undefined;
  let real = root;
  try {
    real = fs.realpathSync(root);
  } catch {
    // A root that cannot be resolved is named as given.
  }
  return join(base, "podc", "journals", createHash("sha256").update(real).digest("hex").slice(0, 32));
}

/** The copy, opened for appending; its trouble never stops a run (the journal is what counts), it only warns. */
export class JournalCopy {
  readonly path: string;
  /** The entries the copy held when opened. */
  readonly entries: readonly JournalEntry[];
  #fd: number | undefined;
  /** Why the copy could not be written, once it could not: said once, then the copy is left alone. */
  #failure: string | undefined;
  #needsLineBreak: boolean;

  private constructor(path: string, fd: number, entries: JournalEntry[], needsLineBreak: boolean) {
    this.path = path;
    this.#fd = fd;
    this.entries = entries;
    this.#needsLineBreak = needsLineBreak;
  }

  /** Opens (creating) the copy in `dir` for the repository at `root`; throws a file error when it cannot. */
  static open(dir: string, root: string): JournalCopy {
    fs.mkdirSync(dir, { recursive: true });
    // For a person looking in the folder: which repository this copy belongs to.
    fs.writeFileSync(join(dir, "repository"), `${root}\n`);
    const path = join(dir, "journal.jsonl");
    const fd = fs.openSync(path, "a+");
    try {
      const text = fs.readFileSync(path);
      const contents = parseJournal(text);
      return new JournalCopy(path, fd, contents.entries, text.length > 0 && text[text.length - 1] !== 0x0a);
    } catch (error) {
      fs.closeSync(fd);
      throw error;
    }
  }

  /** Why writing the copy failed, if it did. */
  get failure(): string | undefined {
    return this.#failure;
  }

  /** Appends whole lines (each ending in a newline); a failure is kept for `failure` and ends the copying. */
  append(text: string): void {
    if (this.#fd === undefined || text.length === 0) return;
    try {
      fs.writeSync(this.#fd, `${this.#needsLineBreak ? "\n" : ""}${text}`);
      this.#needsLineBreak = false;
    } catch (error) {
      this.#failure = describeFileError(error);
      this.close();
    }
  }

  close(): void {
    if (this.#fd === undefined) return;
    try {
      fs.fsyncSync(this.#fd);
    } catch {
      // Only the copy's last lines can be lost here, and only with the machine itself.
    } finally {
      fs.closeSync(this.#fd);
      this.#fd = undefined;
    }
  }
}

/** The path to journal for `absolute`: relative to the root (with `/`) when inside it, else absolute. */
export function journalPath(root: string, absolute: string): string {
  const rel = relative(root, absolute);
  if (rel === "" || rel.startsWith("..") || isAbsolute(rel)) return absolute;
  return rel.split(sep).join("/");
}

/** The absolute path of a journaled path. */
export function absolutePath(root: string, journaled: string): string {
  return isAbsolute(journaled) ? journaled : resolve(root, journaled);
}
