import { createLogUpdate } from "log-update";
import pc from "picocolors";
import stringWidth from "string-width";
import { durationText, eventText, isUnfinished, type JobRef, type Phase, refText, type Reporter, type RunEvent, traceText } from "./events.js";

/*
 * Progress on a terminal: a live table of every job — its state, how long it has been at it, its
 * task and trace id — redrawn in place by log-update, with the lines worth keeping (a new task id, a
 * problem, a notice) printed above it for good. Redrawn four times a second so elapsed times move. Every line of
 * the table is cut to the terminal's width, its least useful columns first: a line that wrapped would be two screen
 * lines, the table taller than log-update erases, and each redraw would leave stale lines in the scrollback.
 */

/** A piece of a table line: its plain text, and how it is painted once it is known to fit. */
interface Part {
  text: string;
  paint?: (text: string) => string;
}

interface Row {
  ref: JobRef;
  phase: Phase;
  taskId?: string;
  taskStatus?: string;
  traceId?: string;
  detail?: string;
  /** When this run started working on the job; undefined while queued. */
  since?: number;
  /** When it reached its last phase, if that is an ending. */
  until?: number;
}

const ENDINGS: ReadonlySet<Phase> = new Set(["done", "ambiguous", "rejected", "failed", "lost", "unfinished", "not-sent"]);
const REDRAW_MS = 250;
/** The columns of a table line besides the request's name: the mark (two, as string-width counts ✔ and ✖), the state (18) and the elapsed time, with spaces. */
const STATE_COLUMNS = 2 + 2 + 1 + 2 + 18 + 7;

export class TtyReporter implements Reporter {
  readonly #stream: NodeJS.WritableStream & { columns?: number };
  readonly #cwd: string;
  readonly #update: ReturnType<typeof createLogUpdate>;
  readonly #rows = new Map<string, Row>();
  readonly #colors: ReturnType<typeof pc.createColors>;
  readonly #timer: NodeJS.Timeout;
  readonly #started = Date.now();
  #closed = false;

  constructor(stream: NodeJS.WritableStream & { columns?: number }, cwd: string, color: boolean) {
    this.#stream = stream;
    this.#cwd = cwd;
    this.#colors = pc.createColors(color);
    this.#update = createLogUpdate(stream);
    this.#timer = setInterval(() => this.#draw(), REDRAW_MS);
    this.#timer.unref();
  }

