/*
 * The journal's promises: what append returned survives, a torn last line is ignored and cut off, a
 * failed write never spoils the next entry, a line from a newer podc stops everything, a damaged line
 * is never silently skipped, and entries fold into the states the runner acts on.
 */
import { appendFileSync, existsSync, fsyncSync, ftruncateSync, mkdtempSync, readFileSync, statSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Journal, JournalUnreadableError, JournalWriteError, readJournal, readRecords, type JournalFileOps } from "../../src/state/journal.js";
import { foldJournal } from "../../src/state/job-record.js";

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

  it("reads the lines of format 1 as they are, and writes new entries with the oldest format that can read them", () => {
    const state = dir();
    Journal.open(state).close();
    const path = join(state, "journal.jsonl");
    writeFileSync(path, `${JSON.stringify({ v: 1, at: "t", ...intent })}\n`);
    const journal = Journal.open(state);
    expect(journal.entries().map((e) => e.type)).toEqual(["intent"]);
    journal.append({ type: "accepted", job: JOB, taskId: "7" });
    journal.append({ type: "restored", job: "b".repeat(64), manifest: "out/ep/manifest.json", kind: "podcast", state: "done", traceIds: [], files: [] });
    journal.close();
    expect(
      readFileSync(path, "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l).v),
    ).toEqual([1, 1, 2]);
  });

  it.each([
    ["a higher format version", { v: 3, at: "t", job: JOB, type: "accepted", taskId: "7" }, "format 3; this podc reads up to 2"],
    ["an entry type it does not know", { v: 1, at: "t", job: JOB, type: "from-the-future" }, 'type "from-the-future" is not one this podc knows'],
    ["a value it does not know", { v: 1, at: "t", ...intent, because: "a-new-reason" }, 'because "a-new-reason" is not one this podc knows'],
  ])("stops before writing anything on %s: written by a newer podc", (_what, line, detail) => {
    const state = dir();
    Journal.open(state).close();
    const path = join(state, "journal.jsonl");
    const text = `${JSON.stringify({ v: 1, at: "t", ...intent })}\n${JSON.stringify(line)}\n`;
    writeFileSync(path, text);
    expect(() => Journal.open(state)).toThrow(JournalUnreadableError);
    expect(() => Journal.open(state)).toThrow(/journal\.jsonl:2 was written by a newer podc: upgrade podc/);
    expect(() => Journal.open(state)).toThrow(detail);
    expect(() => readRecords(state)).toThrow(JournalUnreadableError);
    expect(readFileSync(path, "utf8")).toBe(text);
  });

  it("treats the job a damaged line names as 'outcome unknown', and stops on one that names none", () => {
    const state = dir();
    Journal.open(state).close();
    const path = join(state, "journal.jsonl");
    const other = "c".repeat(64);
    writeFileSync(path, `{"v":1,"at":"t","job":"${other}","type":"inte#~garbage\n`);
    const read = readJournal(state);
    expect(read.problems).toEqual([{ kind: "damaged", line: 1, message: "damaged (not JSON)", job: other }]);
    const record = readRecords(state).get(other)!;
    expect(record.state).toBe("ambiguous");
    expect(record.problem?.message).toContain("line 1 of the journal, about this request, is damaged");
    writeFileSync(path, "#~garbage\n");
    expect(() => Journal.open(state)).toThrow(/journal\.jsonl:1 is damaged \(not JSON\) and does not say which request it was about/);
  });

  it("recovers an entry an older podc glued onto the fragment of a failed write", () => {
    const state = dir();
    Journal.open(state).close();
    const path = join(state, "journal.jsonl");
    const accepted = JSON.stringify({ v: 1, at: "t", job: JOB, type: "accepted", taskId: "1795316543714329155" });
    writeFileSync(path, `${JSON.stringify({ v: 1, at: "t", ...intent })}\n{"v":1,"at":"t","job":"${JOB}","type":"pol${accepted}\n`);
    const read = readJournal(state);
    expect(read.entries.map((e) => e.type)).toEqual(["intent", "accepted"]);
    expect(read.problems).toEqual([]);
    expect(read.warnings[0]!.message).toContain("of an entry whose write had failed");
    expect(readRecords(state).get(JOB)).toMatchObject({ state: "accepted", taskId: "1795316543714329155" });
  });
});

