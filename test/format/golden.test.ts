import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatText } from "../../src/format/format.js";

// Golden layouts: each fixtures/NAME.pod beside fixtures/NAME.formatted.pod is one test. Adding a pair adds a test.

const DIR = join(import.meta.dirname, "fixtures");
const inputs = readdirSync(DIR).filter((f) => f.endsWith(".pod") && !f.endsWith(".formatted.pod"));

describe("format golden fixtures", () => {
  it("has fixtures", () => {
    expect(inputs.length).toBeGreaterThan(0);
  });

  for (const name of inputs) {
    const expected = readFileSync(join(DIR, name.replace(/\.pod$/, ".formatted.pod")), "utf8");
    const input = readFileSync(join(DIR, name), "utf8");

    it(`${name} formats to ${name.replace(/\.pod$/, ".formatted.pod")}`, () => {
      expect(formatText(input)).toBe(expected);
    });

    it(`${name.replace(/\.pod$/, ".formatted.pod")} is already formatted`, () => {
      expect(formatText(expected)).toBe(expected);
    });
  }
});
