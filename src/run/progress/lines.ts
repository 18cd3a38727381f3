import type { Reporter, RunEvent } from "../events.js";
import { eventText, isUnfinished } from "./describe.js";

/**
 * Progress without a terminal (a pipe, a CI log): one line per event on stderr, appended, never
 * rewritten, so the log reads as a history. Problems start with `error:` (not what is merely unfinished).
 */
export class LinesReporter implements Reporter {
  constructor(
    private readonly stderr: NodeJS.WritableStream,
    private readonly cwd: string,
  ) {}

  event(event: RunEvent): void {
    const prefix = event.type === "problem" && !isUnfinished(event.problem) ? "podc: error: " : "podc: ";
    this.stderr.write(`${prefix}${eventText(event, this.cwd)}\n`);
  }

  close(): void {
    // Nothing is held open: every line is already written.
  }
}
