import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempBeside } from "../../src/files/durable.js";
import { removeLeftovers } from "../../src/run/prepare.js";

describe("the temporary names podc writes", () => {
  it("are the ones a later run recognises and removes as leftovers", () => {
    const folder = mkdtempSync(join(tmpdir(), "podc-leftovers-"));
    const names = [tempBeside(join(folder, "001-part-1.wav"), ".part"), tempBeside(join(folder, "manifest.json"))];
    for (const name of names) writeFileSync(name, "x");
    writeFileSync(join(folder, "manifest.json"), "{}");
    expect(removeLeftovers([folder]).sort()).toEqual([...names].sort());
    expect(readdirSync(folder)).toEqual(["manifest.json"]);
  });
});
