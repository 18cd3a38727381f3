import { expect, it } from "vitest";
import { segmentVoices } from "../../src/check/rules/segment-voices.js";
import { CAST, runRule, where } from "./helpers.js";

it("a third voice in a segment is an error at its first speech, once per segment", () => {
  const d = runRule(segmentVoices, CAST + "HOST: a\nGUEST: b\nTHIRD: c\nTHIRD: d\n");
  expect(where(d)).toEqual(["POD0403@9:1-6"]);
});

it("a section heading or a song starts a new segment; directions and notes do not", () => {
  expect(runRule(segmentVoices, CAST + "HOST: a\nGUEST: b\n\n# Two\n\nTHIRD: c\nHOST: d\n")).toEqual([]);
  expect(
    runRule(segmentVoices, CAST + "HOST: a\nGUEST: b\n\nSONG: s\nStyle: x\nla\nEND SONG\n\nTHIRD: c\n"),
  ).toEqual([]);
  expect(runRule(segmentVoices, CAST + "HOST: a\nGUEST: b\n\n! door\n\nTHIRD: c\n")).toHaveLength(1);
});

it("speeches that say nothing add no voice; the limit is configurable", () => {
  expect(runRule(segmentVoices, CAST + "HOST: a\nGUEST: b\n\nTHIRD\n(silent)\n")).toEqual([]);
  const three = { limits: { voicesPerRequest: 3 } } as never;
  expect(runRule(segmentVoices, CAST + "HOST: a\nGUEST: b\nTHIRD: c\n", three)).toEqual([]);
});
