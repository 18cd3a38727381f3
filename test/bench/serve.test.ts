import { describe, expect, it } from "vitest";
import { scratchContext } from "./scratch-context.js";

// The runner row reads the emulator's CPU time around each client's run by asking the emulator it serves: a served task
// answers each question with a line of its own, and one that ends says so with what it printed, never hanging the row.
describe("a task served in the background", () => {
  const context = scratchContext("serve");

  it("answers each question in turn: the emulator's CPU time so far, which only grows", async () => {
    const emulator = await context.serve<{ url: string }>("emulator", "serve", { key: "sk-test", clockMs: 20 });
    try {
      expect(emulator.ready.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const first = await emulator.ask<{ cpuMs: number }>("cpu");
      const response = await fetch(`${emulator.ready.url}/api/v1/podcast/tasks/none`, { headers: { authorization: "Bearer sk-test" } });
      await response.arrayBuffer();
      const second = await emulator.ask<{ cpuMs: number }>("cpu");
      expect(first.cpuMs).toBeGreaterThan(0);
      expect(second.cpuMs).toBeGreaterThan(first.cpuMs);
    } finally {
      await emulator.stop();
    }
  }, 60_000);

  it("fails with the task's own words when it ends before it is ready", async () => {
    await expect(context.serve("emulator", "no-such-task")).rejects.toThrow(/task emulator\.no-such-task ended:[\s\S]*usage/);
  }, 60_000);
});
