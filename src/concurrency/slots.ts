/*
 * Waiting in turn for one of a fixed number of places: the runner's slots on the service's account, and the thread-pool
 * places of files' fsyncs (files/fsync-later.ts).
 */

/** A waiter for a slot: settled once, by a grant or by its signal's abort. */
interface Waiter {
  signal: AbortSignal;
  resolve(granted: boolean): void;
  settled: boolean;
}

/**
 * A first-come, first-served counting semaphore. A run queues every job that waits for a slot at once, all with the
 * run's one signal, so a waiter costs constant time: the signal is listened to once however many wait on it (a
 * listener each would make queuing quadratic, as an EventTarget looks through its listeners on every add and remove),
 * and the queue is read from a moving head rather than shifted.
 */
export class Slots {
  #free: number;
  #queue: Waiter[] = [];
  #head = 0;
  /** Waiters neither granted nor aborted: a free slot exists only while there are none. */
  #live = 0;
  /** Each signal's live waiters, and the one listener that cancels them all. */
  readonly #watched = new Map<AbortSignal, { waiters: number; cancel: () => void }>();

  constructor(size: number) {
    this.#free = Math.max(1, size);
  }

  /** Waits for a free slot; resolves false (holding nothing) if `signal` aborts first. */
  acquire(signal: AbortSignal): Promise<boolean> {
    if (signal.aborted) return Promise.resolve(false);
    if (this.#free > 0 && this.#live === 0) {
      this.#free--;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      this.#queue.push({ signal, resolve, settled: false });
      this.#live++;
      const watched = this.#watched.get(signal);
      if (watched) watched.waiters++;
      else {
        const cancel = (): void => this.#cancel(signal);
        this.#watched.set(signal, { waiters: 1, cancel });
        signal.addEventListener("abort", cancel, { once: true });
      }
    });
  }

  release(): void {
    while (this.#head < this.#queue.length) {
      const next = this.#queue[this.#head++]!;
      if (next.settled) continue;
      this.#compact();
      next.settled = true;
      this.#live--;
      this.#unwatch(next.signal);
      next.resolve(true);
      return;
    }
    this.#compact();
    this.#free++;
  }

  /** `signal` aborted: its waiters get nothing, in one pass over the queue. */
  #cancel(signal: AbortSignal): void {
    this.#watched.delete(signal);
    for (let i = this.#head; i < this.#queue.length; i++) {
      const waiter = this.#queue[i]!;
      if (waiter.settled || waiter.signal !== signal) continue;
      waiter.settled = true;
      this.#live--;
      waiter.resolve(false);
    }
  }

  /** One waiter of `signal` was granted; its listener goes once no waiter is left on it. */
  #unwatch(signal: AbortSignal): void {
    const watched = this.#watched.get(signal);
    if (watched === undefined || --watched.waiters > 0) return;
    this.#watched.delete(signal);
    signal.removeEventListener("abort", watched.cancel);
  }

  /** Drops the queue's served part once it is most of the queue, so that a long run's queue stays the size of its waiters. */
  #compact(): void {
    if (this.#head === this.#queue.length) {
      this.#queue = [];
      this.#head = 0;
    } else if (this.#head > 1024 && this.#head * 2 > this.#queue.length) {
      this.#queue = this.#queue.slice(this.#head);
      this.#head = 0;
    }
  }
}
