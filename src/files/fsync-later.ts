import { fsync } from "node:fs";

/**
 * Flushes an open file to disk off the main thread. podc's durable writes (files/durable.ts, downloads, the journal)
 * send only this step, and a large copy, to the thread pool: open, write, close and rename take microseconds in the page
 * cache, and each trip to the pool and back cost more than the step itself; an fsync waits on the disk, and the other
 * jobs go on meanwhile.
 */
export function fsyncLater(fd: number): Promise<void> {
  return new Promise((resolve, reject) => fsync(fd, (error) => (error ? reject(error) : resolve())));
}
