/*
 * An edit that moves a cut point renumbers the files of a section: a job's new name is another job's old one. Every
 * file must still end up with the bytes podc journaled for it, and a rerun must pay only for the requests the edit
 * changed.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readLedger } from "../../src/emulator/ledger.js";
import { sha256Of } from "../../src/files/file-hash.js";
import { manifestOf, podc } from "./helpers.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const WORDS = ["harbour", "lantern", "signal", "tide", "keeper", "night", "radio", "window", "stairs", "fog", "bell", "rope"];

/** A long two-host section of 60 turns, cut into 11 requests; "Well, " before its first line removes the cut after that line. */
function script(opening: string): string {
  const lines = Array.from({ length: 60 }, (_, i) => {
    const text = `The ${WORDS[(i * 7 + 1) % 12]} ${WORDS[(i * 5 + 3) % 12]} line ${i} and 1.`;
    return `${i % 2 ? "GUEST" : "HOST"}: ${i === 0 ? opening : ""}${text}`;
  });
  return `Title: Harbour Talk\nCast:\n    HOST: Ethan\n    GUEST: Victoria\n\n# Part\n\n${lines.join("\n")}\n`;
}

describe("an edit that renumbers an episode's files", () => {
  it("places every file with the bytes journaled for it, and pays only for the changed requests", async () => {
    const dir = mkdtempSync(join(tmpdir(), "podc-renumber-"));
    dirs.push(dir);
    mkdirSync(join(dir, ".git"));
    writeFileSync(join(dir, "talk.pod"), script(""));
    const ledger = (): number => readLedger(join(dir, ".podc", "local", "ledger.jsonl")).filter((e) => e.billed).length;

    const first = await podc(["run", "--local", "talk.pod"], dir, {});
    expect(first.code, first.stderr).toBe(0);
    const folder = join(dir, "out", "local", "talk");
    expect(readdirSync(folder).filter((f) => f.endsWith(".wav"))).toHaveLength(11);
    expect(ledger()).toBe(11);
    const before = manifestOf(dir, "local/talk").requests.map((r) => r.files[0]!.sha256);

    writeFileSync(join(dir, "talk.pod"), script("Well, "));
    const second = await podc(["run", "--local", "talk.pod"], dir, {});
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).not.toContain("is not the file podc downloaded");
    // The one request the edit made is new; the nine it only renumbered are copied, not paid for again.
    expect(ledger()).toBe(12);
    const after = manifestOf(dir, "local/talk").requests;
    expect(after.map((r) => r.files[0]!.path)).toEqual(Array.from({ length: 10 }, (_, i) => `${String(i + 1).padStart(2, "0")}-part.wav`));
    expect(after.slice(1).map((r) => r.files[0]!.sha256)).toEqual(before.slice(2));
    for (const request of after) {
      const file = request.files[0]!;
      expect(await sha256Of(join(folder, file.path)), file.path).toBe(file.sha256);
      expect(readFileSync(join(folder, file.path)).length, file.path).toBe(file.bytes);
    }
    expect(readdirSync(folder).filter((f) => f.startsWith("."))).toEqual([]);

    // And once more: everything is in place; nothing is sent.
    const third = await podc(["run", "--local", "talk.pod"], dir, {});
    expect(third.code, third.stderr).toBe(0);
    expect(ledger()).toBe(12);
  }, 180_000);
});
