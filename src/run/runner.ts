import { setMaxListeners } from "node:events";
import { relative, sep } from "node:path";
import type { ServiceSettings } from "../config/schema.js";
import { type CallListener, clientOptionsFromSettings, ServiceClient, type ServiceEvent } from "../service/client.js";
import { authAdvice, describeOutcome, type Failure } from "../service/outcome.js";
import { redactAll } from "../service/redact.js";
import { terminalSafeAll } from "../source/terminal-text.js";
import { type Because, expectedChoices, type JobRecord } from "../state/job-record.js";
import { ClaimLostError, type EntryWriter, type StateStore } from "../state/store.js";
import { type ChoiceResult, discardStaged, ensureChoice, presentFile, stageCopies, type StagedCopy } from "./downloads.js";
import { EpisodeManifests, fileStem, type ListedFile, listedFiles, orderWidth } from "./episode-folder.js";
import type { JobRef, Phase, ProblemKind, RunEvent } from "./events.js";
import {
  ambiguousMessage,
  becauseText,
  downloadVerdict,
  failedMessage,
  freshChoiceUrl,
  jobClient,
  type JobClient,
  pollEndEntry,
  type PollResult,
  pollTask,
  refOf,
  refusalVerdict,
  rereadEntry,
  RetryBudget,
  secondsNotice,
  submitJob,
  type SubmitResult,
  traceOf,
  unreadableMessage,
  type Verdict,
} from "./job-steps.js";
import type { Episode, Job } from "./job.js";
import { nextStep, type RunChoices } from "./rerun-rules.js";

