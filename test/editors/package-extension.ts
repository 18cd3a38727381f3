import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/** The VS Code extension's folder. */
export const EXTENSION = join(import.meta.dirname, "..", "..", "editors", "vscode");

/** The extension's manifest (editors/vscode/package.json). */
export function extensionManifest(): { name: string; version: string; publisher: string; [key: string]: unknown } {
  return JSON.parse(readFileSync(join(EXTENSION, "package.json"), "utf8"));
}

/** The .vsix that `npm run package` writes. */
export function vsixPath(): string {
  const { name, version } = extensionManifest();
  return join(EXTENSION, `${name}-${version}.vsix`);
}

// Two test files package the extension, and packaging first empties editors/vscode/dist/: run at once, one would
// pack (or run the podc of) the other's half-built folder. A folder made with mkdir (atomic) is the lock; one left
// by a killed run is taken over once it is older than any test holds it.
const LOCK = join(EXTENSION, ".packaging.lock");
const STALE_MS = 15 * 60_000;

/** Waits until no other test file is packaging the extension or using what it built; resolves to the release. */
export async function lockPackaging(): Promise<() => void> {
  for (;;) {
    try {
      mkdirSync(LOCK);
      return () => rmSync(LOCK, { recursive: true, force: true });
    } catch {
      const age = Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_MS) rmSync(LOCK, { recursive: true, force: true });
      else await sleep(500);
    }
  }
}

/** `npm run package` in editors/vscode (to be run holding the lock): the .vsix at vsixPath(), and dist/ beside it. */
export function packageExtension(): SpawnSyncReturns<string> {
  return spawnSync("npm", ["run", "package"], { cwd: EXTENSION, encoding: "utf8" });
}
