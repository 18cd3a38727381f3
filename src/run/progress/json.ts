import type { Reporter, RunEvent } from "../events.js";
import { eventText, isUnfinished } from "./describe.js";

/**
 * `--json`: one JSON object per event per line on stdout, for editors and CI (the event shapes are
 * RunEvent in events.ts, plus `time`). The lines that must reach a person whatever the format — a new
 * task id, a problem — are also written to stderr in words.
 */
export class JsonReporter implements Reporter {
  constructor(
    private readonly stdout: NodeJS.WritableStream,
    private readonly stderr: NodeJS.WritableStream,
    private readonly cwd: string,
  ) {}

  event(event: RunEvent): void {
    this.stdout.write(`${JSON.stringify({ ...event, time: new Date().toISOString() })}\n`);
    if (event.type === "problem") this.stderr.write(`podc: ${isUnfinished(event.problem) ? "" : "error: "}${eventText(event, this.cwd)}\n`);
    else if (event.type === "job" && event.phase === "accepted" && event.taskId) this.stderr.write(`podc: ${eventText(event, this.cwd)}\n`);
  }

  close(): void {
    // Every line is complete when written.
  }
}