/*
 * The orchestration of `podc run`, free of command-line concerns: given compiled episodes, the
 * journal (already locked) and the service, it drives every job from wherever the journal left it to
 * "done", or to a problem it reports. What it may do in each state is in rerun-rules.ts; the money
 * rules of a POST, polling and the words of each ending are in job-steps.ts; files in downloads.ts; what it tells
 * the reporter is RunReport's, below.
 */

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
  readonly #book: StateStore;
  /** The store's appends, given up when the run stops (Ctrl-C, the deadline) while the database is unreachable. */
  readonly #writer: EntryWriter;
  readonly #client: ServiceClient;
  readonly #budget: RetryBudget;
  readonly #report: RunReport;
  /** Files verified present this run, and each episode's manifest. */
  readonly #manifests: EpisodeManifests;
  /** Ctrl-C, the deadline, a refused key: what stops sending and reading. */
  readonly #stops: RunStops;
  /** Jobs already sent again in this run because their audio was lost: once is enough. */
  readonly #regenerated = new Set<string>();
  /** Copies of files an edit moved to new names, made before the run wrote anything (see stageCopies). */
  #staged = new Map<string, StagedCopy>();
  readonly #random: () => number;
  readonly #now: () => number;
  readonly #started: number;

  constructor(options: RunnerOptions) {
    this.#o = options;
    this.#random = options.random ?? Math.random;
    this.#now = options.now ?? Date.now;
    this.#started = this.#now();
    this.#book = options.store;
    const secrets = [options.service.apiKey];
    this.#writer = { where: options.store.where, append: (entry) => this.#book.append(redactAll(entry, secrets), this.#stops.signal) };
    this.#report = new RunReport(this.#book, options.jobs, options.report, secrets);
    this.#manifests = new EpisodeManifests((key) => this.#book.record(key), this.#now);
    options.store.onNotice = (message) => this.#report.emit({ type: "notice", message });
    const { client, budget } = runService(options, this.#random, this.#now);
    this.#client = client;
    this.#budget = budget;
    // Last, so that nothing above can throw with the deadline's timer already set.
    this.#stops = new RunStops({
      timeoutMs: options.service.settings.timeoutMs,
      interrupted: options.interrupted,
      notice: (message) => this.#report.emit({ type: "notice", message }),
    });
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
    this.#staged = await stageCopies(
      this.#o.root,
      jobs.flatMap((job) => {
        const record = this.#book.record(job.key);
        const choices = record.files.length === 0 ? [] : expectedChoices(record, job.kind);
        return job.placements.flatMap(({ episode, entry }) =>
          choices.map((choice) => ({
            job,
            record,
            choice: choice.index,
            target: { outDir: episode.outDir, stem: fileStem(entry, orderWidth(episode.entries.length)) },
          })),
        );
      }),
    );
    // The jobs that can have a slot at once start first; the rest, which would only queue for one, once the first jobs'
    // intents have left for the disk: the journal writes a batch in a setImmediate their commits queue, before the inner
    // one of the two here. After a timer instead, the first request waited for every other job's first steps. The order
    // jobs ask for slots is the schedule's either way.
    const first = Math.max(1, this.#o.service.settings.concurrency);
    let rest: Promise<void> | undefined;
    await Promise.all(
      jobs.map(async (job, index) => {
        if (index >= first) await (rest ??= new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve))));
        const ending = await this.#drive(job).catch((error: unknown) => this.#localError(job, error));
        endings.set(job.key, ending);
      }),
    );
    await discardStaged(this.#staged);
    await this.#manifests.settled();
    const finished = new Set([...endings].filter(([, ending]) => ending.kind === "done").map(([key]) => key));
    const manifests = this.#o.episodes.map((episode) => this.#writeManifest(episode, { finished, listedBefore: listedBefore.get(episode)! }));
    const counts: Record<string, number> = {};
    for (const ending of endings.values()) counts[ending.kind] = (counts[ending.kind] ?? 0) + 1;
    const exitCode = [...endings.values()].every((e) => e.kind === "done") ? 0 : 1;
    this.#report.emit({ type: "end", exitCode, counts, elapsedMs: this.#now() - this.#started, manifests });
    return { exitCode, endings, manifests };
  }

  async close(): Promise<void> {
    this.#stops.close();
    await this.#client.close().catch(() => undefined);
  }

  /* ------------------------------------------------------------------------------------------- */

  /** Drives the job while holding the store's claim on it (on a shared store, another machine may be driving it: wait, then take it from there). */
  async #drive(job: Job): Promise<Ending> {
    const claimed = await this.#book.claim(job.key, this.#stops.signal, (other) =>
      this.#report.phase(job, "waiting", { detail: `another podc run works on it (pid ${other.pid} on ${other.host}, since ${other.startedAt})` }),
    );
    if (!claimed) return this.#notStarted(job);
    try {
      return await this.#step(job);
    } finally {
      await this.#book.release(job.key);
    }
  }

  async #step(job: Job): Promise<Ending> {
    // An answer an earlier podc journaled but could not read may be readable now: the job goes on from it, unpaid.
    const reread = rereadEntry(this.#book.record(job.key), job.kind);
    if (reread) await this.#writer.append(reread);
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
    if (this.#stops.sending) return this.#notStarted(job);
    if (!(await this.#book.slots.acquire(this.#stops.signal))) return this.#notStarted(job);
    let held = true;
    const release = (): void => {
      if (held) this.#book.slots.release();
      held = false;
    };
    try {
      if (this.#stops.sending) return this.#notStarted(job);
      for (let reason = because; ; reason = "rate-limited") {
        // A pause the service asked for (Retry-After, a 429) holds every paid POST of the account, not only the answered one.
        if (!(await this.#budget.waitTurn(this.#stops.signal)) || this.#stops.sending) return this.#notStarted(job);
        this.#report.phase(job, "sending", because === "first" ? {} : { detail: becauseText(because) });
        // An accepted podcast has finished rendering: its slot is free before its answer is durable (a rate-limited one keeps it for the retry).
        const answered = (outcome: { kind: string }): void => (outcome.kind === "accepted" ? release() : undefined);
        const result = await submitJob({ client: this.#clientFor(job), journal: this.#writer, keyBase: this.#o.keyBase, answered }, job, generation, reason);
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
          this.#report.retry(job, "send", pause, result.failure);
          continue;
        }
        return this.#refused(job, result);
      }
    } catch (error) {
      if (!(error instanceof ClaimLostError)) throw error;
      this.#stops.stop("this run lost its claim in the state database", `stopping: ${error.message}; no further paid request is sent in this run`);
      return this.#report.problem(job, "not-started", `${this.#report.where(job)}: not sent — ${error.message}; run again`);
    } finally {
      release();
    }
  }

  /** Every outcome of a paid POST other than accepted and rate-limited. */
  #refused(job: Job, result: Exclude<SubmitResult, { type: "accepted" | "rate-limited" }>): Ending {
    return this.#apply(
      job,
      refusalVerdict(this.#report.where(job), result, () => ambiguousMessage(job, this.#book.record(job.key))),
    );
  }

  /** Ends the job with `verdict`'s problem, first stopping what it says to stop. */
  #apply(job: Job, verdict: Verdict): Ending {
    if (verdict.stop) this.#stops.stop(verdict.stop.reason, verdict.stop.notice);
    if (verdict.stopReads) this.#stops.abortReads();
    if (verdict.unreachable) this.#budget.failure();
    return this.#report.problem(job, verdict.problem, verdict.message, verdict.traceId);
  }

  /** A song task already running from an earlier run: wait for a slot, then poll it. */
  async #resume(job: Job): Promise<Ending> {
    const record = this.#book.record(job.key);
    const taskId = record.taskId!;
    if (!(await this.#book.slots.acquire(this.#stops.signal))) return this.#stillRunning(job, taskId);
    this.#report.phase(job, "polling", { taskId, ...(record.taskStatus ? { taskStatus: record.taskStatus } : {}), detail: "resumed" });
    return this.#poll(job, taskId, 0);
  }

  /** Polls a song task while holding a slot (released here), then downloads its audio. */
  async #poll(job: Job, taskId: string, firstDelayMs: number): Promise<Ending> {
    let result: PollResult;
    try {
      result = await pollTask(
        {
          client: this.#clientFor(job),
          intervalMs: this.#o.service.settings.pollIntervalMs,
          budget: this.#budget,
          signal: this.#stops.signal,
          random: this.#random,
          prefer: this.#o.service.settings.songLinks,
        },
        taskId,
        {
          firstDelayMs,
          onStatus: async (status, traceId) => {
            await this.#writer.append({ type: "polling", job: job.key, taskId, status, ...(traceId ? { traceId } : {}) });
            this.#report.phase(job, "polling", { taskId, taskStatus: status, ...(traceId ? { traceId } : {}) });
          },
          onRetry: (delayMs, failure) => this.#report.retry(job, `query task ${taskId}`, delayMs, failure),
        },
      );
    } finally {
      this.#book.slots.release();
    }
    const ended = pollEndEntry(job.key, taskId, result);
    if (ended) await this.#writer.append(ended);
    switch (result.type) {
      case "succeeded":
        return this.#finish(job);
      case "failed":
        return this.#report.problem(job, "failed", failedMessage(job, this.#book.record(job.key)), result.traceId);
      case "unrecognised":
        return this.#report.problem(job, "unreadable", unreadableMessage(job, taskId, result), result.traceId);
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
        this.#stops.stop("the API key was refused", `the service refused the request (${describeOutcome(result.failure)}) — ${authAdvice(result.failure)}`);
        this.#stops.abortReads();
        return this.#stillRunning(job, taskId);
      case "gave-up":
        this.#stops.stop("the service kept failing", `the service kept failing (${describeOutcome(result.failure)}); stopping — run again later to resume`);
        return this.#stillRunning(job, taskId);
    }
  }

  /** Puts every choice of a finished job on disk in every episode that uses it; marks it done. */
  async #finish(job: Job): Promise<Ending> {
    const record = this.#book.record(job.key);
    const choices = expectedChoices(record, job.kind);
    if (choices.length === 0)
      return this.#report.problem(job, "download", `${this.#report.where(job)}: the journal has no audio link for this request — run again`);
    let fetching = false;
    const beforeFetch = (): void => {
      if (!fetching) this.#report.phase(job, "downloading");
      fetching = true;
    };
    const failures: Extract<ChoiceResult, { type: "failed" }>[] = [];
    for (const { episode, entry } of job.placements) {
      const target = { outDir: episode.outDir, stem: fileStem(entry, orderWidth(episode.entries.length)) };
      for (const choice of choices) {
        const taskId = job.kind === "song" ? record.taskId : undefined;
        const refreshUrl = taskId
          ? () => freshChoiceUrl(this.#clientFor(job), taskId, choice.index, this.#stops.signal, this.#o.service.settings.songLinks)
          : undefined;
        const result = await ensureChoice(
          {
            client: this.#clientFor(job),
            journal: this.#writer,
            ...(this.#book.audio ? { shelf: this.#book.audio } : {}),
            root: this.#o.root,
            maxBytes: this.#o.maxDownloadBytes,
            signal: this.#stops.signal,
            now: this.#now,
            staged: this.#staged,
            ...(this.#o.local ? { isDeadLink: (url: string) => !sameOrigin(url, this.#o.service.baseUrl) } : {}),
          },
          job,
          record,
          choice,
          target,
          { beforeFetch, ...(refreshUrl ? { refreshUrl } : {}) },
        );
        if (result.type === "stopped")
          return this.#report.problem(
            job,
            "download",
            `${this.#report.where(job)}: download stopped (${this.#stops.sending ?? "interrupted"}) — run again to finish it`,
          );
        if (result.type === "failed") {
          failures.push(result);
          continue;
        }
        this.#manifests.add(episode, job.key, presentFile(choice, result), result.how !== "verified");
        this.#report.file(job, result);
        if (result.how === "downloaded" && result.file.durationUnit === "s")
          this.#report.emit({ type: "notice", message: secondsNotice(this.#report.where(job), choice, result.file) });
      }
    }
    if (failures.length > 0) {
      const lost = failures.find((f) => f.lost);
      if (lost && (this.#o.local || this.#o.choices.regenerateLost) && !this.#regenerated.has(job.key)) {
        this.#regenerated.add(job.key);
        return this.#send(job, record.generation + 1, this.#o.local ? "local-lost" : "regenerate-lost");
      }
      return this.#apply(job, downloadVerdict(this.#report.where(job), failures));
    }
    if (record.state !== "done") await this.#writer.append({ type: "done", job: job.key });
    this.#report.phase(job, "done");
    return { kind: "done" };
  }

  /** Trouble on this machine (the journal or an output folder cannot be written): the job sent nothing it did not
   *  record first (its intent), and no further POST is sent in this run. */
  #localError(job: Job, error: unknown): Ending {
    const message = error instanceof Error ? error.message : String(error);
    this.#stops.stop("a local error", `stopping: ${message}`);
    return this.#report.problem(job, "error", `${this.#report.where(job)}: ${message}`);
  }

  #stillRunning(job: Job, taskId: string): Ending {
    return this.#report.problem(
      job,
      "still-running",
      `${this.#report.where(job)}: task ${taskId} is still running — run again to resume (it will not be sent again)`,
      this.#report.lastTrace(job),
    );
  }

  #notStarted(job: Job): Ending {
    return this.#report.problem(job, "not-started", `${this.#report.where(job)}: not sent (${this.#stops.sending ?? "stopped"}) — run again to send it`);
  }

  /** The client for job `job`'s calls: the run's report hears which job each of them belongs to. */
  #clientFor(job: Job): JobClient {
    return jobClient(this.#client, this.#report.listener(job));
  }

  /** Writes the episode's manifest at the end of the run, removing the files it no longer uses; returns its path. */
  #writeManifest(episode: Episode, end: { finished: ReadonlySet<string>; listedBefore: readonly ListedFile[] }): string {
    const { path, removed } = this.#manifests.write(episode, end);
    const shown = (file: string): string => relative(this.#o.root, file).split(sep).join("/");
    for (const file of removed)
      this.#report.emit({ type: "notice", message: `removed ${shown(file)}: the episode no longer uses it (podc wrote it, and it was unchanged)` });
    return path;
  }
}

const sameOrigin = (url: string, base: string): boolean => URL.canParse(url) && new URL(url).origin === new URL(base).origin;

/**
 * How the run talks to the service: one client for every job, and one retry budget that every job's pauses draw on,
 * both paced by the configured poll interval.
 */
function runService(options: RunnerOptions, random: () => number, now: () => number): { client: ServiceClient; budget: RetryBudget } {
  const settings = options.service.settings;
  const interval = settings.pollIntervalMs;
  const client = new ServiceClient({
    ...clientOptionsFromSettings(settings, options.service.apiKey, options.service.baseUrl),
    // Polling is itself a retry loop with the shared budget; one exchange's own retries stay short beside it.
    retry: { baseDelayMs: Math.min(500, interval), maxDelayMs: Math.min(8_000, Math.max(1_000, interval * 4)) },
  });
  const budget = new RetryBudget({ baseMs: Math.min(interval, 5_000), maxMs: 60_000, tokens: 10 + 2 * options.jobs.length, random, now });
  return { client, budget };
}

/**
 * Jobs in the order they ask for the store's slots (concurrency/slots.ts): song tasks already running from an earlier
 * run first, then the rest in script order. The account's limit counts song tasks until they end and podcasts while
 * they render, so a slot is held from the POST until the task ends (a song) or the answer arrives (a podcast); tasks
 * already running are on the account already, and a new POST beside them would only be turned away with a 429.
 */
function scheduleOrder(jobs: readonly Job[], recordOf: (key: string) => JobRecord): Job[] {
  const running = (job: Job): boolean => {
    const state = recordOf(job.key).state;
    return job.kind === "song" && (state === "accepted" || state === "polling");
  };
  return [...jobs.filter(running), ...jobs.filter((job) => !running(job))];
}

// What the runner is given and what it gives back.

export interface RunnerOptions {
  episodes: Episode[];
  jobs: Job[];
  /** Where job states live (the journal, or the shared database), already held for this run. */
  store: StateStore;
  /** Repository root: journaled paths are relative to it. */
  root: string;
  /** What job keys are made with (the base URL, or localKeyBase(engine): see job.ts). */
  keyBase: string;
  service: { baseUrl: string; apiKey: string; settings: ServiceSettings };
  /** Running against the in-process emulator (`podc run --local`): its links die with it, so lost audio is simply made again. */
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

/*
 * When a run stops sending and reading: Ctrl-C, the deadline, a refused key, a lost claim, a local error. Sending
 * stops for the rest of the run with the first reason given (the one reported); reads (polls, downloads, waits) are
 * aborted through one signal that every job in flight listens to.
 */

class RunStops {
  /** Aborts reads (polls, downloads, waits): Ctrl-C, the deadline, a refused key. */
  readonly #reads = new AbortController();
  readonly #deadline: NodeJS.Timeout;
  readonly #onInterrupt: () => void;
  readonly #interrupted: AbortSignal | undefined;
  readonly #notice: (message: string) => void;
  /** Why no further paid request may be sent in this run, once one is known. */
  #sending: string | undefined;

  constructor(options: { timeoutMs: number; interrupted: AbortSignal | undefined; notice: (message: string) => void }) {
    this.#notice = options.notice;
    this.#interrupted = options.interrupted;
    // Every job in flight listens to it (a poll, a download, a wait): with concurrency 10, more than Node's default warns of.
    setMaxListeners(0, this.#reads.signal);
    this.#deadline = setTimeout(() => {
      const reason = `the run's deadline (service.timeoutMs, ${Math.round(options.timeoutMs / 1000)} s) passed`;
      this.stop(reason, `${reason}: tasks still running stay in the journal — run again to resume`);
      this.abortReads();
    }, options.timeoutMs);
    this.#onInterrupt = (): void => {
      // Ctrl-C needs no name; a signal from elsewhere (SIGTERM from `docker stop` or a CI cancel) is named, so the log says who stopped the run.
      const reason = options.interrupted?.reason;
      const by = typeof reason === "string" && reason !== "SIGINT" ? ` by ${reason}` : "";
      this.stop("interrupted", `interrupted${by}: no new request is sent; answers already on their way are being recorded`);
      this.abortReads();
    };
    if (options.interrupted?.aborted) this.#onInterrupt();
    else options.interrupted?.addEventListener("abort", this.#onInterrupt, { once: true });
  }

  /** Aborted when reads must end. */
  get signal(): AbortSignal {
    return this.#reads.signal;
  }

  /** Why sending stopped, or undefined while it may go on. */
  get sending(): string | undefined {
    return this.#sending;
  }

  /** Stops further paid requests for the rest of the run; the first reason is the one reported. */
  stop(reason: string, notice?: string): void {
    if (this.#sending) return;
    this.#sending = reason;
    if (notice) this.#notice(notice);
  }

  abortReads(): void {
    this.#reads.abort();
  }

  /** Lets go of the deadline's timer and the Ctrl-C listener. */
  close(): void {
    clearTimeout(this.#deadline);
    this.#interrupted?.removeEventListener("abort", this.#onInterrupt);
  }
}

// What a run tells its reporter about each job: its phase, its problem, its retries, always with the latest trace id
// the service gave for it. The runner decides what happens; this says it, and never lets a broken reporter stop it.

interface JobContext {
  ref: JobRef;
  lastTraceId?: string;
}

/** The events of one run, by job. */
class RunReport {
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
