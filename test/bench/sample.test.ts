import { describe, expect, it } from "vitest";
import { sampled } from "../../bench/lib/task.js";

// The throughput row shows, beside each ratio, how much of a run was the kernel's: a fresh page of memory costs a
// fault, and read+split's time is largely that. A sample must count the faults and kernel time of its own call.
describe("a sample of one call", () => {
  it("counts the page faults of the memory the call touches first, and the kernel's time for them", () => {
    const bytes = 64 * 1024 * 1024;
    let kept: Buffer | undefined;
    const touching = sampled(() => {
      kept = Buffer.alloc(bytes, 1);
    });
    expect(kept?.length).toBe(bytes);
    // Each 4 KiB page of it is faulted in once (larger pages would take fewer faults, but never none).
    expect(touching.faults).toBeGreaterThan(0);
    expect(touching.kernelMs).toBeGreaterThan(0);
    expect(touching.ms).toBeGreaterThan(0);

    const idle = sampled(() => 0);
    expect(idle.faults).toBeLessThan(touching.faults);
  });
});
