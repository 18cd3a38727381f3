import { expect, it } from "vitest";
import { spokenSymbols } from "../../src/check/rules/spoken-symbols.js";
import { CAST, runRule, where } from "./helpers.js";

it("an emoji or a symbol in a speech is a warning at it, naming it, with the fix that removes it and a space", () => {
  const d = runRule(spokenSymbols, CAST + "HOST: We won 🎉 and ★ again.\n");
  expect(where(d)).toEqual(["POD0604@7:14-15", "POD0604@7:20-21"]);
  expect(d[0]!.message).toContain("🎉 (U+1F389)");
  const fix = d[0]!.fixes![0]!;
  expect(fix.title).toBe("Remove 🎉");
  expect([fix.span.start.column, fix.span.end.column, fix.replacement]).toEqual([13, 15, ""]);
});

it("an emoji sequence (a skin tone, a joiner, a flag) is one symbol", () => {
  expect(where(runRule(spokenSymbols, CAST + "HOST: Hi 👋🏽 and 👩‍🚀 from 🇫🇷.\n"))).toHaveLength(3);
});

it("letters, punctuation and parentheticals are no symbols", () => {
  expect(runRule(spokenSymbols, CAST + "HOST: (warmly) “Café” — naïve, 100 %, 嘉宾.\n")).toEqual([]);
});