  event(event: RunEvent): void {
    if (this.#closed) return;
    switch (event.type) {
      case "start":
        for (const ref of event.jobs) this.#rows.set(ref.job, { ref, phase: "queued" });
        this.#keep(eventText(event, this.#cwd));
        break;
      case "job": {
        const row = this.#rows.get(event.ref.job) ?? { ref: event.ref, phase: event.phase };
        row.phase = event.phase;
        row.since ??= Date.now();
        if (ENDINGS.has(event.phase)) row.until = Date.now();
        if (event.taskId) row.taskId = event.taskId;
        if (event.taskStatus) row.taskStatus = event.taskStatus;
        if (event.traceId) row.traceId = event.traceId;
        // A detail belongs to the phase it came with ("retry in 0.4 s" means nothing once done).
        if (event.detail !== undefined) row.detail = event.detail;
        else delete row.detail;
        this.#rows.set(event.ref.job, row);
        if (event.phase === "accepted" && event.taskId) this.#keep(eventText(event, this.#cwd));
        break;
      }
      case "retry":
        if (event.ref) {
          const row = this.#rows.get(event.ref.job);
          if (row) row.detail = `retry in ${durationText(event.delayMs)}: ${event.reason}`;
        }
        break;
      case "file":
        break;
      case "problem":
        if (isUnfinished(event.problem)) this.#keep(this.#colors.yellow(eventText(event, this.#cwd)));
        else this.#keep(this.#colors.red(`error: ${eventText(event, this.#cwd)}`));
        break;
      case "notice":
        this.#keep(this.#colors.yellow(eventText(event, this.#cwd)));
        break;
      case "end":
        this.#draw();
        this.#update.done();
        this.#stream.write(`podc: ${eventText(event, this.#cwd)}\n`);
        this.#closed = true;
        clearInterval(this.#timer);
        return;
    }
    this.#draw();
  }

  close(): void {
    clearInterval(this.#timer);
    if (!this.#closed) {
      this.#draw();
      this.#update.done();
      this.#closed = true;
    }
  }

  /** Prints a line above the live view, where it stays. */
  #keep(line: string): void {
    this.#update.clear();
    this.#stream.write(`podc: ${line}\n`);
  }

  #draw(): void {
    if (this.#closed) return;
    const c = this.#colors;
    const rows = [...this.#rows.values()];
    const done = rows.filter((r) => r.phase === "done").length;
    // One column short of the width: a line that fills the last column makes some terminals wrap at the next character.
    const columns = Math.max(20, (this.#stream.columns ?? 80) - 1);
    const lines = [fit([{ text: `podc run — ${done}/${rows.length} done, ${durationText(Date.now() - this.#started)}`, paint: c.bold }], columns)];
    // On a short terminal, finished jobs give way to the ones still moving (log-update would cut the top).
    const room = Math.max(3, ((this.#stream as { rows?: number }).rows ?? 24) - 3);
    const shown = rows.length <= room ? rows : rows.filter((r) => r.phase !== "done").slice(0, room - 1);
    // The request's name gives way before its state and time: those are what the table is for.
    const width = Math.min(Math.max(...shown.map((r) => stringWidth(refText(r.ref))), 0), Math.max(12, columns - STATE_COLUMNS));
    for (const row of shown) {
      const elapsed = row.since !== undefined ? durationText((row.until ?? Date.now()) - row.since) : "";
      const state = row.phase === "polling" && row.taskStatus ? `polling: ${row.taskStatus}` : row.phase;
      const ref = fit([{ text: refText(row.ref) }], width);
      // In the order they give way when the terminal is narrow: the detail first, then the trace id, then the task id.
      const parts: Part[] = [
        { text: "  " },
        { text: this.#markText(row.phase), paint: (t) => this.#paintMark(row.phase, t) },
        { text: ` ${ref}${" ".repeat(Math.max(0, width - stringWidth(ref)))}  ` },
        { text: state.padEnd(18), paint: (t) => this.#paint(row.phase, t) },
        { text: ` ${elapsed.padStart(6)}` },
        { text: row.taskId ? ` task ${row.taskId}` : "" },
        { text: ` ${traceText(row.traceId)}`, paint: c.dim },
        { text: row.detail && !ENDINGS.has(row.phase) ? ` ${row.detail}` : "", paint: c.dim },
      ];
      lines.push(fit(parts, columns));
    }
    if (shown.length < rows.length) lines.push(fit([{ text: `  … and ${rows.length - shown.length} more (${done} done)`, paint: c.dim }], columns));
    this.#update(lines.join("\n"));
  }

  #markText(phase: Phase): string {
    if (phase === "done") return "✔";
    if (phase === "queued") return "·";
    if (ENDINGS.has(phase)) return "✖";
    return "›";
  }

  #paintMark(phase: Phase, text: string): string {
    const c = this.#colors;
    if (phase === "done") return c.green(text);
    if (phase === "queued") return c.dim(text);
    if (ENDINGS.has(phase)) return c.red(text);
    return c.cyan(text);
  }

  #paint(phase: Phase, text: string): string {
    const c = this.#colors;
    if (phase === "done") return c.green(text);
    if (ENDINGS.has(phase)) return c.red(text);
    return text;
  }
}

/** The fewest columns of a cut part worth showing. */
const MIN_CUT = 4;

/** The parts, painted, cut to `columns` display columns: the parts that do not fit are dropped, the one that overflows ends in "…". */
export function fit(parts: readonly Part[], columns: number): string {
  let used = 0;
  let out = "";
  for (const part of parts) {
    if (part.text === "") continue;
    const width = stringWidth(part.text);
    if (used + width <= columns) {
      out += part.paint ? part.paint(part.text) : part.text;
      used += width;
      continue;
    }
    let cut = "";
    for (const char of part.text) {
      if (used + stringWidth(cut + char) + 1 > columns) break;
      cut += char;
    }
    // A column cut to a letter or two says nothing: it goes whole.
    if (stringWidth(cut.trim()) >= MIN_CUT) out += part.paint ? part.paint(`${cut}…`) : `${cut}…`;
    break;
  }
  return out;
}
