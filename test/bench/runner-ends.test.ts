import { describe, expect, it } from "vitest";
import type { Switches } from "../../bench/lib/context-switches.js";
import { repository } from "../../bench/rows/runner.js";
import { scratchContext } from "./scratch-context.js";

interface Measured {
  ms: number;
  jobs: number;
  firstRequestMs: number;
  lastAnswerMs: number;
  postMs: number;
  intentToPostMs?: number;
  switches?: Switches;
}

/** Where Linux's /proc counts context switches, the row reports them; elsewhere it leaves their figures out. */
const countsSwitches = process.platform === "linux";

// The runner row splits a run into its two ends (before the first request, after the last answer) and the jobs
// between them, from undici's diagnostics channels: podc's own bundled undici must be heard as well as the loop's.
describe("the runner row's clients", () => {
  const context = scratchContext("runner-ends");

  it("report when their first request was made and their last answer ended, inside the run, how long their POSTs took, and how often their threads slept", async () => {
    const emulator = await context.serve<{ url: string }>("emulator", "serve", { key: "sk-bench-test", clockMs: 20 });
    try {
      // The row's own repository, of three podcasts.
      const dir = repository(context, 3);
      const args = { dir, url: emulator.ready.url, key: "sk-bench-test" };
      const podc = await context.task<Measured>("runner", "podc", args);
      const bare = await context.task<Measured>("runner", "bare", { ...args, concurrency: 2 });
      for (const run of [podc, bare]) {
        expect(run.jobs).toBe(3);
        expect(run.firstRequestMs).toBeGreaterThan(0);
        expect(run.lastAnswerMs).toBeGreaterThan(run.firstRequestMs);
        expect(run.lastAnswerMs).toBeLessThanOrEqual(run.ms);
        // Every paid POST was heard from its request to its answer's head, by its idempotency key.
        expect(Number.isFinite(run.postMs) && run.postMs > 0).toBe(true);
      }
      // Each of podc's intents in the journal was matched with its POST; the loop writes none.
      expect(Number.isFinite(podc.intentToPostMs)).toBe(true);
      expect(bare.intentToPostMs).toBeUndefined();
      if (countsSwitches) {
        // Both clients wait on sockets, so their threads slept and were woken during the run.
        for (const run of [podc, bare]) expect(run.switches!.voluntary).toBeGreaterThan(0);
        // The emulator tells its main thread's switches with its CPU time; they only grow.
        const first = await emulator.ask<{ cpuMs: number; switches?: Switches }>("cpu");
        const second = await emulator.ask<{ cpuMs: number; switches?: Switches }>("cpu");
        expect(second.switches!.voluntary).toBeGreaterThanOrEqual(first.switches!.voluntary);
        expect(second.switches!.involuntary).toBeGreaterThanOrEqual(first.switches!.involuntary);
        expect(first.switches!.voluntary).toBeGreaterThan(0);
      }
    } finally {
      await emulator.stop();
    }
  }, 120_000);
});
