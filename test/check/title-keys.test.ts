import { expect, it } from "vitest";
import { titleKeys } from "../../src/check/rules/title-keys.js";
import { runRule, where } from "./helpers.js";

it("a near-miss of a known key is flagged with a fix; other keys are plain metadata", () => {
  const d = runRule(titleKeys, "Titel: T\nProducer: Sam\nEpisode: 3\n\n");
  expect(where(d)).toEqual(["POD0116@1:1-6"]);
  expect(d[0]!.fixes?.[0]?.replacement).toBe("Title");
});

it("a key given twice is a warning", () => {
  expect(where(runRule(titleKeys, "Title: A\ntitle: B\n\n"))).toEqual(["POD0117@2:1-6"]);
});

it("dialogue that ran into the title page is flagged", () => {
  expect(where(runRule(titleKeys, "Title: A\nCast:\n    HOST: Ethan\nHOST: hi\n"))).toEqual(["POD0113@4:1-5"]);
});
