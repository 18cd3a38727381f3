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

/** A long two-host section of `turns` turns; `opening` goes before its first line. */
function script(turns: number, seed: number, opening: string): string {
  const lines = Array.from({ length: turns }, (_, i) => {
    const text = `The ${WORDS[(i * 7 + seed) % 12]} ${WORDS[(i * 5 + seed * 3) % 12]} line ${i} and ${seed}.`;
    return `${i % 2 ? "GUEST" : "HOST"}: ${i === 0 ? opening : ""}${text}`;
  });
  return `Title: Harbour Talk\nCast:\n    HOST: Ethan\n    GUEST: Victoria\n\n# Part\n\n${lines.join("\n")}\n`;
}

const name = (order: number): string => `${String(order).padStart(2, "0")}-part.wav`;

describe("an edit that renumbers an episode's files", () => {
  // "Well, " before the first line removes the cut after it: 11 requests become 10, the last 9 each take their
  // predecessor's name. Or it adds one: 3 requests become 4, and the new second one is downloaded to the name the
  // old second one must leave.
  it.each([
    { turns: 60, seed: 1, before: 11, after: 10, fresh: 1, keptFrom: 2 },
    { turns: 16, seed: 3, before: 3, after: 4, fresh: 2, keptFrom: 1 },
  ])(
    "$before requests becoming $after: every file has the bytes journaled for it, and only new requests are paid for",
    async (c) => {
      const dir = mkdtempSync(join(tmpdir(), "podc-renumber-"));
      dirs.push(dir);
      mkdirSync(join(dir, ".git"));
      writeFileSync(join(dir, "talk.pod"), script(c.turns, c.seed, ""));
      const ledger = (): number => readLedger(join(dir, ".podc", "local", "ledger.jsonl")).filter((e) => e.billed).length;

      const first = await podc(["run", "--local", "talk.pod"], dir, {});
      expect(first.code, first.stderr).toBe(0);
      const folder = join(dir, "out", "local", "talk");
      expect(readdirSync(folder).filter((f) => f.endsWith(".wav"))).toHaveLength(c.before);
      expect(ledger()).toBe(c.before);
      const before = manifestOf(dir, "local/talk").requests.map((r) => r.files[0]!.sha256);

      writeFileSync(join(dir, "talk.pod"), script(c.turns, c.seed, "Well, "));
      const second = await podc(["run", "--local", "talk.pod"], dir, {});
      expect(second.code, second.stderr).toBe(0);
      expect(second.stderr).not.toContain("is not the file podc downloaded");
      // The requests the edit made are new; those it only renumbered are copied, not paid for again.
      expect(ledger()).toBe(c.before + c.fresh);
      const after = manifestOf(dir, "local/talk").requests;
      expect(after.map((r) => r.files[0]!.path)).toEqual(Array.from({ length: c.after }, (_, i) => name(i + 1)));
      expect(after.slice(c.fresh).map((r) => r.files[0]!.sha256)).toEqual(before.slice(c.keptFrom));
      for (const request of after) {
        const file = request.files[0]!;
        expect(await sha256Of(join(folder, file.path)), file.path).toBe(file.sha256);
        expect(readFileSync(join(folder, file.path)).length, file.path).toBe(file.bytes);
      }
      expect(readdirSync(folder).filter((f) => f.startsWith("."))).toEqual([]);

      // And once more: everything is in place; nothing is sent.
      const third = await podc(["run", "--local", "talk.pod"], dir, {});
      expect(third.code, third.stderr).toBe(0);
      expect(ledger()).toBe(c.before + c.fresh);
    },
    180_000,
  );
});
