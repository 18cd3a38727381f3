import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Workspace } from "../src/workspace/workspace.js";

const DIR = join(import.meta.dirname, "..", "examples");

describe("every example checks clean and compiles", () => {
  // An example with its own podc.json sits in a folder of its own (examples/harbour-names/, whose episodes share an
  // included intro, shared/intro.pod).
  const files = readdirSync(DIR, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".pod") && !f.includes("out/"));
  it("has a full episode", () => expect(files.length).toBeGreaterThanOrEqual(2));
  for (const file of files) {
    it(file, async () => {
      // Through the workspace, as podc check reads it: with its podc.json, and the scripts it includes.
      const path = join(DIR, file);
      const workspace = await Workspace.forScripts([path]);
      const read = [...workspace.each([path], () => file)][0]!.analyse();
      if ("error" in read) throw new Error(read.error);
      const { analysis } = read;
      expect(analysis.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
      expect(analysis.plan?.requests.length).toBeGreaterThan(0);
    });
  }
});

describe("examples/harbour-names", () => {
  it("has two episodes whose shared intro is one request, the same in both", async () => {
    const paths = ["pilot-boat.pod", "fish-market.pod"].map((name) => join(DIR, "harbour-names", name));
    const workspace = await Workspace.forScripts(paths);
    const plans = [...workspace.each(paths, (path) => path)].map((script) => {
      const read = script.analyse();
      if ("error" in read) throw new Error(read.error);
      return read.analysis.plan!;
    });
    const [first, second] = plans.map((plan) => plan.requests[0]!);
    expect(first!.origin.file).toMatch(/shared\/intro\.pod$/);
    expect(first!.key).toBe(second!.key);
  });
});
