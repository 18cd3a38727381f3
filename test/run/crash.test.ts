/*
 * The promise of the journal: `podc run` killed with SIGKILL at any moment and run again finishes the
 * job without paying twice. A child process runs a multi-song script and is killed at random moments
 * (seeded, so a failure can be replayed), round after round; then one last run completes it. The
 * emulator's ledger is the bill.
 *
 * A kill between "intent" and "accepted" leaves a request whose outcome is unknown; podc reports it and
 * sends it again only when asked. The test asks (--resubmit-ambiguous) on the last run, and allows
 * exactly those jobs one extra POST — and only if the first one really reached the service.
 *
 * Both state stores keep this promise, so every test runs against each: the file journal in `.podc/`
 * and the shared store on PostgreSQL (a server started for this file; skipped where none is installed).
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mulberry32 } from "../../src/emulator/audio/signal.js";
import type { Emulator } from "../../src/emulator/server.js";
import { idempotencyKey } from "../../src/run/job.js";
import { journalOf, STORES, type StoreUnderTest } from "../state/stores-under-test.js";
import type { JobRecord } from "../../src/state/job-record.js";
import { emulator, envFor, expectKeyAbsent, manifestOf, MULTI_SONG, podc, postsByKey, project, runAndKill, spawnPodc, removeProjects } from "./helpers.js";

const SEED = Number(process.env.PODC_CRASH_SEED ?? 20261122);
const ROUNDS = 5;

let emu: Emulator;

beforeAll(async () => {
  emu = await emulator();
  // Slow answers widen the windows a kill can land in: between intent and answer, and mid-download.
  emu.inject({ kind: "latency", route: "any", ms: 30, times: Number.POSITIVE_INFINITY });
});
afterAll(async () => {
  await emu.close();
});

afterAll(removeProjects);

describe.each(STORES)("the $name store", (store: StoreUnderTest) => {
  let records: (dir: string) => Promise<Map<string, JobRecord>>;
  let envOf: (emu: Emulator) => NodeJS.ProcessEnv;
  beforeAll(async () => {
    const opened = await store.open();
    records = opened.records;
    envOf = (e) => ({ ...envFor(e), ...opened.env() });
  }, 300_000);
  // Each test starts from an empty store (a fresh database on the shared one).
  beforeEach(() => store.fresh());
  afterAll(() => store.close());

  describe("kill -9 at random moments, then run again", () => {
    it(
      `sends each request once (seed ${SEED}), except the unknown outcomes the user chose to resubmit, and ends with every file`,
      { timeout: 300_000 },
      async () => {
        const random = mulberry32(SEED);
        const p = project(MULTI_SONG, { concurrency: 2 });
        const billedBefore = emu.ledger().length;
        const outputs: string[] = [];
        const kills: string[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          const killed = await runAndKill(
            ["run", p.script],
            p.dir,
            envOf(emu),
            1 + Math.floor(random() * 24),
            Math.floor(random() * 40),
            Math.floor(random() * 1500),
          );
          kills.push(`round ${round}: ${killed.said}`);
          outputs.push(killed.output);
        }

        const before = await records(p.dir);
        const unknown = [...before.values()].filter((r) => r.state === "ambiguous" || r.state === "intent").map((r) => r.key);
        const last = await podc(["run", p.script, ...(unknown.length > 0 ? ["--resubmit-ambiguous"] : [])], p.dir, envOf(emu));
        expect(last.code, `${kills.join("\n")}\n${last.stderr}`).toBe(0);
        if (process.env.PODC_CRASH_LOG) console.log(`${kills.join("\n")}\nunknown outcomes resubmitted: ${unknown.length}`);

        // The bill: one POST per request; a resubmitted unknown outcome may have one more, never two.
        const jobs = [...(await records(p.dir)).values()];
        expect(jobs).toHaveLength(5);
        const posts = postsByKey(emu.ledger().slice(billedBefore));
        for (const job of jobs) {
          const sent = (posts.get(idempotencyKey(job.key, 0)) ?? []).filter((e) => e.status === 200);
          const allowed = unknown.includes(job.key) ? [1, 2] : [1];
          expect(allowed, `${job.key}: ${sent.length} POSTs\n${kills.join("\n")}`).toContain(sent.length);
        }
        const resubmissions = (await journalOf(store, p.dir)).filter((e) => e.type === "intent" && e.because === "resubmit-ambiguous");
        expect(resubmissions.map((e) => e.job).sort()).toEqual([...unknown].sort());
        expect([...posts.keys()].filter((k) => !jobs.some((j) => k === idempotencyKey(j.key, 0)))).toEqual([]);

        // Every file is there, whole.
        const manifest = manifestOf(p.dir);
        expect(manifest.requests.flatMap((r) => r.files)).toHaveLength(8);
        for (const file of manifest.requests.flatMap((r) => r.files)) {
          const path = join(p.dir, "out", "episode", file.path);
          expect(existsSync(path)).toBe(true);
          expect(createHash("sha256").update(readFileSync(path)).digest("hex")).toBe(file.sha256);
        }
        expectKeyAbsent(
          [...outputs, last.stdout, last.stderr],
          [join(p.dir, ".podc"), join(p.dir, "out")].filter((d) => existsSync(d)),
        );
      },
    );
  });

  describe("a crash between intent and answer", () => {
    it("leaves an unknown outcome that is reported, with its origin line, and not sent again", { timeout: 300_000 }, async () => {
      const p = project(MULTI_SONG);
      // Kill the run while its first song is being sent: the journal then holds "intent" and nothing after.
      emu.clearFaults();
      emu.inject({ kind: "latency", route: "song.generate", ms: 3000 });
      const run = spawnPodc(["run", p.script], p.dir, envOf(emu));
      await new Promise<void>((resolve) => {
        const check = (): void => {
          if (/song "First Light"[^\n]*: sending/.test(run.output())) resolve();
        };
        run.child.stderr!.on("data", check);
      });
      // "sending" is said before the intent is durable; on the shared store its commit is a database round trip, which a
      // busy machine can stretch past any fixed pause: wait for the intent itself (the POST then waits out its latency).
      const intentHeld = async (): Promise<boolean> =>
        [...(await records(p.dir)).values()].some((r) => r.origin?.song === "First Light" && r.state === "intent");
      while (!(await intentHeld())) await new Promise((r) => setTimeout(r, 50));
      run.child.kill("SIGKILL");
      await run.exited;
      const song = [...(await records(p.dir)).values()].find((r) => r.origin?.song === "First Light")!;
      expect(song.state).toBe("intent");
      const before = emu.ledger().length;
      const again = await podc(["run", p.script], p.dir, envOf(emu));
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('episode.pod:11: song "First Light": outcome unknown — the request may have been accepted and billed');
      expect(again.stderr).toContain("an earlier run stopped after sending it and before its answer was recorded");
      expect(emu.ledger().filter((e) => e.idempotency_key === song.key).length).toBeLessThanOrEqual(1);
      // The other requests were sent and finished; only the unknown one waits for a decision.
      expect(emu.ledger().length - before).toBe(3); // the second podcast and the two other songs; the first podcast was done before the kill
    });
  });
});
