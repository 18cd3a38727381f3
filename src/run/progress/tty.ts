import { createLogUpdate } from "log-update";
import pc from "picocolors";
import type { JobRef, Phase, Reporter, RunEvent } from "../events.js";
import { durationText, eventText, isUnfinished, refText, traceText } from "./describe.js";

/*
 * Progress on a terminal: a live table of every job — its state, how long it has been at it, its
 * task and trace id — redrawn in place by log-update, with the lines worth keeping (a new task id, a
 * problem, a notice) printed above it for good. Redrawn four times a second so elapsed times move.
 */

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
    const lines = [c.bold(`podc run — ${done}/${rows.length} done, ${durationText(Date.now() - this.#started)}`)];
    // On a short terminal, finished jobs give way to the ones still moving (log-update would cut the top).
    const room = Math.max(3, ((this.#stream as { rows?: number }).rows ?? 24) - 3);
    const shown = rows.length <= room ? rows : rows.filter((r) => r.phase !== "done").slice(0, room - 1);
    const width = Math.max(...shown.map((r) => refText(r.ref).length), 0);
    for (const row of shown) {
      const elapsed = row.since !== undefined ? durationText((row.until ?? Date.now()) - row.since) : "";
      const state = row.phase === "polling" && row.taskStatus ? `polling: ${row.taskStatus}` : row.phase;
      const task = row.taskId ? ` task ${row.taskId}` : "";
      const detail = row.detail && !ENDINGS.has(row.phase) ? c.dim(` ${row.detail}`) : "";
      lines.push(
        `  ${this.#mark(row.phase)} ${refText(row.ref).padEnd(width)}  ${this.#paint(row.phase, state.padEnd(18))} ${elapsed.padStart(6)}${task} ${c.dim(traceText(row.traceId))}${detail}`,
      );
    }
    if (shown.length < rows.length) lines.push(c.dim(`  … and ${rows.length - shown.length} more (${done} done)`));
    this.#update(lines.join("\n"));
  }

  #mark(phase: Phase): string {
    const c = this.#colors;
    if (phase === "done") return c.green("✔");
    if (phase === "queued") return c.dim("·");
    if (ENDINGS.has(phase)) return c.red("✖");
    return c.cyan("›");
  }

  #paint(phase: Phase, text: string): string {
    const c = this.#colors;
    if (phase === "done") return c.green(text);
    if (ENDINGS.has(phase)) return c.red(text);
    return text;
  }
}
