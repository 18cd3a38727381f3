/*
 * What the writer's own tools do to a repository's state between runs — an editor saving the journal, a
 * full disk — and what podc must do: read what is there, hold what it paid for, and never pay twice.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../src/emulator/server.js";
import { idempotencyKey } from "../../src/run/job.js";
import { emulator, envFor, MULTI_SONG, ONE_SONG, podc, postsByKey, project, records, removeProjects, sleep, spawnPodc } from "./helpers.js";

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

async function until(check: () => boolean): Promise<void> {
  const end = Date.now() + 60_000;
  while (!check()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await sleep(10);
  }
}

function git(dir: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=Writer", "-c", "user.email=writer@example.org", ...args], { cwd: dir, encoding: "utf8" });
}

const hasGit = ((): boolean => {
  try {
    execFileSync("git", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!hasGit)("git clean -fdX while songs are running", () => {
  it("takes the journal and the manifests, and the rerun still pays for nothing twice: it warns and takes them back from the copy outside the repository", async () => {
    const p = project(MULTI_SONG, { concurrency: 3 });
    const stateHome = mkdtempSync(join(tmpdir(), "podc-state-home-"));
    try {
      // What podc init sets up: the state and the audio ignored.
      writeFileSync(join(p.dir, ".gitignore"), "/.podc/\n/out/\n");
      git(p.dir, "init", "-q");
      git(p.dir, "add", ".");
      git(p.dir, "commit", "-qm", "episode");
      const env = { ...envFor(slow), XDG_STATE_HOME: stateHome };

      // Stopped (as a CI cancel stops it) once its three songs are accepted and still running.
      const first = spawnPodc(["run", "--no-build", p.script], p.dir, env);
      await until(() => (first.output().match(/accepted task/g) ?? []).length === 3);
      first.child.kill("SIGTERM");
      expect(await first.exited, first.output()).toBe(1);
      expect(first.output()).toMatch(/task \d+ is still running — run again to resume/);
      const sent = [...records(p.dir).values()];
      expect(sent.filter((r) => r.kind === "song" && r.taskId !== undefined).length).toBe(3);

      git(p.dir, "clean", "-fdXq");
      expect(existsSync(join(p.dir, ".podc"))).toBe(false);
      expect(existsSync(join(p.dir, "out"))).toBe(false);

      await sleep(2000);
      const again = spawnPodc(["run", "--no-build", p.script], p.dir, env);
      const code = await again.exited;
      expect(again.output()).toMatch(
        /warning: \.podc\/journal\.jsonl had lost \d+ entries of 5 requests \(deleted — git clean -fdX\? — or cut\); taken back from its copy/,
      );
      expect(code, again.output()).toBe(0);
      const posts = postsByKey(slow.ledger());
      for (const job of sent) expect(posts.get(idempotencyKey(job.key, 0)) ?? [], job.key).toHaveLength(1);
    } finally {
      rmSync(stateHome, { recursive: true, force: true });
    }
  });
});
