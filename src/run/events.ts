import { displayPath } from "../files/display-path.js";

/*
 * What the runner tells the person (or the editor, or CI) as it works. The runner emits these and
 * nothing else; a reporter (below, or tty-progress.ts) turns them into one of three formats. No event ever carries
 * the API key: messages come from the service client, which removes it.
 */

/** A job as messages name it. */
export interface JobRef {
  /** The job key (hex). */
  job: string;
  kind: "song" | "podcast";
  /** `song "Night Shift Anthem"`, `podcast "Cold open"`. */
  label: string;
  /** `episodes/ep01.pod:21`: the script line it comes from (the first, when repeated). */
  at: string;
  episode: string;
  /** Its number in the episode's file names. */
  order: number;
}

/** Where a job stands in this run. */
export type Phase =
  | "queued"
  /** Another run (on a shared state store) works on the job; this one waits to take it from there. */
  | "waiting"
  | "sending"
  | "accepted"
  | "polling"
  | "downloading"
  | "done"
  | "ambiguous"
  | "rejected"
  | "failed"
  | "lost"
  | "unfinished"
  | "not-sent";

/** Why a job is not done at the end of the run; each one makes the exit code 1. */
export type ProblemKind =
  | "ambiguous"
  | "rejected"
  | "failed"
  | "lost"
  | "download"
  | "unknown-task"
  /** The task ended in a way this podc cannot read; its answer is journaled, nothing is paid again. */
  | "unreadable"
  | "still-running"
  | "not-started"
  | "not-sent"
  /** Trouble on this machine (a full disk, an unwritable folder): nothing more is sent. */
  | "error";

export type RunEvent =
  | { type: "start"; jobs: JobRef[]; toSend: number; alreadyDone: number }
  | { type: "job"; ref: JobRef; phase: Phase; taskId?: string; taskStatus?: string; traceId?: string; detail?: string }
  | { type: "retry"; ref?: JobRef; what: string; delayMs: number; reason: string; traceId?: string }
  | {
      type: "file";
      ref: JobRef;
      path: string;
      bytes: number;
      sha256: string;
      durationMs?: number;
      traceId?: string;
      how: "downloaded" | "copied" | "verified" | "from the state store";
    }
  | { type: "problem"; ref: JobRef; problem: ProblemKind; message: string; traceId?: string }
  | { type: "notice"; message: string }
  | { type: "end"; exitCode: number; counts: Record<string, number>; elapsedMs: number; manifests: string[] };

/** Turns events into output. `close` ends a live view; it is called once, after the last event. */
export interface Reporter {
  event(event: RunEvent): void;
  close(): void;
}

/*
 * The wording every human format shares, so a line reads the same in a terminal, a CI log and the
 * live view. Every line about a request names it, where it comes from in the script, and its trace
 * id (or says there is none yet), because that id is what support asks for.
 */

/** `[night-shift 02] song "Night Shift Anthem" (examples/night-shift.pod:21)` */
export function refText(ref: JobRef): string {
  return `[${ref.episode} ${String(ref.order).padStart(2, "0")}] ${ref.label} (${ref.at})`;
}

/** `[trace 4f3a…]`, or `[no trace id yet]` before the service has answered anything. */
export function traceText(traceId: string | undefined): string {
  return traceId ? `[trace ${traceId}]` : "[no trace id yet]";
}

/** `2.2 MB` */
function sizeText(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** `0.4 s`, `1:07` */
export function durationText(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** The one-line, human form of an event (without the `podc: ` prefix). */
export function eventText(event: RunEvent, cwd: string): string {
  switch (event.type) {
    case "start": {
      const parts = [`${event.jobs.length} request${event.jobs.length === 1 ? "" : "s"}`, `${event.toSend} to send`];
      if (event.alreadyDone > 0) parts.push(`${event.alreadyDone} already done`);
      return parts.join(", ");
    }
    case "job": {
      const words: string[] = [event.phase];
      if (event.phase === "accepted" && event.taskId) words.push(`task ${event.taskId}`);
      else if (event.phase === "polling" && event.taskStatus) words.push(`task ${event.taskId ?? "?"} ${event.taskStatus}`);
      if (event.detail && !(event.phase === "accepted" && event.taskId)) words.push(`(${event.detail})`);
      return `${refText(event.ref)}: ${words.join(" ")} ${traceText(event.traceId)}`;
    }
    case "retry":
      return `${event.ref ? `${refText(event.ref)}: ` : ""}${event.what} failed (${event.reason}); next try in ${durationText(event.delayMs)} ${traceText(event.traceId)}`;
    case "file": {
      const how = event.how === "verified" ? "already on disk" : event.how;
      const length = event.durationMs !== undefined ? `, ${durationText(event.durationMs)}` : "";
      return `${refText(event.ref)}: ${how} ${displayPath(event.path, cwd)} (${sizeText(event.bytes)}${length}) ${traceText(event.traceId)}`;
    }
    case "problem":
      return event.traceId && !event.message.includes(event.traceId) ? `${event.message} ${traceText(event.traceId)}` : event.message;
    case "notice":
      return event.message;
    case "end":
      return summaryText(event.counts, event.elapsedMs);
  }
}

const ENDING_WORDS: Record<string, string> = {
  done: "done",
  ambiguous: "outcome unknown",
  rejected: "rejected",
  failed: "failed",
  lost: "lost",
  download: "download failed",
  "unknown-task": "task unknown to the service",
  "still-running": "still running",
  "not-started": "not sent yet",
  "not-sent": "not sent",
  error: "stopped by a local error",
};

/** Problems that are only "not finished yet": the next run carries on; they are no error of anyone's. */
export function isUnfinished(problem: string): boolean {
  return problem === "still-running" || problem === "not-started";
}

/** `3 done, 1 still running — run again to resume (12.3 s)` */
function summaryText(counts: Record<string, number>, elapsedMs: number): string {
  const parts = Object.entries(counts).map(([kind, n]) => `${n} ${ENDING_WORDS[kind] ?? kind}`);
  const unresolved = Object.entries(counts).some(([kind, n]) => kind !== "done" && n > 0);
  const resumable = (counts["still-running"] ?? 0) + (counts["not-started"] ?? 0) + (counts.download ?? 0) + (counts["not-sent"] ?? 0) > 0;
  const advice = unresolved ? (resumable ? " — run again to resume" : " — see above") : "";
  return `${parts.join(", ") || "nothing to do"}${advice} (${durationText(elapsedMs)})`;
}

/**
 * `--json`: one JSON object per event per line on stdout, for editors and CI (the event shapes are
 * RunEvent above, plus `time`). The lines that must reach a person whatever the format — a new
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
