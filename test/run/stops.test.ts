/*
 * Stopping early, on purpose: Ctrl-C and the overall deadline. Neither may lose a paid task or turn a
 * known outcome into an unknown one; both leave the journal so that the next run resumes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../src/emulator/server.js";
import { idempotencyKey } from "../../src/run/job.js";
import { emulator, envFor, MULTI_SONG, ONE_SONG, podc, podcInterruptible, postsByKey, project, records, sleep, removeProjects, spawnPodc } from "./helpers.js";

let emu: Emulator;

beforeAll(async () => {
  emu = await emulator();
});
afterAll(async () => {
  await emu.close();
});

async function until(check: () => boolean, timeoutMs = 120_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await sleep(5);
  }
}

function expectEachSentOnce(dir: string): void {
  const posts = postsByKey(emu.ledger());
  for (const job of records(dir).values()) expect(posts.get(idempotencyKey(job.key, 0)) ?? [], job.key).toHaveLength(1);
}

afterAll(removeProjects);

describe("Ctrl-C", () => {
  it("stops new submissions, records the request in flight, exits 1; the next run resumes without sending it again", async () => {
    const p = project(MULTI_SONG);
    emu.inject({ kind: "latency", route: "song.generate", ms: 400 });
    const run = podcInterruptible(["run", p.script], p.dir, envFor(emu));
    await until(() => /song "First Light"[^\n]*: sending/.test(run.stderr()));
    run.interrupt();
    const result = await run.done;
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("interrupted: no new request is sent");
    const song = [...records(p.dir).values()].find((r) => r.origin?.song === "First Light")!;
    // The answer that was on its way when Ctrl-C came was waited for and journaled: not an unknown outcome.
    expect(["accepted", "polling"]).toContain(song.state);
    expect(result.stderr).toMatch(/song "First Light": task \d+ is still running — run again to resume/);
    expect(result.stderr).toContain('song "Second Wind": not sent (interrupted) — run again to send it');
    const sent = records(p.dir).size;
    expect(sent).toBe(2);

    const again = await podc(["run", p.script], p.dir, envFor(emu));
    expect(again.code, again.stderr).toBe(0);
    expectEachSentOnce(p.dir);
  });
});

// `docker stop`, `timeout` and a CI runner's cancel send SIGTERM; a closed terminal sends SIGHUP. A real process
// receives them, as an installed podc would.
describe.each(["SIGTERM", "SIGHUP"] as const)("%s, sent to a real podc process", (signal) => {
  it("stops like Ctrl-C: the request in flight is recorded, exit 1, and the next run sends nothing twice", async () => {
    const p = project(MULTI_SONG);
    emu.inject({ kind: "latency", route: "song.generate", ms: 400 });
    const run = spawnPodc(["run", p.script], p.dir, envFor(emu));
    await until(() => /song "First Light"[^\n]*: sending/.test(run.output()));
    run.child.kill(signal);
    const code = await run.exited;
    expect(code, run.output()).toBe(1);
    expect(run.output()).toContain(`interrupted by ${signal}: no new request is sent`);
    const song = [...records(p.dir).values()].find((r) => r.origin?.song === "First Light")!;
    expect(["accepted", "polling"]).toContain(song.state);
    expect(run.output()).toContain('song "Second Wind": not sent (interrupted) — run again to send it');

    const again = await podc(["run", p.script], p.dir, envFor(emu));
    expect(again.code, again.stderr).toBe(0);
    expectEachSentOnce(p.dir);
  });
});

describe("the overall deadline", () => {
  it("leaves a running task in the journal with 'still running — run again to resume', not 'failed'", async () => {
    const slow = await emulator({ clockMs: 700 });
    try {
      const p = project(ONE_SONG, { timeoutMs: 1000 });
      const first = await podc(["run", p.script], p.dir, envFor(slow));
      expect(first.code).toBe(1);
      expect(first.stderr).toContain("deadline (service.timeoutMs, 1 s) passed");
      expect(first.stderr).toMatch(/song "Lonely Song": task \d+ is still running — run again to resume/);
      expect(first.stderr).not.toMatch(/failed/);
      const song = [...records(p.dir).values()].find((r) => r.kind === "song")!;
      expect(["accepted", "polling"]).toContain(song.state);

      await sleep(2000);
      const again = await podc(["run", p.script], p.dir, envFor(slow));
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).toContain("resumed");
      const posts = postsByKey(slow.ledger());
      expect(posts.get(song.key)).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });
});
