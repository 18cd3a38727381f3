import { describe, expect, it } from "vitest";
import { kernelFigure, type Throughput } from "../../bench/rows/throughput.js";
import { scratchContext } from "./scratch-context.js";

// Beside each throughput ratio, the row shows how much of each subject's time was the kernel's and how many page faults
// it took: read+split's time is largely faulting in fresh memory, whose cost is the machine's, not podc's.
describe("the throughput row's kernel figure", () => {
  it("is each run's kernel time over the same run's wall time, with every subject's faults in its note", () => {
    const t: Throughput = {
      bytes: 1,
      readSplit: [100, 200],
      check: [400, 400],
      compile: [1000, 500],
      kernelMs: { readSplit: [50, 40], check: [40, 80], compile: [100, 100] },
      faults: { readSplit: [16000, 18000], check: [10000, 10000], compile: [20000, 21000] },
    };
    const figure = kernelFigure("realistic", "20 MB realistic", t);
    expect(figure.id).toBe("throughput.kernel.realistic");
    expect(figure.unit).toBe("%");
    // Per run, not totals over runs: compile 10 % and 20 %, read+split 50 % and 20 %.
    expect([figure.value.min, figure.value.max]).toEqual([10, 20]);
    expect([figure.baseline?.value.min, figure.baseline?.value.max]).toEqual([20, 50]);
    expect(figure.target).toBeUndefined();
    expect(figure.note).toBe("check's share 15 %; page faults per run: read+split 17,000, check 10,000, compile 20,500");
  });

  describe("measured by the analysis task", () => {
    const context = scratchContext("throughput");

    it("gives every subject's kernel time and faults run by run, beside its times", async () => {
      const path = context.input("realistic", 64 * 1024);
      const t = await context.task<Throughput>("analysis", "throughput", { path, runs: 2 });
      for (const subject of ["readSplit", "check", "compile"] as const) {
        expect(t[subject]).toHaveLength(2);
        expect(t.kernelMs[subject]).toHaveLength(2);
        expect(t.faults[subject]).toHaveLength(2);
        for (const ms of t.kernelMs[subject]) expect(ms).toBeGreaterThanOrEqual(0);
        for (const faults of t.faults[subject]) expect(Number.isInteger(faults) && faults >= 0).toBe(true);
      }
    }, 60_000);
  });
});