describe("group commit: entries committed together share one fsync", () => {
  const jobKey = (i: number): string => i.toString(16).padStart(64, "0");
  const intentOf = (i: number) => ({ ...intent, job: jobKey(i), idempotencyKey: jobKey(i) });

  /** Real file operations that count fsyncs and record what the file held at each. */
  function counted(options: { later?: boolean } = {}): { ops: JournalFileOps; syncs: string[] } {
    const syncs: string[] = [];
    const ops: JournalFileOps = {
      write: (fd, buffer, offset, length) => writeSync(fd, buffer, offset, length),
      fsync: (fd) => {
        fsyncSync(fd);
        syncs.push("sync");
      },
      truncate: (fd, length) => ftruncateSync(fd, length),
    };
    if (options.later) {
      ops.fsyncLater = async (fd) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        fsyncSync(fd);
        syncs.push("later");
      };
    }
    return { ops, syncs };
  }

  it("writes ten intents committed at once with one fsync, and resolves none before it", async () => {
    const state = dir();
    const { ops, syncs } = counted();
    const journal = Journal.open(state, ops);
    const resolvedAfter: number[] = [];
    await Promise.all(Array.from({ length: 10 }, (_, i) => journal.commit(intentOf(i)).then(() => resolvedAfter.push(syncs.length))));
    expect(syncs).toHaveLength(1);
    expect(resolvedAfter).toEqual(Array(10).fill(1));
    journal.close();
    expect(readJournal(state).entries.map((e) => e.job)).toEqual(Array.from({ length: 10 }, (_, i) => jobKey(i)));
  });

  it("gathers what is committed while a batch is being flushed into the next batch, in order", async () => {
    const state = dir();
    const { ops, syncs } = counted({ later: true });
    const journal = Journal.open(state, ops);
    const first = journal.commit(intentOf(0));
    // Wait until the first batch is on its way to disk, then commit nine more while its fsync runs.
    await new Promise((resolve) => setImmediate(resolve));
    const rest = Array.from({ length: 9 }, (_, i) => journal.commit(intentOf(i + 1)));
    await Promise.all([first, ...rest]);
    expect(syncs).toEqual(["later", "later"]);
    journal.close();
    expect(readJournal(state).entries.map((e) => e.job)).toEqual(Array.from({ length: 10 }, (_, i) => jobKey(i)));
  });

  it("writes a batch of nothing but `done` entries without an fsync, and flushes it with the next batch or on close", async () => {
    const state = dir();
    const { ops, syncs } = counted();
    const journal = Journal.open(state, ops);
    await Promise.all([journal.commit(intentOf(0)), journal.commit(intentOf(1))]);
    expect(syncs).toHaveLength(1);
    // `done` licenses nothing: its batch is written, and resolves, without waiting on the disk.
    await journal.commit({ type: "done", job: jobKey(0) });
    expect(syncs).toHaveLength(1);
    expect(readJournal(state).entries.map((e) => e.type)).toEqual(["intent", "intent", "done"]);
    // A batch with anything else in it is fsynced, which flushes the earlier line too.
    await Promise.all([journal.commit({ type: "done", job: jobKey(1) }), journal.commit(intentOf(2))]);
    expect(syncs).toHaveLength(2);
    await journal.commit({ type: "done", job: jobKey(2) });
    expect(syncs).toHaveLength(2);
    journal.close();
    expect(syncs).toHaveLength(3);
    expect(readRecords(state).get(jobKey(2))!.state).toBe("done");
  });

  it("fails the whole batch when its write fails, refuses intents afterwards, and writes the held answer first at the next chance", async () => {
    const state = dir();
    let full = false;
    const journal = Journal.open(state, {
      write: (fd, buffer, offset, length) => {
        if (full) throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
        return writeSync(fd, buffer, offset, length);
      },
      fsync: (fd) => fsyncSync(fd),
      truncate: (fd, length) => ftruncateSync(fd, length),
    });
    await journal.commit(intentOf(0));
    full = true;
    const batch = await Promise.allSettled([journal.commit(intentOf(1)), journal.commit({ type: "accepted", job: jobKey(0), taskId: "5" })]);
    expect(batch.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    full = false;
    await expect(journal.commit(intentOf(2))).rejects.toThrow(/no new paid request/);
    await journal.commit({ type: "accepted", job: jobKey(0), taskId: "6" });
    journal.close();
    // The answer of the failed batch (task 5) was held, not dropped: it went in first when the disk had room again.
    expect(readJournal(state).entries.map((e) => (e.type === "accepted" ? e.taskId : e.type))).toEqual(["intent", "5", "6"]);
    expect(readRecords(state).get(jobKey(0))).toMatchObject({ state: "accepted", taskId: "6" });
  });

  it("holds an answer it cannot write, says so, and writes it on closing once there is room", async () => {
    const state = dir();
    let full = false;
    const journal = Journal.open(state, {
      write: (fd, buffer, offset, length) => {
        if (full) throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
        return writeSync(fd, buffer, offset, length);
      },
      fsync: (fd) => fsyncSync(fd),
      truncate: (fd, length) => ftruncateSync(fd, length),
    });
    await journal.commit(intentOf(0));
    full = true;
    await expect(journal.commit({ type: "accepted", job: jobKey(0), taskId: "5" })).rejects.toThrow(
      /the disk is full \(ENOSPC\); podc holds what it could not write/,
    );
    expect(journal.held.map((e) => e.type)).toEqual(["accepted"]);
    full = false;
    journal.close();
    expect(journal.held).toEqual([]);
    expect(readRecords(state).get(jobKey(0))).toMatchObject({ state: "accepted", taskId: "5" });
  });

  it("gives up the room it keeps beside the journal when the disk fills, for answers only: an intent in that batch is refused", async () => {
    const state = dir();
    const reserve = join(state, "journal.reserve");
    let full = false;
    const journal = Journal.open(state, {
      // The disk is full for as long as the reserve is there.
      write: (fd, buffer, offset, length) => {
        if (full && existsSync(reserve)) throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
        return writeSync(fd, buffer, offset, length);
      },
      fsync: (fd) => fsyncSync(fd),
      truncate: (fd, length) => ftruncateSync(fd, length),
    });
    expect(statSync(reserve).size).toBe(64 * 1024);
    await journal.commit(intentOf(0));
    full = true;
    const batch = await Promise.allSettled([journal.commit({ type: "accepted", job: jobKey(0), taskId: "5" }), journal.commit(intentOf(1))]);
    expect(batch.map((r) => r.status)).toEqual(["fulfilled", "rejected"]);
    expect(String((batch[1] as PromiseRejectedResult).reason)).toMatch(/no new paid request/);
    journal.close();
    expect(readJournal(state).entries.map((e) => e.type)).toEqual(["intent", "accepted"]);
  });
});

