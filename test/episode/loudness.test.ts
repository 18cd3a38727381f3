/*
 * The episode's loudness from its clips' blocks (BS.1770 gating over every clip's blocks together): what the
 * normalisation's gain is computed from, so that a build after an edit measures only the clip it changed.
 */
import { describe, expect, it } from "vitest";
import { episodeLoudness } from "../../src/episode/loudness.js";

const clip = (momentary: number[], truePeakDbtp: number | null = -3) => ({ momentary, shortTerm: momentary, truePeakDbtp });

describe("episodeLoudness", () => {
  it("is the gated mean of every clip's blocks, however the blocks are shared out between clips", () => {
    const together = episodeLoudness([clip([-20, -20, -20, -20])])!;
    const apart = episodeLoudness([clip([-20]), clip([-20, -20]), clip([-20])])!;
    expect(together.integratedLufs).toBeCloseTo(-20, 2);
    expect(apart).toEqual(together);
  });

  it("leaves out blocks more than 10 LU under the mean, as the relative gate does", () => {
    // A whispered clip far under the speech does not pull the episode's loudness down.
    const measured = episodeLoudness([clip([-18, -18, -18]), clip([-45, -45, -45])])!;
    expect(measured.integratedLufs).toBeCloseTo(-18, 2);
    expect(measured.threshold).toBeLessThan(-18);
  });

  it("takes the highest true peak of the clips; digital silence is no peak, and an episode of silence has no loudness", () => {
    expect(episodeLoudness([clip([-20], -4), clip([-20], -1.5), clip([], null)])!.truePeakDbtp).toBe(-1.5);
    expect(episodeLoudness([clip([], null)])).toBeUndefined();
  });

  it("spreads the loudness range over the clips' short-term loudness", () => {
    const even = episodeLoudness([clip([-20, -20, -20])])!;
    const uneven = episodeLoudness([clip([-14, -14, -14]), clip([-26, -26, -26])])!;
    expect(even.loudnessRange).toBe(0);
    expect(uneven.loudnessRange).toBeCloseTo(12, 1);
  });
});
