import { afterEach, describe, expect, it } from "vitest";
import { settleDisk } from "../../bench/rows/runner.js";
import { scratchContext } from "./scratch-context.js";

// Before each client's run the runner row writes the disk out with `sync`. On a machine without it the row must go on,
// and say once, not before every run, that its runs start on what the ones before them left unwritten.
describe("settling the disk before a runner run", () => {
  const lines: string[] = [];
  const context = scratchContext("settle", (line) => lines.push(line));
  const path = process.env.PATH;
  afterEach(() => {
    process.env.PATH = path;
  });

  it("says once that there is no sync, and goes on", () => {
    process.env.PATH = context.data; // a folder with no sync in it
    settleDisk(context);
    settleDisk(context);
    settleDisk(context);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/no sync here .*each run starts on what the runs before it left unwritten/);
  });
});
