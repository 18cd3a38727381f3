import { relative, sep } from "node:path";
import type { ServiceSettings } from "../config/schema.js";
import { taskState } from "../contract/responses.js";
import { clientOptionsFromSettings, ServiceClient } from "../service/client.js";
import { describeOutcome } from "../service/outcome.js";
import { ensureChoice, type ChoiceResult } from "./downloads.js";
import type { ProblemKind, RunEvent } from "./events.js";
import { fileStem, orderWidth } from "./file-names.js";
import { JobBook } from "./job-book.js";
import { ambiguousMessage, becauseText, failedMessage, traceOf } from "./job-messages.js";
import { expectedChoices, type JobRecord } from "./job-record.js";
import type { Episode, Job } from "./job.js";
import type { Because } from "./journal-entry.js";
import type { Journal } from "./journal.js";
import { buildManifest, writeManifest, type PresentFile } from "./manifest.js";
import { listedFiles, removeStaleFiles, type ListedFile } from "./stale-files.js";
import { pollTask, type PollResult } from "./poll.js";
import { nextStep } from "./rerun-rules.js";
import { RetryBudget } from "./retry-budget.js";
import { RunReport } from "./run-report.js";
import { scheduleOrder, Slots } from "./scheduler.js";
import { submitJob, type SubmitResult } from "./submit.js";

/*
 * The orchestration of `podc run`, free of command-line concerns: given compiled episodes, the
 * journal (already locked) and the service, it drives every job from wherever the journal left it to
 * "done", or to a problem it reports. What it may do in each state is in rerun-rules.ts; the money
 * rules of a POST are in submit.ts; polling in poll.ts; files in downloads.ts; what it tells the
 * reporter in run-report.ts, in the words of job-messages.ts.
 */

export interface RunChoices {
  resubmitAmbiguous: boolean;
  retryFailed: boolean;
  regenerateLost: boolean;
}

export interface RunnerOptions {
  episodes: Episode[];
  jobs: Job[];
  journal: Journal;
  /** Repository root: journaled paths are relative to it. */
  root: string;
  /** What job keys were made with (see job.ts keyBaseOf, LOCAL_KEY_BASE). */
  keyBase: string;
  service: { baseUrl: string; apiKey: string; settings: ServiceSettings };
  /** Running against the in-process emulator: see the note above. */
  local: boolean;
  choices: RunChoices;
  /** Largest audio file accepted, in bytes. */
  maxDownloadBytes: number;
  /** Aborted on Ctrl-C. */
  interrupted?: AbortSignal;
  report: (event: RunEvent) => void;
  random?: () => number;
  now?: () => number;
}

export interface RunResult {
  exitCode: 0 | 1;
  /** Each job's ending, by job key. */
  endings: Map<string, Ending>;
  manifests: string[];
}

export type Ending = { kind: "done" } | { kind: ProblemKind; message: string };

/** Runs every job of the episodes to its end (or to the deadline, Ctrl-C, or a stop); never throws for the service's doing. */
export async function runJobs(options: RunnerOptions): Promise<RunResult> {
  const run = new Run(options);
  try {
    return await run.execute();
  } finally {
    await run.close();
  }
}

class Run {
  readonly #o: RunnerOptions;
  readonly #book: JobBook;
  readonly #client: ServiceClient;
  readonly #budget: RetryBudget;
  readonly #slots: Slots;
  readonly #report: RunReport;
  /** Files verified present this run, by episode then job key. */
  readonly #present = new Map<Episode, Map<string, Map<number, PresentFile>>>();
  /** Aborts reads (polls, downloads, waits): Ctrl-C, the deadline, a refused key. */
  readonly #stopReads = new AbortController();
  readonly #deadline: NodeJS.Timeout;
  readonly #onInterrupt: () => void;
  /** Jobs already sent again in this run because their audio was lost: once is enough. */
  readonly #regenerated = new Set<string>();
  /** Why no further paid request may be sent in this run, once one is known. */
  #stopSending: string | undefined;
  readonly #random: () => number;
  readonly #now: () => number;
  readonly #started: number;

