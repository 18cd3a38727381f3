import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { DIAGRAMS_PATH, diagramsHtml } from "../../scripts/diagrams.js";

it("grammar/diagrams.html is generated from the current parser (npm run diagrams)", () => {
  const html = diagramsHtml();
  expect(html).not.toMatch(/(src|href)=['"]https?:/);
  expect(readFileSync(DIAGRAMS_PATH, "utf8")).toBe(html);
});
