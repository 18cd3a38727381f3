import { expect, it } from "vitest";
import { reservedLabel } from "../../src/check/rules/reserved-label.js";
import { runRule, where } from "./helpers.js";

it("SONG cannot be cast as a speaker", () => {
  expect(where(runRule(reservedLabel, "Title: T\nCast:\n    SONG: Ethan\n\n"))).toEqual(["POD0203@3:5-9"]);
});
