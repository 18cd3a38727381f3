import { describe, expect, it } from "vitest";
import { greedyCuts, planOf, planSegments, randomEdits } from "../../bench/lib/edit-stability.js";
import { generate, random } from "../../bench/lib/inputs.js";
import { quantile } from "../../bench/lib/stats.js";
import { defaultConfig } from "../../src/config/defaults.js";

// What the bench's `requests` row reports, held here too: counts, the same for the same seed on every machine.
describe("requests re-billed by one edit", () => {
  const { limits } = defaultConfig();

  it("is at most one for half the edits and at most two for 95 % of them on long two-host sections, fewer than from the top", () => {
    const segments = planSegments(planOf(generate("dialogue", 64 * 1024), "two-host.pod"));
    expect(segments.length).toBeGreaterThan(5);
    const outcomes = randomEdits(segments, limits, 300, random(45));
    const content = outcomes.map((o) => o.rebilled.content);
    const greedy = outcomes.map((o) => o.rebilled.greedy);
    expect(quantile(content, 0.5)).toBeLessThanOrEqual(1);
    expect(quantile(content, 0.95)).toBeLessThanOrEqual(2);
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    expect(sum(content)).toBeLessThan(sum(greedy));
  });

  it("is measured against the earlier cutting: every turnsPerRequest turns from the top, and at a third voice", () => {
    const turns = Array.from({ length: 25 }, (_, i) => ({ voice: i % 2 === 0 ? "Ethan" : "Luna", text: `${i}` }));
    expect(greedyCuts(turns, limits).map((c) => c.to - c.from)).toEqual([10, 10, 5]);
    const panel = ["Ethan", "Luna", "Jake", "Ethan"].map((voice) => ({ voice, text: voice }));
    expect(greedyCuts(panel, limits)).toEqual([
      { from: 0, to: 2 },
      { from: 2, to: 4 },
    ]);
  });
});
