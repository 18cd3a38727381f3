import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { importedPackages } from "../../scripts/vendor-entries.js";

// How the build makes dist/vendor/: which names of a package a bundle must hold.

const scratch = mkdtempSync(join(tmpdir(), "podc-vendor-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("vendor entries", () => {
  it("take the names a package is imported by, or the whole package when it is imported whole", async () => {
    const entry = join(scratch, "entry.ts");
    writeFileSync(
      entry,
      [
        'import { a, b as c } from "named-only";',
        'import { d } from "named-only";',
        'import whole from "default-import";',
        'import { e } from "mixed";',
        'import * as f from "mixed";',
        "export async function use() {",
        '  const { g } = await import("loaded-later");',
        "  return [a, c, d, whole, e, f, g];",
        "}",
      ].join("\n"),
    );
    const found = await importedPackages(entry);
    expect(found).toEqual(
      new Map<string, Set<string> | null>([
        ["named-only", new Set(["a", "b", "d"])],
        ["default-import", null],
        ["mixed", null],
        ["loaded-later", null],
      ]),
    );
  });
});
