import { randomBytes } from "node:crypto";
import { closeSync, fsyncSync, mkdirSync, openSync, statSync, unlinkSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import { describeFileError } from "../files/file-errors.js";

/*
 * Checking before paying: a run that cannot write its journal or its output finds out before its first
 * paid request, not after (a song paid for and then lost to ENOTDIR). Each folder is created if needed,
 * and a small file is written, flushed and removed there — the same steps a download or a journal
 * entry takes.
 */

/** A place podc cannot write, and why, in words. */
export interface WriteProblem {
  path: string;
  reason: string;
}

/** The name of the file written to test a folder: hidden, and one of podc's own leftovers (see leftovers.ts). */
function probeName(): string {
  return `.podc-write-check.${randomBytes(6).toString("hex")}.tmp`;
}

/** Makes sure `folder` exists (creating it) and a file can be written, flushed and removed in it. */
export function checkWritableFolder(folder: string): WriteProblem | undefined {
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    return blockingAncestor(folder) ?? { path: folder, reason: `cannot create this folder: ${describeFileError(error)}` };
  }
  const probe = join(folder, probeName());
  let fd: number | undefined;
  try {
    fd = openSync(probe, "wx");
    writeSync(fd, "podc\n");
    fsyncSync(fd);
  } catch (error) {
    return { path: folder, reason: `cannot write a file in this folder: ${describeFileError(error)}` };
  } finally {
    if (fd !== undefined) closeSync(fd);
    try {
      unlinkSync(probe);
    } catch {
      // never created, or already gone
    }
  }
  return undefined;
}

/** The nearest existing path at or above `folder` that is not a folder: why `mkdir -p` failed, in words. */
function blockingAncestor(folder: string): WriteProblem | undefined {
  for (let at = folder; ; at = dirname(at)) {
    try {
      if (!statSync(at).isDirectory()) return { path: at, reason: "this is a file, and podc needs a folder here (move it, or choose another --out)" };
      return undefined;
    } catch {
      // does not exist: look further up
    }
    if (dirname(at) === at) return undefined;
  }
}
