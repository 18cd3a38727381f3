import type { Job } from "./job.js";
import type { JobRecord } from "./job-record.js";

/*
 * How many jobs talk to the service at once, and in what order. The account's limit counts song tasks
 * until they end and podcasts while they render, so a slot is held from the POST until the task ends
 * (a song) or the answer arrives (a podcast); downloads need no slot. Tasks already running from an
 * earlier run take their slots first: they are on the account already, and a new POST beside them
 * would only be turned away with a 429.
 */

/** A first-come, first-served counting semaphore. */
export class Slots {
  #free: number;
  readonly #waiting: Array<() => void> = [];

  constructor(size: number) {
    this.#free = Math.max(1, size);
  }

  /** Waits for a free slot; resolves false (holding nothing) if `signal` aborts first. */
  acquire(signal: AbortSignal): Promise<boolean> {
    if (signal.aborted) return Promise.resolve(false);
    if (this.#free > 0 && this.#waiting.length === 0) {
      this.#free--;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const grant = (): void => {
        signal.removeEventListener("abort", cancel);
        resolve(true);
      };
      const cancel = (): void => {
        const at = this.#waiting.indexOf(grant);
        if (at >= 0) this.#waiting.splice(at, 1);
        resolve(false);
      };
      this.#waiting.push(grant);
      signal.addEventListener("abort", cancel, { once: true });
    });
  }

  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#free++;
  }
}

/** Jobs in the order they should ask for slots: tasks already running first, then the rest in script order. */
export function scheduleOrder(jobs: readonly Job[], recordOf: (key: string) => JobRecord): Job[] {
  const running = (job: Job): boolean => {
    const state = recordOf(job.key).state;
    return job.kind === "song" && (state === "accepted" || state === "polling");
  };
  return [...jobs.filter(running), ...jobs.filter((job) => !running(job))];
}
