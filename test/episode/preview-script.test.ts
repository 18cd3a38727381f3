import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SCRIPT_MODULE, previewScriptModule } from "../../scripts/preview-script.js";

// The preview page inlines the text of its browser program, kept in src/episode/preview-page/script.ts; the program
// itself is the TypeScript of src/episode/preview-page/browser/, type-checked and linted like the rest.

describe("the preview page's program", () => {
  it("is what its TypeScript source bundles to (run npx tsx scripts/preview-script.ts after editing it)", async () => {
    expect(readFileSync(SCRIPT_MODULE, "utf8")).toBe(await previewScriptModule());
  }, 300_000);
});
