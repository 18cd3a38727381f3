import { describe, expect, it } from "vitest";
import { TaskStore } from "../../src/emulator/tasks.js";

// A task's statuses follow the clock, but its audio renders in real time: on a busy machine the clock can pass the
// last step before the render is done. The statuses a client sees must still be the documented sequence.
describe("the emulator's song task statuses", () => {
  const CLOCK_MS = 300;

  it("stay at the last step while the audio is still rendering, then succeed", () => {
    for (const reviewing of [false, true]) {
      let now = 1_000_000;
      const tasks = new TaskStore(CLOCK_MS, () => now);
      const task = tasks.create({ model: "mureka-8", n: 1, ending: "succeeded", reviewing });
      const seen: string[] = [];
      for (let step = 0; step < 10; step++, now += CLOCK_MS) {
        const status = tasks.status(task);
        if (seen.at(-1) !== status) seen.push(status);
      }
      task.choices = [{ index: 0, id: `${task.id}-0`, url: "http://127.0.0.1:1/a.wav", durationMs: 1000 }];
      seen.push(tasks.status(task));
      expect(seen).toEqual(reviewing ? ["preparing", "queued", "running", "reviewing", "succeeded"] : ["preparing", "queued", "running", "succeeded"]);
    }
  });
});
