/*
 * The shared store's own promises, against a real PostgreSQL started for this file: the schema and its
 * migrations, claims across runs, dead runs' claims, the write-ahead rule for intents, the account's
 * slots, content-addressed audio, and credentials that never show.
 */
import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextStep } from "../../src/run/rerun-rules.js";
import { stateTargetFrom, type StateTarget } from "../../src/state/postgres/connection.js";
import { ClaimLostError } from "../../src/state/store.js";
import { SCHEMA_VERSION, SchemaTooNewError } from "../../src/state/postgres/migrations.js";
import { PostgresState } from "../../src/state/postgres/postgres-store.js";
import { transferState } from "../../src/state/postgres/transfer.js";
import { Journal } from "../../src/state/journal.js";
import type { RunHolder } from "../../src/state/postgres/runs.js";
import { sql } from "./helpers.js";
import { postgresMissing, startPostgres, type TestPostgres } from "./postgres-server.js";

const missing = postgresMissing();
let server: TestPostgres;
const folders: string[] = [];

beforeAll(async () => {
  if (!missing) server = await startPostgres();
}, 300_000);
afterAll(async () => {
  await server?.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const KEY = "sk-account-one-5b1e2c9d";
const gone = (holder: RunHolder): boolean => {
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch {
    return true;
  }
};

async function target(): Promise<StateTarget> {
  const t = stateTargetFrom({ PODC_STATE_URL: await server.createDatabase() });
  if (!t || "error" in t) throw new Error("bad url");
  return t;
}

/** A run as another machine would be: a host name of its own and a live pid that this host cannot see as dead. */
function open(t: StateTarget, host: string, extra: { concurrency?: number; pid?: number } = {}): Promise<PostgresState> {
  return PostgresState.open(t, {
    apiKey: KEY,
    concurrency: extra.concurrency ?? 1,
    isGoneHere: gone,
    holder: { host, pid: extra.pid ?? process.pid, startedAt: new Date().toISOString() },
  });
}

function intent(job: string) {
  return {
    type: "intent" as const,
    job,
    kind: "song" as const,
    path: "/v1/song/generate",
    base: "http://127.0.0.1:1",
    script: "ep.pod",
    origin: { line: 3, song: "S" },
    idempotencyKey: job,
    generation: 0,
    because: "first" as const,
  };
}

const never = new AbortController().signal;

describe.skipIf(missing)("the shared store on PostgreSQL", () => {
  it("creates its schema once, and refuses a database written by a newer podc", async () => {
    const t = await target();
    const a = await open(t, "host-a");
    await a.close();
    const again = await open(t, "host-a");
    await again.close();
    const url = t.config.connectionString!;
    expect((await sql(url, "SELECT version FROM podc_schema ORDER BY version")).rows.map((r) => r.version)).toEqual(
      // Each version once, however often the store is opened.
      Array.from({ length: SCHEMA_VERSION }, (_, i) => i + 1),
    );
    await sql(url, "INSERT INTO podc_schema (version, podc) VALUES ($1, 'future')", [SCHEMA_VERSION + 1]);
    const refused = await open(t, "host-a").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SchemaTooNewError);
    expect((refused as Error).message).toMatch(/newer podc .* upgrade podc/);
  });

  it("lets one run at a time hold a job; an intent commits only with the claim, so only one machine sends", async () => {
    const t = await target();
    const a = await open(t, "host-a");
    const b = await open(t, "host-b");
    try {
      expect(await a.claim("job-1", never)).toBe(true);
      let heldBy: RunHolder | undefined;
      const waiting = new AbortController();
      const bClaim = b.claim("job-1", waiting.signal, (h) => (heldBy = h));
      await new Promise((r) => setTimeout(r, 400));
      expect(heldBy?.host).toBe("host-a");
      // B never got the claim, so B's intent is refused: its paid request never leaves.
      await expect(b.append(intent("job-1"))).rejects.toBeInstanceOf(ClaimLostError);
      await a.append(intent("job-1"));
      await a.append({ type: "accepted", job: "job-1", taskId: "task-77" });
      await a.release("job-1");
      expect(await bClaim).toBe(true);
      expect(b.record("job-1")).toMatchObject({ state: "accepted", taskId: "task-77", intents: 1 });
      expect(nextStep(b.record("job-1"), "song", { resubmitAmbiguous: false, retryFailed: false, regenerateLost: false, local: false })).toEqual({
        type: "resume",
      });
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("sends a job once when two machines race for it: one intent commits, the other is refused", async () => {
    const t = await target();
    const runs = await Promise.all(["m1", "m2", "m3", "m4"].map((h) => open(t, h)));
    try {
      const results = await Promise.allSettled(runs.map((r) => r.append(intent("job-race"))));
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(ClaimLostError);
      const rows = await sql(t.config.connectionString!, "SELECT count(*)::int AS n FROM podc_entries WHERE job = 'job-race'");
      expect(rows.rows[0].n).toBe(1);
    } finally {
      await Promise.all(runs.map((r) => r.close()));
    }
  });

  it("refuses an intent when the job moved on since the run looked at it", async () => {
    const t = await target();
    const a = await open(t, "host-a");
    const b = await open(t, "host-b");
    try {
      b.record("job-moved"); // B looked: "new", no intents
      await a.append(intent("job-moved"));
      await a.append({ type: "rejected", job: "job-moved", message: "bad" });
      await a.release("job-moved");
      await expect(b.append(intent("job-moved"))).rejects.toThrow(/sent this request meanwhile/);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("treats the claim of a run whose heartbeat expired as dead: its request is an unknown outcome, exactly as after a crash", async () => {
    const t = await target();
    const url = t.config.connectionString!;
    const a = await open(t, "vanished-host");
    await a.append(intent("job-dead"));
    // The machine vanishes: no more heartbeats (simulated by ageing its row), no release.
    await sql(url, "UPDATE podc_runs SET heartbeat_at = now() - interval '10 minutes' WHERE host = 'vanished-host'");
    const b = await open(t, "host-b");
    try {
      expect(await b.claim("job-dead", AbortSignal.timeout(10_000))).toBe(true);
      expect(b.record("job-dead").state).toBe("intent");
      expect(nextStep(b.record("job-dead"), "song", { resubmitAmbiguous: false, retryFailed: false, regenerateLost: false, local: false })).toEqual({
        type: "report",
        problem: "ambiguous",
      });
      // The old run, back from the dead, finds it lost its run: it may not send anything new.
      await a.run.beat();
      expect(a.run.lost).toBe(true);
      await expect(a.append(intent("job-other"))).rejects.toBeInstanceOf(ClaimLostError);
    } finally {
      await b.close();
      await a.close();
    }
  });

  it("frees at once the claims of a run that died on this host (kill -9), without waiting for the timeout", async () => {
    const t = await target();
    const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
    const deadPid = Number(child.stdout);
    const host = (await import("node:os")).hostname();
    const a = await open(t, host, { pid: deadPid });
    await a.append(intent("job-killed"));
    const b = await open(t, host);
    try {
      expect(await b.claim("job-killed", AbortSignal.timeout(5_000))).toBe(true);
      expect(b.record("job-killed").state).toBe("intent");
    } finally {
      await b.close();
      await a.close();
    }
  });

  it("keeps the account's concurrency across machines, counted in the database", async () => {
    const t = await target();
    const runs = await Promise.all(["m1", "m2", "m3"].map((h) => open(t, h, { concurrency: 2 })));
    try {
      const [a, b, c] = runs as [PostgresState, PostgresState, PostgresState];
      expect(await a.slots.acquire(never)).toBe(true);
      expect(await b.slots.acquire(never)).toBe(true);
      let third = false;
      const waiting = c.slots.acquire(never).then((ok) => (third = ok));
      await new Promise((r) => setTimeout(r, 600));
      expect(third).toBe(false);
      // A machine ends (or dies): its slot is free for the next.
      await a.close();
      await waiting;
      expect(third).toBe(true);
      const held = await sql(t.config.connectionString!, "SELECT count(*)::int AS n FROM podc_slots WHERE run IS NOT NULL");
      expect(held.rows[0].n).toBe(2);
    } finally {
      await Promise.all(runs.map((r) => r.close().catch(() => undefined)));
    }
  });

  it("identifies the account by a keyed hash: the key is nowhere in the database, the salt is", async () => {
    const t = await target();
    const a = await open(t, "m1");
    await a.slots.acquire(never);
    const url = t.config.connectionString!;
    const dump = JSON.stringify((await sql(url, "SELECT * FROM podc_runs")).rows) + JSON.stringify((await sql(url, "SELECT * FROM podc_slots")).rows);
    expect(dump).not.toContain(KEY);
    const salt = (await sql(url, "SELECT value FROM podc_settings WHERE name = 'account_salt'")).rows[0].value as string;
    expect(salt).toMatch(/^[0-9a-f]{64}$/);
    const account = (await sql(url, "SELECT account FROM podc_runs")).rows[0].account as string;
    expect(account).toMatch(/^[0-9a-f]{64}$/);
    expect(account).not.toBe(createHash("sha256").update(KEY).digest("hex"));
    await a.close();
  });

  it("stores audio by sha256 and streams it back whole, in chunks, once however often it is stored", async () => {
    const t = await target();
    const a = await open(t, "m1");
    const b = await open(t, "m2");
    const dir = mkdtempSync(join(tmpdir(), "podc-audio-"));
    folders.push(dir);
    try {
      const bytes = randomBytes(3 * 1024 * 1024 + 12345);
      const sha = createHash("sha256").update(bytes).digest("hex");
      const file = join(dir, "song.wav");
      writeFileSync(file, bytes);
      const stored = await Promise.all([a.audioStore.put(file, sha, "audio/wav"), b.audioStore.put(file, sha, "audio/wav")]);
      expect(stored.sort()).toEqual(["known", "stored"]);
      const chunks: Buffer[] = [];
      const found = await b.audioStore.read(sha, async (chunk: Buffer) => void chunks.push(chunk));
      expect(found).toEqual({ sha256: sha, bytes: bytes.length, contentType: "audio/wav" });
      expect(chunks.length).toBe(4);
      expect(Math.max(...chunks.map((c) => c.length))).toBe(1024 * 1024);
      expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
      expect(await b.audioStore.read("0".repeat(64), async () => undefined)).toBeUndefined();
      // A file that is not what its hash says is never stored.
      await expect(a.audioStore.put(file, "f".repeat(64), "audio/wav")).rejects.toThrow(/changed while it was being stored/);
      expect(await a.audioStore.find("f".repeat(64))).toBeUndefined();
      // Damage in the database is caught on the way out.
      await sql(t.config.connectionString!, "UPDATE podc_audio_chunks SET data = 'x'::bytea WHERE sha256 = $1 AND seq = 1", [sha]);
      await expect(b.audioStore.read(sha, async () => undefined)).rejects.toThrow(/damaged/);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("never shows the credentials: not in connection errors, not in refusals", async () => {
    const t = await target();
    const url = new URL(t.config.connectionString!);
    const secrets = [server.password, server.user, url.toString()];
    // A wrong password: the server's refusal names the user; the message must not.
    const wrong = new URL(url);
    wrong.password = `${server.password}-wrong`;
    const badAuth = stateTargetFrom({ PODC_STATE_URL: wrong.toString() }) as StateTarget;
    const e1 = (await open(badAuth, "m1").catch((e: unknown) => e)) as Error;
    // Nothing listening: a closed port of this machine.
    const closed = new URL(url);
    closed.port = "1";
    const unreachable = stateTargetFrom({ PODC_STATE_URL: closed.toString() }) as StateTarget;
    const e2 = (await open(unreachable, "m1").catch((e: unknown) => e)) as Error;
    expect(e2.message).toMatch(/cannot reach the state database 127\.0\.0\.1:1\//);
    for (const error of [e1, e2]) {
      const text = `${error.message}\n${error.stack ?? ""}`;
      for (const secret of [...secrets, wrong.password]) expect(text).not.toContain(secret);
    }
    expect(e1.message).toMatch(/refused|authentication/);
    // The target itself shows only host, port and database.
    expect(t.shown).toBe(`127.0.0.1:${server.port}${url.pathname}`);
    expect(JSON.stringify({ shown: t.shown })).not.toContain(server.password);
    expect(readFileSync(new URL(import.meta.url), "utf8")).not.toContain(server.password);
  });
});

describe.skipIf(missing)("podc state push and a run on another machine", () => {
  it("copies a job's story into a row another machine claimed but has not sent: that machine's intent is refused, so it never pays again", async () => {
    const t = await target();
    const other = await open(t, "host-other");
    try {
      // The other machine claimed the job, which the store had never seen: it is about to send it.
      expect(await other.claim("job-pushed", never)).toBe(true);
      expect(other.record("job-pushed").state).toBe("new");
      // Meanwhile this repository's journal, which paid for the job alone, is pushed.
      const root = mkdtempSync(join(tmpdir(), "podc-push-"));
      folders.push(root);
      const journal = Journal.open(join(root, ".podc"));
      journal.append(intent("job-pushed"));
      journal.append({ type: "accepted", job: "job-pushed", taskId: "77" });
      journal.close();
      const report = await transferState("push", t, join(root, ".podc"), root);
      expect(report.moved).toBe(1);
      await expect(other.append(intent("job-pushed"), never)).rejects.toBeInstanceOf(ClaimLostError);
      expect((await sql(t.config.connectionString!, "SELECT record FROM podc_jobs WHERE job = 'job-pushed'")).rows[0].record).toMatchObject({
        state: "accepted",
        taskId: "77",
        intents: 1,
      });
    } finally {
      await other.close();
    }
  });
});
