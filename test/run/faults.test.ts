/*
 * What the service can do wrong, injected into the emulator, and what `podc run` must do about it:
 * never pay twice on its own, recover what reads can recover, and say clearly what is left.
 */
import { appendFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../src/emulator/server.js";
import { idempotencyKey } from "../../src/run/job.js";
import { JournalEntrySchema } from "../../src/state/job-record.js";
import { envFor, emulator, expectKeyAbsent, KEY, manifestOf, podc, project, records, SMALL, removeProjects } from "./helpers.js";

let emu: Emulator;

beforeAll(async () => {
  emu = await emulator();
});
afterEach(() => {
  emu.clearFaults();
});
afterAll(async () => {
  await emu.close();
});

const songKey = (dir: string): string => [...records(dir).values()].find((r) => r.kind === "song")!.key;
const postsFor = (key: string) => emu.ledger().filter((e) => e.idempotency_key?.startsWith(key));

afterAll(removeProjects);

describe("a connection reset after the service recorded the POST", () => {
  it("is reported as an unknown outcome, never sent again on its own, and sent again (same key) only when asked", async () => {
    const p = project(SMALL);
    emu.inject({ kind: "reset", route: "song.generate" });
    const first = await podc(["run", p.script], p.dir, envFor(emu));
    expect(first.code).toBe(1);
    expect(first.stderr).toContain("outcome unknown");
    expect(first.stderr).toContain("may have been accepted and billed");
    expect(first.stderr).toContain('episode.pod:11: song "Small Song"');
    expect(first.stderr).toContain("--resubmit-ambiguous");
    const key = songKey(p.dir);
    expect(postsFor(key)).toHaveLength(1);
    expect(postsFor(key)[0]!.billed).toBe(true); // the emulator did the work: exactly the case that must not be repeated blindly

    const rerun = await podc(["run", p.script], p.dir, envFor(emu));
    expect(rerun.code).toBe(1);
    expect(rerun.stderr).toContain("outcome unknown");
    expect(postsFor(key)).toHaveLength(1);
    const status = await podc(["status"], p.dir, {});
    expect(status.stdout).toContain("ambiguous");

    const resubmitted = await podc(["run", p.script, "--resubmit-ambiguous"], p.dir, envFor(emu));
    expect(resubmitted.code, resubmitted.stderr).toBe(0);
    const posts = postsFor(key);
    expect(posts).toHaveLength(2);
    expect(posts.map((e) => e.idempotency_key)).toEqual([key, key]);
    expect(manifestOf(p.dir).requests[1]!.files).toHaveLength(2);
  });

  it("a 503 answer to a paid POST is treated the same way, and the message carries its trace id", async () => {
    const p = project(SMALL);
    emu.inject({ kind: "server-error", route: "song.generate", status: 503 });
    const first = await podc(["run", p.script], p.dir, envFor(emu));
    expect(first.code).toBe(1);
    const trace = emu
      .requests()
      .filter((r) => r.route === "song.generate" && r.fault === "server-error")
      .at(-1)!.traceId;
    expect(first.stderr).toMatch(new RegExp(`outcome unknown[^\\n]*trace ${trace}`));
    expect(postsFor(songKey(p.dir))).toHaveLength(1);
  });
});

describe("reads are retried, paid requests are not", () => {
  it("503s on queries are recovered by polling", async () => {
    const p = project(SMALL);
    emu.inject({ kind: "server-error", route: "song.query", times: 6 });
    const result = await podc(["run", p.script], p.dir, envFor(emu));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/query task \d+ failed \(server-error \(HTTP 503[^\n]*\[trace [0-9a-f]{32}\]/);
    expect(postsFor(songKey(p.dir))).toHaveLength(1);
  });

  it("429 with Retry-After: waits as told and sends again — it provably created nothing", async () => {
    const p = project(SMALL);
    emu.inject({ kind: "rate-limit", route: "song.generate", retryAfterS: 1 });
    const started = Date.now();
    const result = await podc(["run", p.script], p.dir, envFor(emu));
    expect(result.code, result.stderr).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    const posts = postsFor(songKey(p.dir));
    expect(posts.map((e) => [e.status, e.billed])).toEqual([
      [429, false],
      [200, true],
    ]);
    expect(result.stderr).toContain("next try in 1.0 s");
  });

  it("a failed task is reported with its reason and trace id, and replaced only with --retry-failed (a new key)", async () => {
    const p = project(SMALL);
    emu.inject({ kind: "task-failed" });
    const first = await podc(["run", p.script], p.dir, envFor(emu));
    expect(first.code).toBe(1);
    expect(first.stderr).toMatch(/task \d+ failed: The song could not be generated \(emulated failure\) \(trace [0-9a-f]{32}\)/);
    const key = songKey(p.dir);
    const again = await podc(["run", p.script], p.dir, envFor(emu));
    expect(again.code).toBe(1);
    expect(postsFor(key)).toHaveLength(1);
    const retried = await podc(["run", p.script, "--retry-failed"], p.dir, envFor(emu));
    expect(retried.code, retried.stderr).toBe(0);
    expect(postsFor(key).map((e) => e.idempotency_key)).toEqual([key, idempotencyKey(key, 1)]);
  });

  it("a rejected request is reported with the service's words, not sent again, and replaced only with --retry-failed", async () => {
    const p = project(SMALL);
    emu.inject({ kind: "plain-text", route: "song.generate", status: 400 });
    const first = await podc(["run", p.script], p.dir, envFor(emu));
    expect(first.code).toBe(1);
    expect(first.stderr).toMatch(/episode\.pod:11: song "Small Song": rejected by the service, nothing was billed — rejected \(HTTP 400/);
    const key = songKey(p.dir);
    expect((await podc(["run", p.script], p.dir, envFor(emu))).code).toBe(1);
    expect(postsFor(key)).toHaveLength(1);
    const retried = await podc(["run", p.script, "--retry-failed"], p.dir, envFor(emu));
    expect(retried.code, retried.stderr).toBe(0);
    expect(postsFor(key).map((e) => [e.idempotency_key, e.status])).toEqual([
      [key, 400],
      [idempotencyKey(key, 1), 200],
    ]);
  });

  it("a task that succeeds without a usable link is a failure", async () => {
    const p = project(SMALL);
    emu.inject({ kind: "task-no-url" });
    const result = await podc(["run", p.script], p.dir, envFor(emu));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/task \d+ ended without usable audio: the task succeeded but no choice has a usable audio url/);
  });
});

describe("stops", () => {
  it("out of credit: stops sending, exits 1, says so", async () => {
    const p = project(SMALL);
    emu.inject({ kind: "quota", route: "paid" });
    const before = emu.ledger().length;
    const result = await podc(["run", p.script], p.dir, envFor(emu));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("out of credit");
    expect(emu.ledger().length - before).toBe(1);
    const next = await podc(["run", p.script], p.dir, envFor(emu));
    expect(next.code, next.stderr).toBe(0);
  });

  it("a refused key: stops at once, exits 1, says to check PODC_API_KEY, and never prints either key", async () => {
    const p = project(SMALL);
    const wrong = "sk-wrong-key-ZZZ-777";
    const result = await podc(["run", p.script], p.dir, { PODC_BASE_URL: emu.url, PODC_API_KEY: wrong });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("check PODC_API_KEY");
    expect(`${result.stdout}${result.stderr}${readFileSync(join(p.dir, ".podc", "journal.jsonl"), "utf8")}`).not.toContain(wrong);
    expectKeyAbsent([result.stdout, result.stderr], [join(p.dir, ".podc")]);
    expect(KEY).not.toBe(wrong);
  });
});

describe("a torn journal", () => {
  it("ignores a torn last line, cuts it off, and goes on without sending anything again", async () => {
    const p = project(SMALL);
    const first = await podc(["run", p.script], p.dir, envFor(emu));
    expect(first.code, first.stderr).toBe(0);
    const journal = join(p.dir, ".podc", "journal.jsonl");
    const complete = readFileSync(journal, "utf8");
    appendFileSync(journal, '{"v":1,"at":"2026-01-01T00:00:00.000Z","job":"abc","type":"inte');
    const before = emu.ledger().length;
    const again = await podc(["run", p.script], p.dir, envFor(emu));
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain("incomplete last line");
    expect(emu.ledger()).toHaveLength(before);
    expect(readFileSync(journal, "utf8")).toBe(complete);
  });
});

describe("the journal a run writes through faults", () => {
  it("holds only lines a reader takes whole: every field it wrote, none it would drop", async () => {
    const p = project(SMALL);
    emu.inject({ kind: "server-error", route: "song.generate", status: 503 });
    expect((await podc(["run", p.script], p.dir, envFor(emu))).code).toBe(1);
    emu.inject({ kind: "rate-limit", route: "song.generate", retryAfterS: 0 });
    const resubmitted = await podc(["run", p.script, "--resubmit-ambiguous"], p.dir, envFor(emu));
    expect(resubmitted.code, resubmitted.stderr).toBe(0);
    const lines = readFileSync(join(p.dir, ".podc", "journal.jsonl"), "utf8")
      .trim()
      .split("\n");
    const written = lines.map((line) => JSON.parse(line) as { type: string });
    // The runner's entries are not checked as they are written (state/job-record.ts stamped): the reader's check is the one.
    for (const entry of written) expect(JournalEntrySchema.parse(entry)).toEqual(entry);
    expect(new Set(written.map((e) => e.type))).toEqual(new Set(["intent", "ambiguous", "not-sent", "accepted", "polling", "succeeded", "downloaded", "done"]));
    // A song's first status, as the service gave it when it took the request.
    expect(written.find((e) => e.type === "accepted" && "taskId" in e)).toHaveProperty("status");
  });
});
