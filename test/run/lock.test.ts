/*
 * One run per repository: the lock refuses a second live run (naming the holder), reclaims the lock of
 * a dead process on this host, and never takes one from another host on its own.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LockHeldError, RunLock } from "../../src/state/lock.js";
import type { Emulator } from "../../src/emulator/server.js";
import { emulator, envFor, podc, project, SMALL, removeProjects } from "./helpers.js";

const fresh = (): string => join(mkdtempSync(join(tmpdir(), "podc-lock-")), ".podc");

/** The pid of a process that has certainly ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

afterAll(removeProjects);

describe("the run lock", () => {
  it("is exclusive while held, and free again once released", async () => {
    const dir = fresh();
    const lock = await RunLock.acquire(dir);
    const holder = JSON.parse(readFileSync(join(dir, "lock"), "utf8"));
    expect(holder).toMatchObject({ pid: process.pid, host: hostname() });
    const error = await RunLock.acquire(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LockHeldError);
    expect((error as Error).message).toContain(`pid ${process.pid} on this host`);
    expect((error as Error).message).toContain(`since ${holder.startedAt}`);
    lock.release();
    expect(existsSync(join(dir, "lock"))).toBe(false);
    (await RunLock.acquire(dir)).release();
  });

  it("reclaims the lock of a dead process on this host", async () => {
    const dir = fresh();
    const first = await RunLock.acquire(dir);
    first.release();
    writeFileSync(join(dir, "lock"), JSON.stringify({ pid: deadPid(), host: hostname(), startedAt: new Date().toISOString(), nonce: "dead" }));
    const lock = await RunLock.acquire(dir);
    expect(lock.holder.pid).toBe(process.pid);
    lock.release();
  });

  it.runIf(existsSync("/proc/self/stat"))("reclaims a lock whose pid now belongs to a process started after it (a pid reused after a crash)", async () => {
    const dir = fresh();
    (await RunLock.acquire(dir)).release();
    writeFileSync(join(dir, "lock"), JSON.stringify({ pid: process.pid, host: hostname(), startedAt: "2000-01-01T00:00:00.000Z", nonce: "old" }));
    const lock = await RunLock.acquire(dir);
    expect(lock.holder.nonce).not.toBe("old");
    lock.release();
  });

  it("never reclaims a lock from another host, and says how to clear it", async () => {
    const dir = fresh();
    (await RunLock.acquire(dir)).release();
    writeFileSync(join(dir, "lock"), JSON.stringify({ pid: 1, host: "render-box-7", startedAt: "2026-01-01T00:00:00.000Z", nonce: "far" }));
    const error = (await RunLock.acquire(dir).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(LockHeldError);
    expect(error.message).toContain("pid 1 on host render-box-7");
    expect(error.message).toContain(`delete ${join(dir, "lock")}`);
  });

  it.runIf(existsSync("/proc/self/stat"))("reclaims the lock of a run killed a moment ago that is still a zombie", async () => {
    const dir = fresh();
    (await RunLock.acquire(dir)).release();
    // The shell starts the holder and then becomes `sleep`, which never collects its dead child: after
    // kill -9 the holder stays a zombie, as a run does under a busy parent for a second or two.
    const parent = spawn("sh", ["-c", `${JSON.stringify(process.execPath)} -e "console.log(process.pid); setInterval(() => {}, 1000)" & exec sleep 30`], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    try {
      const pid = await new Promise<number>((resolve) => parent.stdout.once("data", (c: Buffer) => resolve(Number(c.toString().trim()))));
      writeFileSync(join(dir, "lock"), JSON.stringify({ pid, host: hostname(), startedAt: new Date().toISOString(), nonce: "zombie" }));
      process.kill(pid, "SIGKILL");
      while (!/\) [ZX] /.test(readFileSync(`/proc/${pid}/stat`, "utf8"))) await new Promise((r) => setTimeout(r, 5));
      const lock = await RunLock.acquire(dir);
      expect(lock.holder.pid).toBe(process.pid);
      lock.release();
    } finally {
      parent.kill("SIGKILL");
    }
  });

  it("never takes over a lock written by a newer podc, and says so", async () => {
    const dir = fresh();
    (await RunLock.acquire(dir)).release();
    writeFileSync(join(dir, "lock"), JSON.stringify({ v: 2, pid: deadPid(), host: hostname(), startedAt: new Date().toISOString(), nonce: "next" }));
    const error = (await RunLock.acquire(dir).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(LockHeldError);
    expect(error.message).toContain("was written by a newer podc (lock format 2): upgrade podc");
  });

  it("lets exactly one of many simultaneous reclaimers win", async () => {
    const dir = fresh();
    (await RunLock.acquire(dir)).release();
    writeFileSync(join(dir, "lock"), JSON.stringify({ pid: deadPid(), host: hostname(), startedAt: new Date().toISOString(), nonce: "stale" }));
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => RunLock.acquire(dir)));
    const won = results.filter((r) => r.status === "fulfilled");
    expect(won).toHaveLength(1);
    (won[0] as PromiseFulfilledResult<RunLock>).value.release();
  });
});

describe("two podc runs in one repository", () => {
  let emu: Emulator;
  beforeAll(async () => {
    emu = await emulator();
  });
  afterAll(async () => {
    await emu.close();
  });

  it("the second is refused with the holder's pid, host and start time, and exits 1; the first finishes", async () => {
    const p = project(SMALL);
    emu.inject({ kind: "latency", route: "paid", ms: 400 });
    const first = podc(["run", p.script], p.dir, envFor(emu));
    while (!existsSync(join(p.dir, ".podc", "lock"))) await new Promise((r) => setTimeout(r, 10));
    const second = await podc(["run", p.script], p.dir, envFor(emu));
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(
      new RegExp(`another podc run holds the lock of this repository: pid ${process.pid} on this host \\(${hostname()}\\), since \\d{4}-`),
    );
    expect(second.stderr).toContain(`and it is running — see it with \`ps -p ${process.pid} -o pid,etime,args\``);
    const done = await first;
    expect(done.code, done.stderr).toBe(0);
    expect(emu.ledger()).toHaveLength(2);
  });
});
