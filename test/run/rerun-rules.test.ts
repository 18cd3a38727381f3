import { describe, expect, it } from "vitest";
import { emptyRecord, type JobState } from "../../src/state/job-record.js";
import { nextStep, type RerunChoices } from "../../src/run/rerun-rules.js";

const NONE: RerunChoices = { resubmitAmbiguous: false, retryFailed: false, regenerateLost: false, local: false };
const step = (state: JobState, kind: "song" | "podcast" = "song", choices: Partial<RerunChoices> = {}, generation = 0) =>
  nextStep({ ...emptyRecord("k"), state, generation }, kind, { ...NONE, ...choices });

describe("the rerun rules", () => {
  it("never sends again what succeeded or is in progress", () => {
    expect(step("done")).toEqual({ type: "finish" });
    expect(step("succeeded")).toEqual({ type: "finish" });
    expect(step("accepted")).toEqual({ type: "resume" });
    expect(step("polling")).toEqual({ type: "resume" });
    expect(step("accepted", "podcast")).toEqual({ type: "finish" });
  });

  it("sends what never went out, or provably created nothing", () => {
    expect(step("new")).toEqual({ type: "send", generation: 0, because: "first" });
    expect(step("ready", "song", {}, 2)).toEqual({ type: "send", generation: 2, because: "first" });
  });

  it("an unknown outcome waits for the user, and is then sent with the same key", () => {
    expect(step("intent")).toEqual({ type: "report", problem: "ambiguous" });
    expect(step("ambiguous")).toEqual({ type: "report", problem: "ambiguous" });
    expect(step("ambiguous", "song", { resubmitAmbiguous: true }, 1)).toEqual({ type: "send", generation: 1, because: "resubmit-ambiguous" });
    expect(step("ambiguous", "song", { local: true })).toEqual({ type: "send", generation: 0, because: "local-lost" });
  });

  it("a failure or rejection is replaced only when asked, with a new key", () => {
    expect(step("failed")).toEqual({ type: "report", problem: "failed" });
    expect(step("rejected")).toEqual({ type: "report", problem: "rejected" });
    expect(step("failed", "song", { retryFailed: true })).toEqual({ type: "send", generation: 1, because: "retry-failed" });
    expect(step("failed", "song", { resubmitAmbiguous: true })).toEqual({ type: "report", problem: "failed" });
  });
});
