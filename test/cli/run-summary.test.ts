/*
 * Every `podc run` ends with one summary, after its build: what it sent, in billed units and estimated cost, what it
 * reused, what is not done and what to run next — and a run that announced requests to send and sent none says so,
 * and why.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../src/emulator/server.js";
import { emulator, envFor, podc, project, removeProjects, SMALL } from "../run/helpers.js";

let emu: Emulator;
beforeAll(async () => {
  emu = await emulator();
});
afterAll(async () => {
  await emu.close();
  removeProjects();
});

const PRICING = { currency: "EUR", songTake: 0.05, podcastRequest: 0.01, podcastPer1000Chars: 0 };

/** The summary: the lines from the last `podc: sent …` on. */
const summaryOf = (stderr: string) => stderr.slice(stderr.lastIndexOf("podc: sent ")).trimEnd().split("\n");

describe("the summary a run ends with", () => {
  it("says what was sent and what it is estimated to cost, then on a rerun that everything was reused", async () => {
    const p = project(SMALL);
    writeFileSync(join(p.dir, "podc.json"), JSON.stringify({ service: { pollIntervalMs: 100 }, pricing: PRICING }));
    const first = await podc(["run", p.script], p.dir, envFor(emu));
    expect(first.code, first.stderr).toBe(0);
    // One podcast request and a song of two takes: 3 units, 0.01 + 2 × 0.05 EUR. No ffmpeg on this PATH: not built.
    expect(summaryOf(first.stderr)).toEqual([
      "podc: sent 2 requests (3 billed units, ≈ 0.11 EUR); 0 reused",
      "podc: the episode was not built: the lines above say why",
    ]);
    const again = await podc(["run", "--no-build", p.script], p.dir, envFor(emu));
    expect(again.code, again.stderr).toBe(0);
    expect(summaryOf(again.stderr)).toEqual(["podc: sent 0 requests (0 billed units, ≈ 0.00 EUR); 2 reused"]);
  });

  it("a run that announced requests to send and sent none says it sent none, why, and what to run next", async () => {
    const p = project(SMALL);
    const refused = await podc(["run", p.script], p.dir, { ...envFor(emu), PODC_API_KEY: "not-the-key" });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("2 to send");
    const [sent] = summaryOf(refused.stderr);
    expect(sent).toMatch(
      /^podc: sent 0 requests \(0 billed units\) of the 2 to send: .+; 0 reused; 2 not done: the lines above say why, then `podc run episode\.pod`$/,
    );
  });
});
