import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyze } from "../src/compile.js";
import { loadConfigFor } from "../src/config/load.js";

const DIR = join(import.meta.dirname, "..", "examples");

describe("every example checks clean and compiles", () => {
  // An example with its own podc.json sits in a folder of its own (examples/harbour-names/).
  const files = readdirSync(DIR, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".pod") && !f.includes("out/"));
  it("has a full episode", () => expect(files.length).toBeGreaterThanOrEqual(2));
  for (const file of files) {
    it(file, () => {
      const path = join(DIR, file);
      const { config } = loadConfigFor(dirname(path));
      const analysis = analyze(readFileSync(path), { file, config });
      expect(analysis.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
      expect(analysis.plan?.requests.length).toBeGreaterThan(0);
    });
  }
});
