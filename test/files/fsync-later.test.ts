import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fsyncInTurn } from "../../src/files/fsync-later.js";

// The files' lane keeps the thread pool free for the journal; what a user would notice if it went wrong is a download
// that never finishes: every fsync asked of it must end, and a failed one must not keep its place.
describe("fsyncInTurn", () => {
  let dir: string;
  const fds: number[] = [];
  afterEach(() => {
    for (const fd of fds.splice(0)) closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  });

  function file(name: string): number {
    const fd = openSync(join(dir, name), "w");
    writeSync(fd, `${name}\n`);
    fds.push(fd);
    return fd;
  }

  it("flushes every file of many asked at once", async () => {
    dir = mkdtempSync(join(tmpdir(), "podc-fsync-"));
    const order: number[] = [];
    await Promise.all(Array.from({ length: 12 }, (_, i) => fsyncInTurn(file(`f${i}`)).then(() => order.push(i))));
    expect(order.sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i));
  });

  it("rejects an fsync that fails, and the files after it are still flushed", async () => {
    dir = mkdtempSync(join(tmpdir(), "podc-fsync-"));
    // A descriptor no process has open (a closed one's number would be given to the next file opened).
    const notOpen = 2 ** 30;
    const failing = Array.from({ length: 5 }, () => fsyncInTurn(notOpen));
    const good = Array.from({ length: 5 }, (_, i) => fsyncInTurn(file(`g${i}`)));
    const settled = await Promise.allSettled([...failing, ...good]);
    expect(settled.slice(0, 5).map((s) => (s.status === "rejected" ? (s.reason as NodeJS.ErrnoException).code : s.status))).toEqual(Array(5).fill("EBADF"));
    expect(settled.slice(5).map((s) => s.status)).toEqual(Array(5).fill("fulfilled"));
    // More failures than the lane has places, then one more file: nothing was leaked.
    await expect(fsyncInTurn(file("last"))).resolves.toBeUndefined();
  });

  it("lets two fsyncs into the thread pool at a time, the rest in the order asked", async () => {
    dir = mkdtempSync(join(tmpdir(), "podc-fsync-"));
    const started: number[] = [];
    const finish = new Map<number, () => void>();
    // Stands for the pool's fsync, so the test decides when each one ends.
    const flush = (fd: number): Promise<void> => new Promise((resolve) => (started.push(fd), finish.set(fd, resolve)));
    const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
    const all = [1, 2, 3, 4, 5].map((fd) => fsyncInTurn(fd, flush));
    await turn();
    expect(started).toEqual([1, 2]);
    finish.get(2)!();
    await turn();
    expect(started).toEqual([1, 2, 3]);
    finish.get(1)!();
    finish.get(3)!();
    await turn();
    expect(started).toEqual([1, 2, 3, 4, 5]);
    finish.get(4)!();
    finish.get(5)!();
    await Promise.all(all);
  });
});
