import { expect, it } from "vitest";
import { knownVoice } from "../../src/check/rules/known-voice.js";
import { runRule, where } from "./helpers.js";

it("a voice outside the configured list is an error on the voice, suggesting the nearest", () => {
  const d = runRule(knownVoice, "Title: T\nCast:\n    HOST: Etan\n\nHOST: hi\n");
  expect(where(d)).toEqual(["POD0202@3:11-15"]);
  expect(d[0]!.fixes?.[0]?.replacement).toBe("Ethan");
});

it("the voice list comes from configuration", () => {
  expect(runRule(knownVoice, "Title: T\nCast:\n    HOST: Zed\n\nHOST: hi\n", { voices: ["Zed"] })).toEqual([]);
  expect(runRule(knownVoice, "Title: T\nCast:\n    HOST: Ethan\n\nHOST: hi\n", { voices: ["Zed"] })).toHaveLength(1);
});

it("a cast entry without a voice is reported", () => {
  expect(where(runRule(knownVoice, "Title: T\nCast:\n    HOST:\n\nHOST: hi\n"))).toEqual(["POD0121@3:5-10"]);
});
