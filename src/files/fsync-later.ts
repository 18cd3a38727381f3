import { fsync } from "node:fs";
import { Slots } from "../concurrency/slots.js";

/**
 * Flushes an open file to disk off the main thread. podc's durable writes (files/durable.ts, downloads, the journal)
 * send only this step, and a large copy, to the thread pool: open, write, close and rename take microseconds in the page
 * cache, and each trip to the pool and back cost more than the step itself; an fsync waits on the disk, and the other
 * jobs go on meanwhile. For the journal, whose fsync a paid request waits on: files use fsyncInTurn.
 */
export function fsyncLater(fd: number): Promise<void> {
  return new Promise((resolve, reject) => fsync(fd, (error) => (error ? reject(error) : resolve())));
}

/*
 * Node's thread pool has four threads (unless UV_THREADPOOL_SIZE says otherwise) and takes work in the order given. A
 * run downloading ten files at once gave it ten fsyncs, each waiting on the disk for milliseconds, and the journal's
 * fsync, which the next paid request waits on, queued behind them. Files and folders, whose fsyncs nothing but their
 * own job waits on, take at most two threads; the disk writes one journal commit at a time, so more in flight hardly
 * finishes them sooner.
 */
const fileLane = new Slots(2);
// Nothing cancels a file's fsync: a place is always granted, in turn.
const NEVER = new AbortController().signal;

/** As fsyncLater, for a file or folder: at most two such fsyncs in the pool at once, in the order asked. */
export async function fsyncInTurn(fd: number, flush: (fd: number) => Promise<void> = fsyncLater): Promise<void> {
  await fileLane.acquire(NEVER);
  try {
    await flush(fd);
  } finally {
    fileLane.release();
  }
}
