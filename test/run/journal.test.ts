/*
 * The journal's promises: what append returned survives, a torn last line is ignored and cut off, an
 * unreadable line never hides the rest, and entries fold into the states the runner acts on.
 */
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Journal, readJournal } from "../../src/run/journal.js";
import { foldJournal } from "../../src/run/job-record.js";

const dir = (): string => join(mkdtempSync(join(tmpdir(), "podc-journal-")), ".podc");
const JOB = "a".repeat(64);
const intent = {
  type: "intent",
  job: JOB,
  kind: "song",
  path: "/v1/song/generate",
  base: "https://api.example.com",
  script: "ep.pod",
  origin: { line: 3, song: "S" },
  idempotencyKey: JOB,
  generation: 0,
  because: "first",
} as const;

describe("the journal", () => {
  it("keeps every appended entry, one JSON line each, in order", () => {
    const state = dir();
    const journal = Journal.open(state);
    journal.append(intent);
    journal.append({ type: "accepted", job: JOB, taskId: "1795316543714329155", traceId: "t1" });
    journal.close();
    const lines = readFileSync(join(state, "journal.jsonl"), "utf8").trim().split("\n");
    expect(lines.map((l) => JSON.parse(l).type)).toEqual(["intent", "accepted"]);
    expect(JSON.parse(lines[1]!)).toMatchObject({ v: 1, job: JOB, taskId: "1795316543714329155" });
    expect(Journal.open(state).entries()).toHaveLength(2);
  });

  it("ignores a torn last line when reading, and cuts it off when opened for writing", () => {
    const state = dir();
    const journal = Journal.open(state);
    journal.append(intent);
    journal.close();
    const path = join(state, "journal.jsonl");
    const whole = readFileSync(path, "utf8");
    appendFileSync(path, '{"v":1,"at":"x","job":"' + JOB + '","type":"acce');
    expect(readJournal(state).entries).toHaveLength(1);
    const reopened = Journal.open(state);
    expect(reopened.warnings[0]!.message).toContain("incomplete last line");
    reopened.append({ type: "accepted", job: JOB, taskId: "7" });
    reopened.close();
    const after = readFileSync(path, "utf8");
    expect(after.startsWith(whole)).toBe(true);
    expect(after.slice(whole.length)).toMatch(/^\{"v":1,[^\n]*"type":"accepted"[^\n]*\}\n$/);
    expect(readJournal(state).entries.map((e) => e.type)).toEqual(["intent", "accepted"]);
    expect(readJournal(state).warnings).toEqual([]);
  });

  it("skips a line it cannot read (with a warning) and keeps the rest", () => {
    const state = dir();
    Journal.open(state).close();
    const path = join(state, "journal.jsonl");
    writeFileSync(path, `${JSON.stringify({ v: 1, at: "t", ...intent })}\nnot json\n${JSON.stringify({ v: 1, at: "t", job: JOB, type: "from-the-future" })}\n`);
    const read = readJournal(state);
    expect(read.entries).toHaveLength(1);
    expect(read.warnings.map((w) => w.line)).toEqual([2, 3]);
  });
});

describe("folding entries into job states", () => {
  const at = { v: 1 as const, at: "2026-01-01T00:00:00.000Z" };
  const fold = (...entries: object[]) => foldJournal(entries.map((e) => ({ ...at, ...e }) as never)).get(JOB)!;

  it("intent without an outcome is 'intent' — a crash during the POST — and never 'ready'", () => {
    expect(fold(intent).state).toBe("intent");
  });

  it("follows a song from intent to done", () => {
    const steps = [
      intent,
      { type: "accepted", job: JOB, taskId: "9", traceId: "t1" },
      { type: "polling", job: JOB, taskId: "9", status: "running" },
      { type: "succeeded", job: JOB, taskId: "9", model: "mureka-8", choices: [{ index: 0, url: "https://cdn/x.mp3" }], traceId: "t2" },
      { type: "downloaded", job: JOB, choice: 0, file: "out/ep/01-s-1.mp3", bytes: 3, sha256: "abc", contentType: "audio/mpeg" },
      { type: "done", job: JOB },
    ];
    const states = steps.map((_, i) => fold(...steps.slice(0, i + 1)).state);
    expect(states).toEqual(["intent", "accepted", "polling", "succeeded", "succeeded", "done"]);
    const done = fold(...steps);
    expect(done).toMatchObject({ taskId: "9", model: "mureka-8", traceIds: ["t1", "t2"], intents: 1 });
    expect(done.files).toHaveLength(1);
  });

  it("tells outcomes that prove nothing was created from those that may have billed", () => {
    expect(fold(intent, { type: "not-sent", job: JOB, outcome: "rate-limited", status: 429, message: "Rate limit" }).state).toBe("ready");
    expect(fold(intent, { type: "ambiguous", job: JOB, outcome: "server-error", status: 503, message: "overloaded" }).state).toBe("ambiguous");
    expect(fold(intent, { type: "rejected", job: JOB, status: 400, message: "Invalid Request" }).state).toBe("rejected");
  });

  it("starts afresh on a new intent, counting the requests sent", () => {
    const record = fold(
      intent,
      { type: "accepted", job: JOB, taskId: "1" },
      { type: "failed", job: JOB, taskId: "1", status: "failed", reason: "no" },
      { ...intent, generation: 1, idempotencyKey: `${JOB}.1`, because: "retry-failed" },
    );
    expect(record).toMatchObject({ state: "intent", generation: 1, intents: 2 });
    expect(record.taskId).toBeUndefined();
    expect(record.problem).toBeUndefined();
  });
});
