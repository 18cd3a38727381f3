// The paid POSTs a runner-row client made, as undici's diagnostics channels tell them (bench/tasks/runner.ts): each by
// its Idempotency-Key, with when it was made and when its answer's head came, so that a run's POSTs can be timed and
// podc's journal matched with them.

import { median } from "./stats.js";

/** What a diagnostics message's request shows of itself: undici keeps the headers as a flat list of names and values. */
export interface HeardRequest {
  method: string;
  headers: unknown;
}

interface Post {
  created: number;
  answered?: number;
}

export class PaidPosts {
  readonly #byKey = new Map<string, Post>();
  readonly #byRequest = new WeakMap<object, Post>();

  /** A request made at `at` (performance.now()): kept when it is a POST with an Idempotency-Key, the last for each key. */
  created(request: HeardRequest, at: number): void {
    const key = request.method === "POST" ? idempotencyKeyOf(request.headers) : undefined;
    if (key === undefined) return;
    const post: Post = { created: at };
    this.#byKey.set(key, post);
    this.#byRequest.set(request, post);
  }

  /** The head of `request`'s answer came at `at`; the first head counts. */
  answered(request: object, at: number): void {
    const post = this.#byRequest.get(request);
    if (post) post.answered ??= at;
  }

  /** The median POST from its request to its answer's head; NaN when there was none, or one had no answer (the figure would leave it out). */
  medianMs(): number {
    const all = [...this.#byKey.values()];
    if (!all.every((post) => post.answered !== undefined)) return Number.NaN;
    return median(all.map((post) => post.answered! - post.created));
  }

  /**
   * The median time from each intent of `journal` (podc's journal.jsonl) to its POST: the entry's time (stamped when the
   * job commits it, to the millisecond) to the request's creation, on one clock (`timeOrigin`, performance.timeOrigin of
   * the process that heard the POSTs). It spans the group commit's wait for the batch before, the intent's own write and
   * fsync, and the job's turn on the main thread afterwards: what the write-ahead rule adds to every slot's cycle. NaN
   * when an intent has no POST with its key: the figure would leave out a job.
   */
  intentToPostMs(journal: string, timeOrigin: number): number {
    const waits: number[] = [];
    for (const line of journal.split("\n")) {
      if (!line.includes('"type":"intent"')) continue;
      const entry = JSON.parse(line) as { at: string; idempotencyKey: string };
      const post = this.#byKey.get(entry.idempotencyKey);
      if (!post) return Number.NaN;
      waits.push(timeOrigin + post.created - Date.parse(entry.at));
    }
    return median(waits);
  }
}

function idempotencyKeyOf(headers: unknown): string | undefined {
  if (!Array.isArray(headers)) return undefined;
  for (let i = 0; i + 1 < headers.length; i += 2) if (String(headers[i]).toLowerCase() === "idempotency-key") return String(headers[i + 1]);
  return undefined;
}
