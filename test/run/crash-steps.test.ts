/*
 * The journal's promise, step by step: `podc run` killed with SIGKILL at every journal step — just after
 * an entry reached the disk, and halfway through writing one — and run again at once, pays for each
 * request exactly once (the emulator's ledger is the bill) and ends with every file.
 *
 * A kill just after `intent` leaves a request that was never sent but looks as if it might have been:
 * the rerun reports "outcome unknown", and the user — who would see in the dashboard that nothing was
 * created — resubmits it. A kill halfway through `accepted` leaves one that was sent and billed: the
 * rerun reports it and sends nothing. Either way: one paid request per job.
 *
 * The child is a bundle (built once, here) so that each of the few dozen runs starts in a fraction of a second.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUNDLE_OPTIONS } from "../../scripts/bundle-options.js";
import type { Emulator } from "../../src/emulator/server.js";
import { idempotencyKey } from "../../src/run/job.js";
import { emulator, envFor, manifestOf, podc, postsByKey, project, records, removeProjects, SMALL } from "./helpers.js";

let emu: Emulator;
let bundleDir: string;
let entry: string;

beforeAll(async () => {
  emu = await emulator();
  bundleDir = mkdtempSync(join(tmpdir(), "podc-crash-bundle-"));
  await build({
    ...BUNDLE_OPTIONS,
    minify: false,
    entryPoints: { entry: fileURLToPath(new URL("./kill-at-step-entry.ts", import.meta.url)) },
    outdir: bundleDir,
    splitting: true,
    outExtension: { ".js": ".mjs" },
    logLevel: "warning",
  });
  entry = join(bundleDir, "entry.mjs");
}, 300_000);
afterAll(async () => {
  await emu.close();
  rmSync(bundleDir, { recursive: true, force: true });
});
afterAll(removeProjects);

/** Runs `podc run` in a child that kills itself at journal step `at`; resolves when it is gone. */
function runKilledAt(dir: string, script: string, at: number, mode: "after" | "torn"): Promise<number | null> {
  // --no-build: the journal is what is killed here, and a bundle outside the package could not say its version to
  // a build that a run which polled fewer times than the measured one reaches.
  const child = spawn(process.execPath, [entry, "run", "--no-build", script], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "", NO_COLOR: "1", ...envFor(emu), PODC_TEST_KILL_AT: String(at), PODC_TEST_KILL_MODE: mode },
    stdio: "ignore",
  });
  return new Promise((resolve) => child.on("exit", (code) => resolve(code)));
}

/** Paid POSTs per job of a project, by the ledger, over all generations of the job's key. */
function billFor(dir: string): Map<string, number> {
  const posts = postsByKey(emu.ledger());
  const bill = new Map<string, number>();
  for (const job of records(dir).values()) bill.set(job.key, (posts.get(idempotencyKey(job.key, 0)) ?? []).length);
  return bill;
}

describe("kill -9 at every journal step, then run again at once", () => {
  it("pays for each request exactly once, and ends with every file or an honest unknown outcome", { timeout: 240_000 }, async () => {
    // How many steps a whole run journals (polls vary a little with timing; extra steps only make a kill miss).
    const whole = project(SMALL);
    const first = await podc(["run", whole.script], whole.dir, envFor(emu));
    expect(first.code, first.stderr).toBe(0);
    const steps = readFileSync(join(whole.dir, ".podc", "journal.jsonl"), "utf8")
      .trim()
      .split("\n").length;
    expect(steps).toBeGreaterThanOrEqual(9);

    const cases = [1, 2].flatMap((_, m) => Array.from({ length: steps }, (_, i) => ({ at: i + 1, mode: m === 0 ? ("after" as const) : ("torn" as const) })));
    const failures: string[] = [];
    let next = 0;
    const worker = async (): Promise<void> => {
      for (let c = cases[next++]; c !== undefined; c = cases[next++]) {
        const label = `kill ${c.mode} step ${c.at}`;
        const p = project(SMALL);
        const killed = await runKilledAt(p.dir, p.script, c.at, c.mode);
        // A run that polled fewer times than the measured one ends before its last steps: nothing to kill.
        if (killed !== null && killed !== 0) failures.push(`${label}: the run ended ${killed} instead of being killed`);
        // At once: the dead run's lock must not stand in the way.
        let again = await podc(["run", p.script], p.dir, envFor(emu));
        if (again.stderr.includes("holds the lock")) failures.push(`${label}: the rerun was refused: ${again.stderr}`);
        if (again.code !== 0) {
          // Only an unknown outcome may stop it; resubmit what the bill shows was never received.
          const unknown = [...records(p.dir).values()].filter((r) => r.state === "ambiguous" || r.state === "intent");
          if (unknown.length === 0) failures.push(`${label}: the rerun ended ${again.code} without an unknown outcome:\n${again.stderr}`);
          if (unknown.some((r) => billFor(p.dir).get(r.key) === 0)) {
            again = await podc(["run", "--resubmit-ambiguous", p.script], p.dir, envFor(emu));
          }
        }
        const bill = billFor(p.dir);
        if (bill.size !== 2) failures.push(`${label}: ${bill.size} jobs in the journal, expected 2`);
        for (const [key, paid] of bill) if (paid !== 1) failures.push(`${label}: job ${key.slice(0, 8)} paid ${paid} times`);
        const unresolved = [...records(p.dir).values()].filter((r) => r.state !== "done");
        if (again.code === 0) {
          for (const request of manifestOf(p.dir).requests) {
            for (const file of request.files) if (!existsSync(join(p.dir, "out", "episode", file.path))) failures.push(`${label}: ${file.path} missing`);
          }
        } else if (unresolved.some((r) => r.state !== "ambiguous" && r.state !== "intent") || unresolved.length !== 1) {
          failures.push(`${label}: left ${unresolved.map((r) => r.state).join(", ")} (exit ${again.code}):\n${again.stderr}`);
        }
      }
    };
    await Promise.all([worker(), worker(), worker()]);
    expect(failures).toEqual([]);
  });
});
