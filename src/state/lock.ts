import { randomBytes } from "node:crypto";
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, statSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { z } from "zod";

/*
 * One `podc run` per repository at a time: two runs sharing a journal could each decide to send the
 * same paid request. The lock is `.podc/lock`, created exclusively (O_EXCL), holding the holder's pid,
 * host and start time. A lock whose process is dead on this host is stale and reclaimed; a lock from
 * another host (a shared folder) is never reclaimed automatically, because its process cannot be seen.
 *
 * The lock is not flushed to disk (no fsync of the file or its folder): it excludes live processes, which see it
 * through the file system at once, and a crash that could lose it also ends its holder. What a machine's crash leaves
 * (no lock, or an empty one) is what a run killed between creating and writing it leaves, and both are handled below.
 */

const LOCK_FILE = "lock";

/** The lock file's format: 1 is the first; a lock without `v` was written before formats were numbered, and is 1. */
const LOCK_VERSION = 1;

const HolderSchema = z.object({ v: z.number().int().optional(), pid: z.number().int(), host: z.string(), startedAt: z.string(), nonce: z.string() });
export type LockHolder = z.infer<typeof HolderSchema>;

/** The lock is held by a live run (or by one on another host); the message names it and says what to do. */
export class LockHeldError extends Error {
  override name = "LockHeldError";
  constructor(
    readonly holder: LockHolder | undefined,
    readonly lockPath: string,
  ) {
    super(describeHolder(holder, lockPath));
  }
}

export class RunLock {
  private constructor(
    readonly path: string,
    readonly holder: LockHolder,
  ) {}

  /**
   * Takes the lock of `stateDir`, reclaiming a stale one (dead process, same host). Throws
   * LockHeldError when a live run holds it.
   */
  static async acquire(stateDir: string, now: () => Date = () => new Date()): Promise<RunLock> {
    mkdirSync(stateDir, { recursive: true });
    const path = join(stateDir, LOCK_FILE);
    const holder: LockHolder = { v: LOCK_VERSION, pid: process.pid, host: hostname(), startedAt: now().toISOString(), nonce: randomBytes(8).toString("hex") };
    for (let attempt = 0; attempt < 50; attempt++) {
      if (tryCreate(path, holder)) {
        removeOldMarkers(stateDir);
        return new RunLock(path, holder);
      }
      const found = readHolder(path);
      if (found === "missing") continue;
      if (found === "unreadable") {
        // A holder that crashed between creating and writing the file leaves it empty; give a live one a moment.
        if (ageMs(path) < 2_000) {
          await delay(50);
          continue;
        }
        if (!reclaim(stateDir, path, `unreadable-${Math.floor(mtimeMs(path))}`, undefined)) await delay(50);
        continue;
      }
      // A lock of a newer podc may mean something this one cannot judge: never taken over.
      if ((found.v ?? 1) > LOCK_VERSION || found.host !== hostname() || isAlive(found)) throw new LockHeldError(found, path);
      if (!reclaim(stateDir, path, found.nonce, found.nonce)) await delay(50);
    }
    throw new LockHeldError(undefined, path);
  }

  /** Gives the lock up, unless someone else's lock has replaced ours. */
  release(): void {
    const found = readHolder(this.path);
    if (typeof found === "object" && found.nonce === this.holder.nonce) {
      try {
        unlinkSync(this.path);
      } catch {
        // already gone
      }
    }
  }
}

/** What the lock file of `stateDir` says, for messages; undefined when there is none. */
export function currentHolder(stateDir: string): LockHolder | undefined {
  const found = readHolder(join(stateDir, LOCK_FILE));
  return typeof found === "object" ? found : undefined;
}

