import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { Slots } from "../../src/concurrency/slots.js";

/** Which of `waits` have settled so far, and how. */
async function settled(waits: Promise<boolean>[]): Promise<(boolean | "waiting")[]> {
  const seen: (boolean | "waiting")[] = waits.map(() => "waiting");
  waits.forEach((wait, i) => void wait.then((granted) => (seen[i] = granted)));
  await new Promise((resolve) => setImmediate(resolve));
  return seen;
}

describe("the account's slots on one machine", () => {
  it("grants slots in the order they were asked for, one per release", async () => {
    const slots = new Slots(2);
    const signal = new AbortController().signal;
    const waits = Array.from({ length: 5 }, () => slots.acquire(signal));
    expect(await settled(waits)).toEqual([true, true, "waiting", "waiting", "waiting"]);
    slots.release();
    expect(await settled(waits)).toEqual([true, true, true, "waiting", "waiting"]);
    slots.release();
    slots.release();
    expect(await settled(waits)).toEqual([true, true, true, true, true]);
  });

  it("gives nothing to the waiters of an aborted signal, and serves the others in order", async () => {
    const slots = new Slots(1);
    const run = new AbortController();
    const other = new AbortController();
    const waits = [slots.acquire(run.signal), slots.acquire(run.signal), slots.acquire(other.signal), slots.acquire(run.signal)];
    run.abort();
    expect(await settled(waits)).toEqual([true, false, "waiting", false]);
    slots.release();
    expect(await settled(waits)).toEqual([true, false, true, false]);
    // Every slot is back once the holders release: a new waiter is not queued behind the cancelled ones.
    slots.release();
    expect(await slots.acquire(other.signal)).toBe(true);
  });

  it("refuses at once when the signal has already aborted", async () => {
    const slots = new Slots(3);
    const done = new AbortController();
    done.abort();
    expect(await slots.acquire(done.signal)).toBe(false);
    // Nothing was taken.
    const signal = new AbortController().signal;
    expect(await settled([slots.acquire(signal), slots.acquire(signal), slots.acquire(signal)])).toEqual([true, true, true]);
  });

  it("listens to a signal once however many jobs wait on it, and lets go of it when none is left", async () => {
    // A run queues every job at once with its one signal: a listener each would make queuing quadratic.
    const slots = new Slots(1);
    const signal = new AbortController().signal;
    const waits = Array.from({ length: 1000 }, () => slots.acquire(signal));
    expect(getEventListeners(signal, "abort")).toHaveLength(1);
    for (let i = 0; i < 1000; i++) slots.release();
    expect((await settled(waits)).every((granted) => granted === true)).toBe(true);
    expect(getEventListeners(signal, "abort")).toHaveLength(0);
  });
});
