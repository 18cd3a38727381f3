import type { CallListener, ServiceEvent } from "../service/client.js";
import { describeOutcome, type Failure } from "../service/outcome.js";
import { redactAll } from "../service/redact.js";
import { terminalSafeAll } from "../source/terminal-text.js";
import type { JobRef, Phase, ProblemKind, RunEvent } from "./events.js";
import type { StateStore } from "../state/store.js";
import type { ChoiceResult } from "./downloads.js";
import { refOf, traceOf } from "./job-messages.js";
import type { Job } from "./job.js";
import type { Ending } from "./run-options.js";
import type { SubmitResult } from "./submit.js";

// What a run tells its reporter about each job: its phase, its problem, its retries, always with the latest trace id
// the service gave for it. The runner decides what happens; this says it, and never lets a broken reporter stop it.

interface JobContext {
  ref: JobRef;
  lastTraceId?: string;
}

/** The events of one run, by job. */
export class RunReport {
  readonly #refs = new Map<string, JobRef>();
  /** Each job's exchanges with the service so far, for its retries' messages. */
  readonly #contexts = new Map<string, JobContext>();
  readonly #book: StateStore;
  readonly #report: (event: RunEvent) => void;
  readonly #secrets: readonly string[];

  /** `report` is told every event with `secrets` taken out and script text made safe for a terminal. */
  constructor(book: StateStore, jobs: readonly Job[], report: (event: RunEvent) => void, secrets: readonly string[]) {
    this.#book = book;
    this.#report = report;
    this.#secrets = secrets;
    for (const job of jobs) this.#refs.set(job.key, refOf(job));
  }

  accepted(job: Job, result: Extract<SubmitResult, { type: "accepted" }>): void {
    const detail = result.taskId !== undefined ? `task ${result.taskId}${result.model ? ` (${result.model})` : ""}` : "audio ready";
    this.phase(job, "accepted", {
      ...(result.taskId !== undefined ? { taskId: result.taskId } : {}),
      ...(result.taskStatus !== undefined ? { taskStatus: result.taskStatus } : {}),
      ...(result.traceId ? { traceId: result.traceId } : {}),
      detail,
    });
  }
  problem(job: Job, problem: ProblemKind, message: string, traceId?: string): Ending {
    const phase: Phase =
      problem === "ambiguous" || problem === "rejected" || problem === "failed" || problem === "lost"
        ? problem
        : problem === "not-sent"
          ? "not-sent"
          : "unfinished";
    const trace = traceId ?? this.lastTrace(job);
    this.phase(job, phase, trace ? { traceId: trace } : {});
    this.emit({ type: "problem", ref: this.ref(job), problem, message, ...(trace ? { traceId: trace } : {}) });
    return { kind: problem, message };
  }
  /** A call of the job failed and is tried again after `delayMs`. */
  retry(job: Job, what: string, delayMs: number, failure: Failure): void {
    this.emit({ type: "retry", ref: this.ref(job), what, delayMs, reason: describeOutcome(failure), ...traceOf(failure) });
  }
  /** A file of the job's audio is on disk (downloaded, copied, or already there). */
  file(job: Job, result: Extract<ChoiceResult, { type: "present" }>): void {
    this.emit({
      type: "file",
      ref: this.ref(job),
      path: result.path,
      bytes: result.file.bytes,
      sha256: result.file.sha256,
      how: result.how,
      ...(result.file.durationMs !== undefined ? { durationMs: result.file.durationMs } : {}),
      ...(result.traceId ? { traceId: result.traceId } : traceOf(this.lastTrace(job))),
    });
  }
  phase(job: Job, phase: Phase, extra: { taskId?: string; taskStatus?: string; traceId?: string; detail?: string } = {}): void {
    const record = this.#book.record(job.key);
    const traceId = extra.traceId ?? this.lastTrace(job);
    const taskId = extra.taskId ?? record.taskId;
    this.emit({ type: "job", ref: this.ref(job), phase, ...extra, ...(taskId ? { taskId } : {}), ...(traceId ? { traceId } : {}) });
  }
  lastTrace(job: Job): string | undefined {
    const traces = this.#book.record(job.key).traceIds;
    return traces[traces.length - 1];
  }
  where(job: Job): string {
    const ref = this.ref(job);
    return `${ref.at}: ${ref.label}`;
  }
  ref(job: Job): JobRef {
    return this.#refs.get(job.key) ?? refOf(job);
  }
  /** What the client tells about job `job`'s calls (passed with each call: see service/client.ts CallListener). */
  listener(job: Job): CallListener {
    let context = this.#contexts.get(job.key);
    if (!context) this.#contexts.set(job.key, (context = { ref: this.ref(job) }));
    const known = context;
    return (event) => this.#onClientEvent(known, event);
  }
  #onClientEvent(context: JobContext, event: ServiceEvent): void {
    if (event.type === "outcome" && event.kind !== "accepted" && event.traceId) context.lastTraceId = event.traceId;
    if (event.type !== "retry") return;
    this.emit({
      type: "retry",
      ref: context.ref,
      what: event.operation,
      delayMs: event.delayMs,
      reason: event.reason,
      ...(context.lastTraceId ? { traceId: context.lastTraceId } : {}),
    });
  }
  emit(event: RunEvent): void {
    try {
      // Whatever field of an answer echoed the key, and whatever a title holds, the printers get neither.
      this.#report(terminalSafeAll(redactAll(event, this.#secrets)));
    } catch {
      // A broken reporter (a closed pipe) must not stop the journaling.
    }
  }
}
