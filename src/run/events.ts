/*
 * What the runner tells the person (or the editor, or CI) as it works. The runner emits these and
 * nothing else; a reporter in progress/ turns them into one of three formats. No event ever carries
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