function tryCreate(path: string, holder: LockHolder): boolean {
  let fd: number;
  try {
    fd = openSync(path, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    writeSync(fd, `${JSON.stringify(holder)}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

function readHolder(path: string): LockHolder | "missing" | "unreadable" {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? "missing" : "unreadable";
  }
  try {
    const parsed = HolderSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : "unreadable";
  } catch {
    return "unreadable";
  }
}

/**
 * Removes a stale lock. Two runs may find the same stale lock at once; only the one that creates the
 * marker `lock.reclaim-<nonce>` (exclusively) may remove it, so neither can remove the lock the
 * other has just taken. Returns false when another run is reclaiming it.
 */
function reclaim(stateDir: string, path: string, marker: string, nonce: string | undefined): boolean {
  try {
    closeSync(openSync(join(stateDir, `${LOCK_FILE}.reclaim-${marker}`), "wx"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  const again = readHolder(path);
  const stillStale = nonce === undefined ? again === "unreadable" : typeof again === "object" && again.nonce === nonce;
  if (stillStale) {
    try {
      unlinkSync(path);
    } catch {
      // someone else removed it
    }
  }
  return true;
}

/**
 * Reclaim markers are left by runs killed while reclaiming, and by every reclaim that succeeded. Once we
 * hold the lock, every marker belongs to a finished reclaim (a reclaimer still at work checks the lock's
 * nonce before removing it, so losing its marker cannot make it remove ours).
 */
function removeOldMarkers(stateDir: string): void {
  for (const name of safeReaddir(stateDir)) {
    if (!name.startsWith(`${LOCK_FILE}.reclaim-`)) continue;
    try {
      unlinkSync(join(stateDir, name));
    } catch {
      // gone
    }
  }
}

/**
 * Whether the holder's process still runs. A process killed with SIGKILL stays a zombie until its parent
 * collects it (a second or two under a busy shell or test runner): it runs nothing and counts as dead.
 * A pid is reused after a crash and a reboot, so on Linux a process that started after the lock was
 * taken is not its holder. The shared state store judges its runs on this host the same way.
 */
export function isAlive(holder: Pick<LockHolder, "pid" | "startedAt">): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return false;
    // EPERM: it exists but belongs to another user.
  }
  if (isZombie(holder.pid)) return false;
  const started = processStartMs(holder.pid);
  const locked = Date.parse(holder.startedAt);
  if (started !== undefined && Number.isFinite(locked) && started > locked + 2_000) return false;
  return true;
}

/** True when the process has ended and only waits to be collected by its parent (state Z or X in /proc, Linux). */
function isZombie(pid: number): boolean {
  const state = procStatFields(pid)?.[0];
  return state === "Z" || state === "X" || state === "x";
}

/** The fields of /proc/<pid>/stat after the command name (field 3 onward); undefined where there is no /proc. */
function procStatFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses; fields after the last ")" are plain.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/** When a process started, from /proc (Linux); undefined elsewhere. Assumes the usual 100 clock ticks per second. */
function processStartMs(pid: number): number | undefined {
  const fields = procStatFields(pid);
  if (!fields) return undefined;
  try {
    const ticks = Number(fields[19]);
    const boot = /^btime (\d+)$/m.exec(readFileSync("/proc/stat", "utf8"))?.[1];
    if (!Number.isFinite(ticks) || boot === undefined) return undefined;
    return Number(boot) * 1000 + (ticks / 100) * 1000;
  } catch {
    return undefined;
  }
}

function ageMs(path: string): number {
  return Date.now() - mtimeMs(path);
}

function mtimeMs(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return Date.now();
  }
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function describeHolder(holder: LockHolder | undefined, lockPath: string): string {
  if (!holder) return `another podc run is taking the lock ${lockPath}; try again in a moment`;
  if ((holder.v ?? 1) > LOCK_VERSION) {
    return `${lockPath} was written by a newer podc (lock format ${holder.v}): upgrade podc. If no podc runs in this repository, delete ${lockPath}`;
  }
  const since = `since ${holder.startedAt}`;
  if (holder.host !== hostname()) {
    return (
      `another podc run holds the lock of this repository: pid ${holder.pid} on host ${holder.host}, ${since} — podc cannot see ` +
      `processes on ${holder.host}: check there with \`ps -p ${holder.pid}\`; if no podc runs there, delete ${lockPath}`
    );
  }
  return (
    `another podc run holds the lock of this repository: pid ${holder.pid} on this host (${holder.host}), ${since}, and it is running — ` +
    `see it with \`ps -p ${holder.pid} -o pid,etime,args\`. Wait for it to finish, or stop it (Ctrl-C in its terminal, or \`kill ${holder.pid}\`); ` +
    "a stopped or crashed run's lock is taken over automatically"
  );
}
