/*
 * What the writer's own tools do to a repository's state between runs — an editor saving the journal, a
 * full disk — and what podc must do: read what is there, hold what it paid for, and never pay twice.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../src/emulator/server.js";
import { emulator, envFor, ONE_SONG, podc, postsByKey, project, records, removeProjects, sleep, spawnPodc } from "./helpers.js";

let slow: Emulator;

beforeAll(async () => {
  slow = await emulator({ clockMs: 700 });
});
afterAll(async () => {
  await slow.close();
});
afterAll(removeProjects);

const journalOf = (dir: string): string => join(dir, ".podc", "journal.jsonl");

describe("a journal saved by an editor", () => {
  it("reads a last line that lacks only its newline: an accepted song's task id is kept, and nothing is paid twice", async () => {
    const p = project(ONE_SONG, { timeoutMs: 1000 });
    const first = await podc(["run", p.script], p.dir, envFor(slow));
    expect(first.code, first.stderr).toBe(1);
    const song = [...records(p.dir).values()].find((r) => r.kind === "song")!;
    expect(song.taskId).toBeDefined();
    // The writer opens the journal, deletes the lines after the song's `accepted`, and saves without a final newline.
    const lines = readFileSync(journalOf(p.dir), "utf8").split("\n");
    const accepted = lines.findIndex((line) => line.includes('"type":"accepted"'));
    writeFileSync(journalOf(p.dir), lines.slice(0, accepted + 1).join("\n"));

    await sleep(2000);
    const again = spawnPodc(["run", p.script], p.dir, envFor(slow));
    const code = await again.exited;
    expect(again.output()).not.toContain("outcome unknown");
    expect(code, again.output()).toBe(0);
    expect(postsByKey(slow.ledger()).get(song.key)).toHaveLength(1);
    // The next entry went on a line of its own: every line of the journal is read back.
    expect(readFileSync(journalOf(p.dir), "utf8")).toMatch(/"type":"accepted"[^\n]*\}\n\{/);
    expect([...records(p.dir).values()].map((r) => r.state)).toEqual(["done"]);
  });
});
