import { fsync } from "node:fs";

/**
 * Flushes an open file to disk off the main thread. The one file-system step a run does on the thread pool: the others
 * (open, write, close, rename) take microseconds in the page cache, and each trip to the pool and back cost more than
 * the step itself; an fsync waits on the disk, and the other jobs go on meanwhile.
 */
export function fsyncLater(fd: number): Promise<void> {
  return new Promise((resolve, reject) => fsync(fd, (error) => (error ? reject(error) : resolve())));
}
