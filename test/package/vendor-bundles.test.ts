import { build } from "esbuild";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BUNDLE_OPTIONS } from "../../scripts/bundle-options.js";
import { importedPackages } from "../../scripts/vendor-entries.js";
import { vendorPatches } from "../../scripts/vendor-patches.js";

// How the build makes dist/vendor/: which names of a package a bundle must hold, and the patches to third-party code,
// which must apply to the installed version or stop the build (never be skipped silently).

const ROOT = join(import.meta.dirname, "..", "..");
const scratch = mkdtempSync(join(tmpdir(), "podc-vendor-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const bundle = (contents: string, plugin = vendorPatches("chevrotain"), resolveDir = ROOT) =>
  build({ ...BUNDLE_OPTIONS, stdin: { contents, resolveDir, loader: "js" }, write: false, logLevel: "silent", plugins: [plugin] });

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

describe("vendor patches", () => {
  it("apply to the installed chevrotain", async () => {
    const result = await bundle('export { EmbeddedActionsParser } from "chevrotain";');
    expect(result.outputFiles[0]!.text).toContain("__podcFirst");
  });

  it("stop the build when the text they change is not there", async () => {
    const fake = join(scratch, "node_modules", "chevrotain", "lib", "src", "parse", "parser", "utils");
    mkdirSync(fake, { recursive: true });
    writeFileSync(
      join(scratch, "node_modules", "chevrotain", "package.json"),
      JSON.stringify({ name: "chevrotain", main: "lib/src/parse/parser/utils/apply_mixins.js" }),
    );
    writeFileSync(join(fake, "apply_mixins.js"), "export function applyMixins(derived, bases) {\n  Object.assign(derived.prototype, ...bases);\n}\n");
    await expect(bundle('export { applyMixins } from "chevrotain";', vendorPatches("chevrotain"), scratch)).rejects.toThrow(/no longer fits/);
  });

  it("stop the build when the file they change is no longer in the package", async () => {
    await expect(bundle("export const nothing = 0;")).rejects.toThrow(/found no file matching/);
  });
});