  constructor(options: RunnerOptions) {
    this.#o = options;
    this.#random = options.random ?? Math.random;
    this.#now = options.now ?? Date.now;
    this.#started = this.#now();
    this.#book = new JobBook(options.journal);
    this.#report = new RunReport(this.#book, options.jobs, options.report);
    const settings = options.service.settings;
    const interval = settings.pollIntervalMs;
    this.#client = new ServiceClient({
      ...clientOptionsFromSettings(settings, options.service.apiKey, options.service.baseUrl),
      // Polling is itself a retry loop with the shared budget; one exchange's own retries stay short beside it.
      retry: { baseDelayMs: Math.min(500, interval), maxDelayMs: Math.min(8_000, Math.max(1_000, interval * 4)) },
      onEvent: (event) => this.#report.onClientEvent(event),
    });
    this.#budget = new RetryBudget({ baseMs: Math.min(interval, 5_000), maxMs: 60_000, tokens: 10 + 2 * options.jobs.length, random: this.#random, now: this.#now });
    this.#slots = new Slots(settings.concurrency);
    this.#deadline = setTimeout(() => {
      const reason = `the run's deadline (service.timeoutMs, ${Math.round(settings.timeoutMs / 1000)} s) passed`;
      this.#stop(reason, `${reason}: tasks still running stay in the journal — run again to resume`);
      this.#stopReads.abort();
    }, settings.timeoutMs);
    this.#onInterrupt = (): void => {
      this.#stop("interrupted", "interrupted: no new request is sent; answers already on their way are being recorded");
      this.#stopReads.abort();
    };
    if (options.interrupted?.aborted) this.#onInterrupt();
    else options.interrupted?.addEventListener("abort", this.#onInterrupt, { once: true });
  }

  async execute(): Promise<RunResult> {
    const jobs = scheduleOrder(this.#o.jobs, (key) => this.#book.record(key));
    const states = jobs.map((job) => this.#book.record(job.key).state);
    this.#report.emit({
      type: "start",
      jobs: this.#o.jobs.map((job) => this.#report.ref(job)),
      toSend: states.filter((s) => s === "new" || s === "ready").length,
      alreadyDone: states.filter((s) => s === "done").length,
    });
    // What each manifest listed before this run wrote any: the files podc may remove at the end.
    const listedBefore = new Map(this.#o.episodes.map((episode) => [episode, listedFiles(episode.outDir)]));
    const endings = new Map<string, Ending>();
    await Promise.all(
      jobs.map(async (job) => {
        const ending = await this.#report.context.run({ ref: this.#report.ref(job) }, () => this.#drive(job)).catch((error: unknown) => this.#localError(job, error));
        endings.set(job.key, ending);
      }),
    );
    const finished = new Set([...endings].filter(([, ending]) => ending.kind === "done").map(([key]) => key));
    const manifests = this.#o.episodes.map((episode) => this.#writeManifest(episode, { finished, listedBefore: listedBefore.get(episode)! }));
    const counts: Record<string, number> = {};
    for (const ending of endings.values()) counts[ending.kind] = (counts[ending.kind] ?? 0) + 1;
    const exitCode = [...endings.values()].every((e) => e.kind === "done") ? 0 : 1;
    this.#report.emit({ type: "end", exitCode, counts, elapsedMs: this.#now() - this.#started, manifests });
    return { exitCode, endings, manifests };
  }

  async close(): Promise<void> {
    clearTimeout(this.#deadline);
    this.#o.interrupted?.removeEventListener("abort", this.#onInterrupt);
    await this.#client.close().catch(() => undefined);
  }

  /* ------------------------------------------------------------------------------------------- */

  async #drive(job: Job): Promise<Ending> {
    const record = this.#book.record(job.key);
    const step = nextStep(record, job.kind, { ...this.#o.choices, local: this.#o.local });
    switch (step.type) {
      case "finish":
        return this.#finish(job);
      case "resume":
        return this.#resume(job);
      case "send":
        return this.#send(job, step.generation, step.because);
      case "report":
        return this.#report.problem(job, step.problem, step.problem === "ambiguous" ? ambiguousMessage(job, record) : failedMessage(job, record));
    }
  }

  /** Sends the job (waiting for a slot), then follows it to the end. */
  async #send(job: Job, generation: number, because: Because): Promise<Ending> {
    if (this.#stopSending) return this.#notStarted(job);
    if (!(await this.#slots.acquire(this.#stopReads.signal))) return this.#notStarted(job);
    let held = true;
    const release = (): void => {
      if (held) this.#slots.release();
      held = false;
    };
    try {
      if (this.#stopSending) return this.#notStarted(job);
      for (let reason = because; ; reason = "rate-limited") {
        this.#report.phase(job, "sending", because === "first" ? {} : { detail: becauseText(because) });
        const result = await submitJob({ client: this.#client, journal: this.#book, keyBase: this.#o.keyBase }, job, generation, reason);
        if (result.type === "accepted") {
          this.#budget.success();
          this.#report.accepted(job, result);
          if (job.kind === "song" && result.taskId !== undefined) {
            held = false; // the poll takes over the slot and releases it when the task ends
            return this.#poll(job, result.taskId, this.#o.service.settings.pollIntervalMs);
          }
          release();
          return this.#finish(job);
        }
        if (result.type === "rate-limited") {
          const pause = this.#budget.failure(result.failure.retryAfterMs);
          const left = this.#o.service.settings.timeoutMs - (this.#now() - this.#started);
          if (this.#budget.exhausted || pause >= left) {
            const said = describeOutcome(result.failure);
            const message = `${this.#report.where(job)}: the service is rate limiting (${said}); nothing was created — run again later`;
            return this.#report.problem(job, "not-sent", message, result.failure.traceId);
          }
          this.#report.emit({ type: "retry", ref: this.#report.ref(job), what: "send", delayMs: pause, reason: describeOutcome(result.failure), ...traceOf(result.failure) });
          if (!(await this.#budget.waitTurn(this.#stopReads.signal)) || this.#stopSending) return this.#notStarted(job);
          continue;
        }
        return this.#refused(job, result);
      }
    } finally {
      release();
    }
  }

  /** Every outcome of a paid POST other than accepted and rate-limited. */
  #refused(job: Job, result: Exclude<SubmitResult, { type: "accepted" | "rate-limited" }>): Ending {
    const failure = result.failure;
    const said = describeOutcome(failure);
    switch (result.type) {
      case "rejected":
        return this.#report.problem(
          job,
          "rejected",
          `${this.#report.where(job)}: rejected by the service, nothing was billed — ${said}. ` +
            "Fix the script; it is sent again only when it changes (or with --retry-failed)",
          failure.traceId,
        );
      case "ambiguous":
        this.#stop("a paid request ended with an unknown outcome", "an outcome is unknown: no further paid request is sent in this run");
        return this.#report.problem(job, "ambiguous", ambiguousMessage(job, this.#book.record(job.key)), failure.traceId);
      case "quota":
        this.#stop("the account is out of credit", `the service says the account is out of credit (${said}) — add credit, then run again; no further request is sent`);
        return this.#report.problem(job, "not-sent", `${this.#report.where(job)}: not sent — out of credit (quota exceeded)`, failure.traceId);
      case "auth":
        this.#stop("the API key was refused", `the service refused the API key (${said}) — check PODC_API_KEY`);
        this.#stopReads.abort();
        return this.#report.problem(job, "not-sent", `${this.#report.where(job)}: not sent — the API key was refused; check PODC_API_KEY`, failure.traceId);
      case "not-sent":
        this.#budget.failure();
        return this.#report.problem(job, "not-sent", `${this.#report.where(job)}: could not reach the service, nothing was sent (${said}) — run again`, failure.traceId);
    }
  }

  /** A song task already running from an earlier run: wait for a slot, then poll it. */
  async #resume(job: Job): Promise<Ending> {
    const record = this.#book.record(job.key);
    const taskId = record.taskId!;
    if (!(await this.#slots.acquire(this.#stopReads.signal))) return this.#stillRunning(job, taskId);
    this.#report.phase(job, "polling", { taskId, ...(record.taskStatus ? { taskStatus: record.taskStatus } : {}), detail: "resumed" });
    return this.#poll(job, taskId, 0);
  }

  /** Polls a song task while holding a slot (released here), then downloads its audio. */
  async #poll(job: Job, taskId: string, firstDelayMs: number): Promise<Ending> {
    let result: PollResult;
    try {
      result = await pollTask(
        { client: this.#client, intervalMs: this.#o.service.settings.pollIntervalMs, budget: this.#budget, signal: this.#stopReads.signal, random: this.#random },
        taskId,
        {
          firstDelayMs,
          onStatus: (status, traceId) => {
            this.#book.append({ type: "polling", job: job.key, taskId, status, ...(traceId ? { traceId } : {}) });
            this.#report.phase(job, "polling", { taskId, taskStatus: status, ...(traceId ? { traceId } : {}) });
          },
          onRetry: (delayMs, failure) =>
            this.#report.emit({ type: "retry", ref: this.#report.ref(job), what: `query task ${taskId}`, delayMs, reason: describeOutcome(failure), ...traceOf(failure) }),
        },
      );
    } finally {
      this.#slots.release();
    }
    switch (result.type) {
      case "succeeded": {
        const { task } = result;
        this.#book.append({
          type: "succeeded",
          job: job.key,
          taskId,
          ...(task.model ? { model: task.model } : {}),
          choices: result.choices.map((c) => ({ index: c.index, url: c.url, ...(typeof c.duration === "number" ? { durationMs: c.duration } : {}) })),
          ...(result.traceId ? { traceId: result.traceId } : {}),
        });
        return this.#finish(job);
      }
      case "failed":
        this.#book.append({ type: "failed", job: job.key, taskId, status: result.status, reason: result.reason, ...(result.traceId ? { traceId: result.traceId } : {}) });
        return this.#report.problem(job, "failed", failedMessage(job, this.#book.record(job.key)), result.traceId);
      case "stopped":
        return this.#stillRunning(job, taskId);
      case "unknown":
        if (this.#o.local) return this.#send(job, this.#book.record(job.key).generation, "local-lost");
        return this.#report.problem(
          job,
          "unknown-task",
          `${this.#report.where(job)}: the service does not know task ${taskId} (${describeOutcome(result.failure)}) — check service.queryPath; ` +
            "the request is not sent again (it was accepted, and may be billed)",
          result.failure.traceId,
        );
      case "auth":
        this.#stop("the API key was refused", `the service refused the API key (${describeOutcome(result.failure)}) — check PODC_API_KEY`);
        this.#stopReads.abort();
        return this.#stillRunning(job, taskId);
      case "gave-up":
        this.#stop("the service kept failing", `the service kept failing (${describeOutcome(result.failure)}); stopping — run again later to resume`);
        return this.#stillRunning(job, taskId);
    }
  }

  /** Puts every choice of a finished job on disk in every episode that uses it; marks it done. */
  async #finish(job: Job): Promise<Ending> {
    const record = this.#book.record(job.key);
    const choices = expectedChoices(record, job.kind);
    if (choices.length === 0) return this.#report.problem(job, "download", `${this.#report.where(job)}: the journal has no audio link for this request — run again`);
    let fetching = false;
    const beforeFetch = (): void => {
      if (!fetching) this.#report.phase(job, "downloading");
      fetching = true;
    };
    const failures: Extract<ChoiceResult, { type: "failed" }>[] = [];
    for (const { episode, entry } of job.placements) {
      const target = { outDir: episode.outDir, stem: fileStem(entry, orderWidth(episode.entries.length)) };
      for (const choice of choices) {
        const refreshUrl = job.kind === "song" && record.taskId ? () => this.#freshUrl(record, choice.index) : undefined;
        const result = await ensureChoice(
          {
            client: this.#client,
            journal: this.#book,
            root: this.#o.root,
            maxBytes: this.#o.maxDownloadBytes,
            signal: this.#stopReads.signal,
            now: this.#now,
            ...(this.#o.local ? { isDeadLink: (url: string) => !sameOrigin(url, this.#o.service.baseUrl) } : {}),
          },
          job,
          record,
          choice,
          target,
          { beforeFetch, ...(refreshUrl ? { refreshUrl } : {}) },
        );
        if (result.type === "stopped") return this.#report.problem(job, "download", `${this.#report.where(job)}: download stopped (${this.#stopSending ?? "interrupted"}) — run again to finish it`);
        if (result.type === "failed") {
          failures.push(result);
          continue;
        }
        const { bytes, sha256, durationMs } = result.file;
        this.#addPresent(episode, job, { choice: choice.index, path: result.path, bytes, sha256, ...(durationMs !== undefined ? { durationMs } : {}) });
        this.#report.emit({
          type: "file",
          ref: this.#report.ref(job),
          path: result.path,
          bytes: result.file.bytes,
          sha256: result.file.sha256,
          how: result.how,
          ...(result.file.durationMs !== undefined ? { durationMs: result.file.durationMs } : {}),
          ...(result.traceId ? { traceId: result.traceId } : traceOf(this.#report.lastTrace(job))),
        });
        if (result.how !== "verified") this.#writeManifest(episode);
      }
    }
    if (failures.length > 0) {
      const lost = failures.find((f) => f.lost);
      if (lost && (this.#o.local || this.#o.choices.regenerateLost) && !this.#regenerated.has(job.key)) {
        this.#regenerated.add(job.key);
        return this.#send(job, record.generation + 1, this.#o.local ? "local-lost" : "regenerate-lost");
      }
      const refused = failures.find((f) => f.refused);
      if (refused && !lost) {
        return this.#report.problem(
          job,
          "download",
          `${this.#report.where(job)}: ${refused.failure.message}. Running again will not help: the request was paid for, so quote its trace id to the service's support`,
          refused.failure.traceId,
        );
      }
      const first = (lost ?? failures[0])!.failure;
      const said = first.status !== undefined && !first.message.includes(`HTTP ${first.status}`) ? `${first.message} (HTTP ${first.status})` : first.message;
      if (lost) {
        return this.#report.problem(
          job,
          "lost",
          `${this.#report.where(job)}: the audio is not on disk and its link no longer works (${said}); podc does not pay for it again on its own — ` +
            "restore the file, or run with --regenerate-lost to send a new (billed) request",
          first.traceId,
        );
      }
      return this.#report.problem(job, "download", `${this.#report.where(job)}: download failed (${said}) — run again to retry; nothing will be sent again`, first.traceId);
    }
    if (record.state !== "done") this.#book.append({ type: "done", job: job.key });
    this.#report.phase(job, "done");
    return { kind: "done" };
  }

  /** A song's current link for a choice, by asking the service again (a free read). */
  async #freshUrl(record: JobRecord, index: number): Promise<string | undefined> {
    if (!record.taskId) return undefined;
    const outcome = await this.#client.queryTask(record.taskId, { signal: this.#stopReads.signal });
    if (outcome.kind !== "accepted") return undefined;
    const state = taskState(outcome.value);
    return state.state === "succeeded" ? state.choices.find((c) => c.index === index)?.url : undefined;
  }

  /* ------------------------------------------------------------------------------------------- */


  /**
   * Trouble on this machine (the journal or an output folder cannot be written). The journal entry
   * before a POST is written first, so a job that hits this has sent nothing it did not record; no
   * further POST is sent in this run.
   */
  #localError(job: Job, error: unknown): Ending {
    const message = error instanceof Error ? error.message : String(error);
    this.#stop("a local error", `stopping: ${message}`);
    return this.#report.problem(job, "error", `${this.#report.where(job)}: ${message}`);
  }

  #stillRunning(job: Job, taskId: string): Ending {
    return this.#report.problem(job, "still-running", `${this.#report.where(job)}: task ${taskId} is still running — run again to resume (it will not be sent again)`, this.#report.lastTrace(job));
  }

  #notStarted(job: Job): Ending {
    return this.#report.problem(job, "not-started", `${this.#report.where(job)}: not sent (${this.#stopSending ?? "stopped"}) — run again to send it`);
  }



  /** Stops further paid requests for the rest of the run; the first reason is the one reported. */
  #stop(reason: string, notice?: string): void {
    if (this.#stopSending) return;
    this.#stopSending = reason;
    if (notice) this.#report.emit({ type: "notice", message: notice });
  }




  #addPresent(episode: Episode, job: Job, file: PresentFile): void {
    let byJob = this.#present.get(episode);
    if (!byJob) this.#present.set(episode, (byJob = new Map()));
    let byChoice = byJob.get(job.key);
    if (!byChoice) byJob.set(job.key, (byChoice = new Map()));
    byChoice.set(file.choice, file);
  }

  /**
   * Writes the episode's manifest. At the end of the run, given the jobs that `finished` (every file in place and
   * verified) and what the manifest listed before the run, also removes the files the episode no longer uses.
   */
  #writeManifest(episode: Episode, end?: { finished: ReadonlySet<string>; listedBefore: readonly ListedFile[] }): string {
    const manifest = buildManifest(
      episode,
      (key) => this.#book.record(key),
      (key) => [...(this.#present.get(episode)?.get(key)?.values() ?? [])],
    );
    const path = writeManifest(episode.outDir, manifest);
    // Only at the end: mid-run, a job's files are not all verified yet, and its old ones may still be the ones to keep.
    for (const removed of end ? removeStaleFiles(episode.outDir, end.listedBefore, manifest, end.finished) : []) {
      const shown = relative(this.#o.root, removed).split(sep).join("/");
      this.#report.emit({ type: "notice", message: `removed ${shown}: the episode no longer uses it (podc wrote it, and it was unchanged)` });
    }
    return path;
  }


}

function sameOrigin(url: string, base: string): boolean {
  return URL.canParse(url) && new URL(url).origin === new URL(base).origin;
}
