// What every figure of the bench carries into the `--json` document: the median and its spread, and every run's value
// in the order measured, so that a comparison across commits sees a run that drifted.
import { describe, expect, it } from "vitest";
import { summarize } from "../../bench/lib/stats.js";

describe("a figure's summary", () => {
  it("keeps every run's value in the order measured, beside the median and the quartiles taken from them", () => {
    const measured = [0.97, 0.83, 1.1, 0.91, 0.95];
    const summary = summarize(measured);
    expect(summary.values).toEqual([0.97, 0.83, 1.1, 0.91, 0.95]);
    expect(summary).toMatchObject({ median: 0.95, p25: 0.91, p75: 0.97, min: 0.83, max: 1.1, n: 5 });
    // A copy: the row's own series is not the document's.
    measured.push(2);
    expect(summary.values).toHaveLength(5);
  });
});
