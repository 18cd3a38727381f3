import { expect, it } from "vitest";
import { inlineTags } from "../../src/check/rules/inline-tags.js";
import { CAST, runRule, where } from "./helpers.js";

it("an inline tag in a speech is a warning at the tag", () => {
  const d = runRule(inlineTags, CAST + 'HOST: That is funny [laugh] — wait <break time="1s"/> anyway.\n');
  expect(where(d)).toEqual(["POD0603@7:21-28", "POD0603@7:36-54"]);
  expect(d[0]?.message).toContain("[laugh]");
  expect(d[0]?.help).toContain("speech.inlineTags");
});

it("tags listed in speech.inlineTags are allowed, in any case", () => {
  const text = CAST + 'HOST: Ha [Laugh] and <break time="1s"/> and [sigh].\n';
  expect(where(runRule(inlineTags, text, { speech: { inlineTags: ["laugh", "break"], wordsPerMinute: 150 } }))).toEqual(["POD0603@7:45-51"]);
});

it("notes, escaped brackets and parentheticals are no tags", () => {
  expect(runRule(inlineTags, CAST + "HOST: Hello [[a note]] and \\[not a tag] there.\nGUEST\n(laughing)\nFine.\n")).toEqual([]);
});
