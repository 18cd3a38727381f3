import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../src/emulator/server.js";
import type { Quirk } from "../../src/emulator/quirks.js";
import { envFor, emulator, expectKeyAbsent, KEY, manifestOf, MULTI_SONG, podc, project, records, removeProjects, SMALL } from "./helpers.js";

/*
 * The matrix of answers real services give, one test per quirk of the emulator: each either works, or fails with a
 * clear message and a right next step. Across all of them: no paid result is lost, nothing polls past its budget, and
 * nothing already paid is advised to be paid for again.
 */

const started: Emulator[] = [];
afterAll(async () => {
  await Promise.all(started.map((emu) => emu.close()));
  removeProjects();
});

async function withQuirks(...quirks: Quirk[]): Promise<Emulator> {
  const emu = await emulator({ quirks });
  started.push(emu);
  return emu;
}

/** Paid POSTs the emulator billed, per Idempotency-Key: each must be 1. */
function billedPerKey(emu: Emulator): number[] {
  const counts = new Map<string, number>();
  for (const entry of emu.ledger()) if (entry.billed) counts.set(entry.idempotency_key ?? "", (counts.get(entry.idempotency_key ?? "") ?? 0) + 1);
  return [...counts.values()];
}

describe("answers that only look different: podc finishes the episode", () => {
  it.each<[string, Quirk[]]>([
    ["float timestamps", ["float-timestamps"]],
    ["ISO timestamps", ["iso-timestamps"]],
    ["a created task without status", ["no-status"]],
    ["choices without index", ["no-index"]],
    ["an unknown terminal status with links (completed)", ["completed-status"]],
    ["durations in seconds", ["seconds-duration"]],
    ["fields no document names", ["extra-fields"]],
    ["audio as binary/octet-stream", ["octet-stream"]],
    ["audio without a Content-Type", ["no-content-type"]],
    ["all of them at once", ["float-timestamps", "no-status", "no-index", "completed-status", "extra-fields", "octet-stream"]],
  ])("%s", async (_what, quirks) => {
    const emu = await withQuirks(...quirks);
    const p = project(SMALL);
    const run = await podc(["run", p.script], p.dir, envFor(emu));
    expect(run.code, run.stderr).toBe(0);
    const manifest = manifestOf(p.dir);
    expect(manifest.requests.map((r) => r.state)).toEqual(["done", "done"]);
    // Named after the bytes (wav), whatever the server called them.
    const files = manifest.requests.flatMap((r) => (r as { files: { path: string; durationMs?: number }[] }).files);
    expect(files.map((f) => f.path.slice(-4))).toEqual([".wav", ".wav", ".wav"]);
    for (const file of files) expect(file.durationMs).toBeGreaterThan(500);
    expect(billedPerKey(emu)).toEqual([1, 1]);
    expect(run.stderr).not.toMatch(/--retry-failed|--resubmit-ambiguous/);
  });
});

