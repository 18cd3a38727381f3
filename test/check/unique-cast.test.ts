import { expect, it } from "vitest";
import { uniqueCast } from "../../src/check/rules/unique-cast.js";
import { runRule, where } from "./helpers.js";

it("a label cast twice is a warning on the second entry, which wins", () => {
  const d = runRule(uniqueCast, "Title: T\nCast:\n    HOST: Ethan\n    HOST: Jake\n\n");
  expect(where(d)).toEqual(["POD0204@4:5-9"]);
  expect(d[0]!.message).toContain("line 3");
});
