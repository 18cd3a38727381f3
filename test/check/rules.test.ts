import { readdirSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { RULES } from "../../src/check/rules.js";

it("every rule file is registered, and every rule has a test file", () => {
  const files = readdirSync(join(import.meta.dirname, "../../src/check/rules")).map((f) => f.replace(/\.ts$/, ""));
  expect(RULES.length).toBe(files.length);
  const tests = readdirSync(import.meta.dirname).join(" ");
  const songRules = ["song-has-style", "song-has-lyrics", "song-headers", "known-markers", "model-allowed"];
  for (const file of files) expect(songRules.includes(file) || tests.includes(`${file}.test.ts`), file).toBe(true);
});
