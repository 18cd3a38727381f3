import { randomUUID } from "node:crypto";
import { closeSync, fchmodSync, fsyncSync, openSync, renameSync, unlinkSync, writeFileSync, writeSync } from "node:fs";
import { copyFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { syncFolderSoon } from "./folder-sync.js";
import { fsyncInTurn } from "./fsync-later.js";

/*
 * Writes that survive a crash whole or not at all: the bytes go to a temporary file beside the target,
 * are flushed, and the file is renamed over the target (an atomic step on one file system); then the
 * folder itself is flushed so the rename is on disk too. A crash leaves the old file or the new one,
 * never half of either; the temporary file it may leave is hidden (a dot name) and harmless.
 */

/**
 * A hidden temporary name beside `target`: `.<name>.<12 hex>.tmp`, or `.part` for a download. A killed run's
 * leftovers are recognised by this shape (run/prepare.ts).
 */
export function tempBeside(target: string, ending: ".tmp" | ".part" = ".tmp"): string {
  // 48 random bits from a UUID (hex, dashes skipped): randomUUID draws on a pool of random bytes kept filled, where
  // randomBytes made a request of its own for six bytes, at every download.
  const uuid = randomUUID();
  return join(dirname(target), `.${basename(target)}.${uuid.slice(0, 8)}${uuid.slice(9, 13)}${ending}`);
}

/** Replaces `target` with `text`, atomically and durably; the new file gets `mode` when given. */
export function writeFileDurably(target: string, text: string, mode?: number): void {
  const temp = tempBeside(target);
  const fd = openSync(temp, "wx", mode);
  try {
    // The mode given to open() is narrowed by the umask: set it exactly.
    if (mode !== undefined) fchmodSync(fd, mode);
    const bytes = Buffer.from(text, "utf8");
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    removeQuietly(temp);
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(temp, target);
  } catch (error) {
    removeQuietly(temp);
    throw error;
  }
  syncFolder(dirname(target));
}

/** As writeFileDurably, with its fsyncs off the main thread: for a write the caller need not wait on while other work goes on. */
export async function writeFileDurablyLater(target: string, text: string): Promise<void> {
  await replaceThroughTemp(target, (temp) => writeFileSync(temp, text, { encoding: "utf8", flag: "wx" }));
}

/**
 * Copies `source` to a hidden temporary file beside `target` and flushes it; returns its path (to be moved onto `target`
 * with renameDurably), or undefined, leaving nothing behind, when `accept` refuses the bytes actually copied.
 */
export async function copyBeside(source: string, target: string, accept: (copy: string) => Promise<boolean>): Promise<string | undefined> {
  const temp = tempBeside(target);
  try {
    await copyFile(source, temp);
    // The source may have changed since it was checked (another job's download can replace it): what counts is the copy.
    if (!(await accept(temp))) {
      removeQuietly(temp);
      return undefined;
    }
    const fd = openSync(temp, "r+");
    try {
      await fsyncInTurn(fd);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    removeQuietly(temp);
    throw error;
  }
  return temp;
}

/**
 * Makes `target` anew: `fill` writes a temporary file beside it, which is synced, renamed over `target`, and its folder
 * synced. Only the fsyncs leave the main thread (see fsync-later.ts).
 */
async function replaceThroughTemp(target: string, fill: (temp: string) => Promise<void> | void): Promise<void> {
  const temp = tempBeside(target);
  try {
    await fill(temp);
    const fd = openSync(temp, "r+");
    try {
      await fsyncInTurn(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, target);
  } catch (error) {
    removeQuietly(temp);
    throw error;
  }
  await syncFolderSoon(dirname(target));
}

/** Moves `source` onto `target` (same folder), durably; the folder's fsync is shared with other renames there at the same moment. */
export async function renameDurably(source: string, target: string): Promise<void> {
  renameSync(source, target);
  await syncFolderSoon(dirname(target));
}

/** Flushes a folder's entries (new names, renames) to disk; best effort where folders cannot be opened. */
export function syncFolder(folder: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(folder, "r");
    fsyncSync(fd);
  } catch {
    // Some platforms cannot fsync a folder; the file's own fsync still holds.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Removes the file at `path` if it is there: one never made, or already gone, is no error. */
export function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // never made, or already gone
  }
}
