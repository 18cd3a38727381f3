import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DOC_PATH, EXAMPLES, diagnosticsDoc, runExample } from "../scripts/diagnostics-doc.js";
import { CODES, type Code } from "../src/diagnostics/codes.js";

describe("docs/diagnostics.md", () => {
  for (const code of Object.keys(CODES) as Code[]) {
    it(`${code}: its example produces it`, () => {
      expect(EXAMPLES[code]).toBeDefined();
      expect(runExample(code).codes).toContain(code);
    });
  }
  it("is current (npx tsx scripts/diagnostics-doc.ts)", () => {
    expect(readFileSync(DOC_PATH, "utf8")).toBe(diagnosticsDoc());
  });
});