describe("answers that podc cannot act on: a clear message, a right next step, nothing paid twice", () => {
  it("a task that ends with an unknown status and no link is reported once, not polled to the deadline, and never paid again", async () => {
    const emu = await withQuirks("completed-no-link");
    const p = project(SMALL, { timeoutMs: 600_000 });
    const first = await podc(["run", p.script], p.dir, envFor(emu));
    expect(first.code).toBe(1);
    expect(first.stderr).toMatch(/has ended with status "completed", which this podc does not know/);
    expect(first.stderr).toContain("nothing is sent again");
    expect(first.stderr).not.toMatch(/--retry-failed|--resubmit-ambiguous|deadline/);
    const song = [...records(p.dir).values()].find((r) => r.kind === "song")!;
    expect(song.raw?.body).toContain('"completed"');
    const again = await podc(["run", p.script], p.dir, envFor(emu));
    expect(again.code).toBe(1);
    expect(billedPerKey(emu)).toEqual([1, 1]);
  });

  it("a bad key answered 400 is a key problem, not a rejected script, and a rerun with the right key sends everything", async () => {
    const emu = await withQuirks("auth-400");
    const p = project(SMALL);
    const wrong = await podc(["run", p.script], p.dir, { ...envFor(emu), PODC_API_KEY: "sk-wrong-key-0123456789" });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("check PODC_API_KEY");
    expect(wrong.stderr).not.toMatch(/rejected|Fix the script/);
    const right = await podc(["run", p.script], p.dir, envFor(emu));
    expect(right.code, right.stderr).toBe(0);
    expect(billedPerKey(emu)).toEqual([1, 1]);
  });

  it("a 403 for the region says so, and does not blame the key", async () => {
    const emu = await withQuirks("region-403");
    const p = project(SMALL);
    const run = await podc(["run", p.script], p.dir, envFor(emu));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/region/);
    expect(run.stderr).toContain("the key is not the problem");
    expect(run.stderr).not.toContain("check PODC_API_KEY");
    expect([...records(p.dir).values()].every((r) => r.state === "ready" || r.state === "new")).toBe(true);
  });

  it("out of credit worded as a balance is out of credit, not a rate limit to wait out", async () => {
    const emu = await withQuirks("credit-wording");
    emu.inject({ kind: "quota", times: Number.POSITIVE_INFINITY });
    const p = project(SMALL);
    const run = await podc(["run", p.script], p.dir, envFor(emu));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("out of credit");
    expect(run.stderr).not.toMatch(/rate limit/i);
    // One POST, then the run stops sending.
    expect(emu.ledger()).toHaveLength(1);
  });

  it("a trace id sent only as X-Request-Id is shown", async () => {
    const emu = await withQuirks("request-id-header");
    emu.inject({ kind: "server-error", route: "song.generate" });
    const p = project(SMALL);
    const run = await podc(["run", p.script], p.dir, envFor(emu));
    expect(run.code).toBe(1);
    const trace = emu.requests().find((r) => r.route === "song.generate")!.traceId;
    expect(run.stderr).toContain(trace);
  });
});

describe("what the account was told to wait for, and answers read later", () => {
  it("Retry-After holds every paid POST of the account, not only the one it answered", async () => {
    const emu = await withQuirks();
    emu.inject({ kind: "rate-limit", route: "paid", retryAfterS: 1 });
    const p = project(MULTI_SONG, { concurrency: 3 });
    const run = await podc(["run", p.script], p.dir, envFor(emu));
    expect(run.code, run.stderr).toBe(0);
    const posts = emu.ledger();
    const limited = posts.findIndex((e) => e.status === 429);
    const after = posts.slice(limited + 1).map((e) => Date.parse(e.at) - Date.parse(posts[limited]!.at));
    // Requests already on their way when the 429 came may land at once; none sent after it does.
    const inFlight = 2;
    expect(after.slice(inFlight).every((ms) => ms >= 950)).toBe(true);
    expect(billedPerKey(emu).every((n) => n === 1)).toBe(true);
  });

  it("an answer journaled unread is finished from by a podc that can read it, without paying again", async () => {
    const emu = await withQuirks();
    emu.inject({ kind: "malformed-json", route: "song.generate" });
    const p = project(SMALL);
    const first = await podc(["run", p.script], p.dir, envFor(emu));
    expect(first.code).toBe(1);
    expect(first.stderr).toContain("outcome unknown");
    // What a newer podc would make of the kept answer: here, the same bytes made whole.
    const journal = join(p.dir, ".podc", "journal.jsonl");
    const lines = readFileSync(journal, "utf8").split("\n");
    const at = lines.findIndex((line) => line.includes('"type":"ambiguous"'));
    const entry = JSON.parse(lines[at]!) as { raw: { body: string } };
    const id = /"id":"(\d+)"/.exec(entry.raw.body)![1]!;
    entry.raw.body = JSON.stringify({ id, status: "preparing" });
    lines[at] = JSON.stringify(entry);
    writeFileSync(journal, lines.join("\n"));
    const later = await podc(["run", p.script], p.dir, envFor(emu));
    expect(later.code, later.stderr).toBe(0);
    expect(manifestOf(p.dir).requests.find((r) => r.kind === "song")!.taskId).toBe(id);
    expect(billedPerKey(emu)).toEqual([1, 1]);
    expectKeyAbsent([first.stderr, later.stderr], [join(p.dir, ".podc")]);
    expect(readFileSync(journal, "utf8")).not.toContain(KEY);
  });
});
