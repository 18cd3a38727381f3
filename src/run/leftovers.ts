import { readdirSync, unlinkSync } from "node:fs";
import { join } from "node:path";

/*
 * What runs that were killed leave behind: temporary files beside their targets (`.<name>.<12 hex>.part`
 * from a download, `.<name>.<12 hex>.tmp` from an atomic write or a write check, `.<name>.incoming`
 * between a download and its rename). A run removes them from its own folders while it holds the lock,
 * so no other podc run can be writing them. Only these names are touched: nothing a person made.
 */

const LEFTOVER = /^\..+\.(?:[0-9a-f]{12}\.(?:part|tmp)|incoming)$/;

/** Whether `name` is one of podc's own temporary file names. */
function isLeftover(name: string): boolean {
  return LEFTOVER.test(name);
}

/** Removes podc's temporary files from each folder (not below it); returns the paths removed. */
export function removeLeftovers(folders: readonly string[]): string[] {
  const removed: string[] = [];
  for (const folder of folders) {
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      continue;
    }
    for (const name of names) {
      if (!isLeftover(name)) continue;
      try {
        unlinkSync(join(folder, name));
        removed.push(join(folder, name));
      } catch {
        // gone already, or not ours to remove after all
      }
    }
  }
  return removed;
}
