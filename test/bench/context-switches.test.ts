import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { mainThreadSwitches, processSwitches, switchesBetween } from "../../bench/lib/context-switches.js";

describe("context switches from /proc", () => {
  it("subtract two readings, and say nothing when either reading is missing", () => {
    const before = { voluntary: 10, involuntary: 3 };
    expect(switchesBetween(before, { voluntary: 25, involuntary: 4 })).toEqual({ voluntary: 15, involuntary: 1 });
    expect(switchesBetween(undefined, before)).toBeUndefined();
    expect(switchesBetween(before, undefined)).toBeUndefined();
  });

  it.runIf(process.platform === "linux")("count the main thread going to sleep on a timer, within the process's count", async () => {
    const main = mainThreadSwitches()!;
    const all = processSwitches()!;
    await sleep(20);
    const mainSlept = switchesBetween(main, mainThreadSwitches())!;
    expect(mainSlept.voluntary).toBeGreaterThan(0);
    // The process's count holds the main thread's and every other thread's.
    const allSlept = switchesBetween(all, processSwitches())!;
    expect(allSlept.voluntary).toBeGreaterThanOrEqual(mainSlept.voluntary);
  });
});
