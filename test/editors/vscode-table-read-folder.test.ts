import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// The VS Code extension's table reads leave no folder behind each: they share one per workspace, where a read's part
// and audio stay while they may be playing, until the next read or until the extension stops.

interface Folders {
  start(): string;
  finish(dir: string): void;
  dispose(): void;
}
const { tableReadFolders } = createRequire(import.meta.url)("../../editors/vscode/src/table-read-folder.js") as {
  tableReadFolders: (root: string) => Folders;
};

const base = mkdtempSync(join(tmpdir(), "podc-table-reads-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe("the table reads' folder", () => {
  it("keeps only the last finished read and those running, and nothing once the extension stops", () => {
    const root = join(base, "workspace-storage", "table-read");
    const folders = tableReadFolders(root);
    const first = folders.start();
    writeFileSync(join(first, "table-read.mp3"), "audio");
    folders.finish(first);
    // The first read's episode is still there to play; the next read removes it.
    expect(readdirSync(root)).toHaveLength(1);
    const second = folders.start();
    expect(existsSync(first)).toBe(false);
    // A read still running when another starts keeps its folder.
    const third = folders.start();
    expect(existsSync(second)).toBe(true);
    folders.finish(second);
    folders.finish(third);
    for (let i = 0; i < 5; i++) folders.finish(folders.start());
    expect(readdirSync(root)).toHaveLength(1);
    folders.dispose();
    expect(existsSync(root)).toBe(false);
  });
});
