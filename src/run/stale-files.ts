import { createHash } from "node:crypto";
import { readFileSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { type Manifest, MANIFEST_FILE } from "./manifest.js";

/*
 * Files an episode no longer uses — a section renamed, a song cut, a line rewritten — would otherwise stay in
 * out/<episode>/ beside the new ones, and a mixing script could pick them up. They are removed when the manifest
 * is rewritten, but only files podc wrote: those the previous manifest lists, still holding exactly the bytes it
 * recorded. A file the writer put there, or edited since, is never touched.
 */

/** A file the previous manifest lists, with what it recorded of it. */
export interface ListedFile {
  path: string;
  sha256: string;
  job: string;
}

/** The files `out/<episode>/manifest.json` lists now; none when it is missing or unreadable. */
export function listedFiles(outDir: string): ListedFile[] {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(join(outDir, MANIFEST_FILE), "utf8")) as Manifest;
  } catch {
    return [];
  }
  const listed: ListedFile[] = [];
  for (const request of Array.isArray(manifest.requests) ? manifest.requests : []) {
    for (const file of Array.isArray(request?.files) ? request.files : []) {
      if (typeof file?.path === "string" && typeof file.sha256 === "string" && typeof request.job === "string") {
        listed.push({ path: file.path, sha256: file.sha256, job: request.job });
      }
    }
  }
  return listed;
}

/**
 * Removes from `outDir` the files `previous` listed that `next` no longer uses; returns their paths. A job still in
 * the episode that has not `finished` this run (its files not all in place and verified, say after an interruption)
 * keeps its old files.
 */
export function removeStaleFiles(outDir: string, previous: readonly ListedFile[], next: Manifest, finished: ReadonlySet<string>): string[] {
  const kept = new Set<string>();
  const current = new Set<string>();
  for (const request of next.requests) {
    current.add(request.job);
    for (const file of request.files) kept.add(file.path);
  }
  const removed: string[] = [];
  for (const file of previous) {
    if (kept.has(file.path)) continue;
    if (current.has(file.job) && !finished.has(file.job)) continue;
    // Only a plain file name in the episode's folder: a manifest edited by hand cannot point podc elsewhere.
    if (!/^[^/\\]+$/.test(file.path) || file.path === "." || file.path === ".." || file.path === MANIFEST_FILE) continue;
    const path = join(outDir, file.path);
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch {
      continue; // already gone
    }
    if (createHash("sha256").update(bytes).digest("hex") !== file.sha256) continue; // changed since: not podc's any more
    try {
      unlinkSync(path);
      removed.push(path);
    } catch {
      // a file that cannot be removed stays; it is still not listed in the manifest
    }
  }
  return removed;
}
