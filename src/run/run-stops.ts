import { setMaxListeners } from "node:events";

/*
 * When a run stops sending and reading: Ctrl-C, the deadline, a refused key, a lost claim, a local error. Sending
 * stops for the rest of the run with the first reason given (the one reported); reads (polls, downloads, waits) are
 * aborted through one signal that every job in flight listens to.
 */

export class RunStops {
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
