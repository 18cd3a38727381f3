import { expect, it } from "vitest";
import { pauses } from "../../src/check/rules/pauses.js";
import { CAST, runRule, where } from "./helpers.js";

it("a pause whose length has no unit is an error with the fix that writes seconds", () => {
  const d = runRule(pauses, CAST + "HOST: Wait.\n(pause 3)\nThere.\n");
  expect(where(d)).toEqual(["POD0901@8:1-10"]);
  expect(d[0]!.fixes).toEqual([expect.objectContaining({ title: "Change to (pause 3s)", replacement: "(pause 3s)" })]);
});

it("a length podc cannot read, or out of range, is an error with no fix to guess", () => {
  const d = runRule(pauses, CAST + "HOST: Wait.\n(pause two seconds)\n(pause 90s)\nThere.\n");
  expect(d.map((x) => [x.code, x.fixes])).toEqual([
    ["POD0901", undefined],
    ["POD0901", undefined],
  ]);
});

it("a pause typed inside a line is a warning whose fix puts it on a line of its own", () => {
  const d = runRule(pauses, CAST + "HOST: Wait for it (beat) there.\n");
  expect(where(d)).toEqual(["POD0902@7:19-25"]);
  expect(d[0]!.fixes![0]!.replacement).toBe("\n(beat)\n");
});

it("pauses where a parenthetical belongs, and other parentheticals, are fine", () => {
  expect(runRule(pauses, CAST + "HOST: (beat) Wait.\n(pause 2s)\nThere (laughing) too.\n")).toEqual([]);
});