describe("a journal write that fails", () => {
  const enospc = (): Error => Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });

  /** File operations that write the first `budget` bytes of the next write, then fail with ENOSPC. */
  function diskFullAfter(budget: { bytes: number }, options: { truncateFails?: boolean } = {}): JournalFileOps {
    return {
      write: (fd, buffer, offset, length) => {
        if (budget.bytes <= 0) throw enospc();
        const n = Math.min(length, budget.bytes);
        budget.bytes -= n;
        return writeSync(fd, buffer, offset, n);
      },
      fsync: (fd) => fsyncSync(fd),
      truncate: (fd, length) => {
        if (options.truncateFails) throw Object.assign(new Error("EIO: i/o error"), { code: "EIO" });
        ftruncateSync(fd, length);
      },
    };
  }

  it("after a short write and ENOSPC, leaves the file as it was, refuses new intents, and still records answers whole", () => {
    const state = dir();
    const budget = { bytes: Number.POSITIVE_INFINITY };
    const journal = Journal.open(state, diskFullAfter(budget));
    journal.append(intent);
    const path = join(state, "journal.jsonl");
    const before = readFileSync(path, "utf8");
    budget.bytes = 40; // the next entry gets 40 bytes on disk, then the disk is full
    expect(() => journal.append({ type: "accepted", job: JOB, taskId: "7" })).toThrow(JournalWriteError);
    expect(() => journal.append({ type: "accepted", job: JOB, taskId: "7" })).toThrow(/cannot write the journal .*: the disk is full \(ENOSPC\)/);
    expect(readFileSync(path, "utf8")).toBe(before);
    expect(journal.failure).toBe("the disk is full (ENOSPC)");
    budget.bytes = Number.POSITIVE_INFINITY; // space again
    expect(() => journal.append({ ...intent, job: "d".repeat(64), idempotencyKey: "d".repeat(64) })).toThrow(/no new paid request/);
    journal.append({ type: "accepted", job: JOB, taskId: "8" });
    journal.close();
    expect(readJournal(state)).toMatchObject({ problems: [], warnings: [] });
    expect(readRecords(state).get(JOB)).toMatchObject({ state: "accepted", taskId: "8" });
  });

  it("when even cutting back fails, starts the next entry on a new line so it stays readable", () => {
    const state = dir();
    const budget = { bytes: Number.POSITIVE_INFINITY };
    const journal = Journal.open(state, diskFullAfter(budget, { truncateFails: true }));
    journal.append(intent);
    budget.bytes = 25;
    expect(() => journal.append({ type: "accepted", job: JOB, taskId: "7" })).toThrow(JournalWriteError);
    budget.bytes = Number.POSITIVE_INFINITY;
    journal.append({ type: "accepted", job: JOB, taskId: "8" });
    journal.close();
    const read = readJournal(state);
    expect(read.entries.map((e) => e.type)).toEqual(["intent", "accepted"]);
    expect(read.entries[1]).toMatchObject({ taskId: "8" });
  });

  it("takes a write that makes no progress for a full disk instead of looping", () => {
    const state = dir();
    const journal = Journal.open(state, { write: () => 0, fsync: () => undefined, truncate: () => undefined });
    expect(() => journal.append(intent)).toThrow(/the disk is full/);
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
