import { sleep } from "../service/retry.js";

/*
 * One budget of retries shared by every job of a run, so that a failing service is not hammered by
 * each job on its own schedule. Two mechanisms:
 *
 *  - a shared pause: every failed exchange (a 503 on a query, a 429 on a POST, a broken download)
 *    pushes back the moment any job may talk to the service again, by a delay that doubles with each
 *    failure in a row (from `baseMs`, capped at `maxMs`, half of it random) or by the service's own
 *    Retry-After; one success resets the doubling.
 *  - tokens, as gRPC's retry throttling has them: each failure costs one, each success gives half
 *    back; when none are left the run stops retrying and leaves the rest for the next run.
 */

export interface RetryBudgetOptions {
  /** Delay after the first failure in a row. */
  baseMs: number;
  /** Longest delay between two attempts. */
  maxMs: number;
  /** Failures the run tolerates (net of successes) before it gives up. */
  tokens: number;
  random?: () => number;
  now?: () => number;
}

export class RetryBudget {
  readonly #options: Required<RetryBudgetOptions>;
  #tokens: number;
  #failuresInARow = 0;
  #pauseUntil = 0;

  constructor(options: RetryBudgetOptions) {
    this.#options = { random: Math.random, now: Date.now, ...options };
    this.#tokens = options.tokens;
  }

  /** True once failures have used up the budget: stop retrying in this run. */
  get exhausted(): boolean {
    return this.#tokens < 1;
  }

  /** Records a successful exchange with the service. */
  success(): void {
    this.#failuresInARow = 0;
    this.#tokens = Math.min(this.#options.tokens, this.#tokens + 0.5);
  }

  /** Records a failed exchange; returns the pause every job now waits (at least `retryAfterMs` when given). */
  failure(retryAfterMs?: number): number {
    this.#failuresInARow++;
    this.#tokens -= 1;
    const { baseMs, maxMs, random, now } = this.#options;
    const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(30, this.#failuresInARow - 1));
    const backoff = Math.round(ceiling / 2 + random() * (ceiling / 2));
    const delay = retryAfterMs !== undefined ? Math.max(retryAfterMs, Math.min(backoff, baseMs)) : backoff;
    this.#pauseUntil = Math.max(this.#pauseUntil, now() + delay);
    return Math.max(0, this.#pauseUntil - now());
  }

  /** Milliseconds until the shared pause ends. */
  pauseLeftMs(): number {
    return Math.max(0, this.#pauseUntil - this.#options.now());
  }

  /** Waits out the shared pause; resolves false when `signal` aborts first. */
  async waitTurn(signal?: AbortSignal): Promise<boolean> {
    for (;;) {
      const left = this.pauseLeftMs();
      if (left <= 0) return !signal?.aborted;
      if (!(await sleep(left, signal))) return false;
    }
  }
}
