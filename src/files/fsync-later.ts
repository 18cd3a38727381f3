import { fsync } from "node:fs";

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
const FILE_LANE = 2;
let inLane = 0;
// Few at a time (a run's concurrency at most): shift() is cheap.
const waiting: (() => void)[] = [];

/** As fsyncLater, for a file or folder: at most FILE_LANE such fsyncs in the pool at once, in the order asked. */
export async function fsyncInTurn(fd: number): Promise<void> {
  if (inLane >= FILE_LANE) await new Promise<void>((resolve) => waiting.push(resolve));
  else inLane++;
  try {
    await fsyncLater(fd);
  } finally {
    // The place passes to the next waiter, if any (inLane stays), else is given back.
    const next = waiting.shift();
    if (next) next();
    else inLane--;
  }
}
