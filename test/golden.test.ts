import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { analyze } from "../src/compile.js";
import { parseConfig } from "../src/config/load.js";
import { defaultConfig } from "../src/config/schema.js";
import { loadDisplayWidth, renderHuman } from "../src/diagnostics/render-human.js";
import { includeReader } from "../src/workspace/includes.js";
import { readScript } from "../src/workspace/workspace.js";

// Golden files: each fixture `NAME.pod` sits beside `NAME.diagnostics.txt` (what `podc check` prints, without
// colour) and, when it compiles, `NAME.requests.json` (what `podc compile` prints). An optional `NAME.config.json`
// is its podc.json; scripts it includes are in parts/, and their diagnostics follow its own. Adding a .pod adds a test; `UPDATE_GOLDEN=1 npx vitest run test/golden.test.ts` writes the
// expected files, to be reviewed in the diff.

const DIR = join(import.meta.dirname, "fixtures", "golden");
const UPDATE = process.env.UPDATE_GOLDEN === "1";

function expectFile(path: string, actual: string | undefined): void {
  if (UPDATE) {
    if (actual !== undefined) writeFileSync(path, actual);
    return;
  }
  if (actual === undefined) {
    expect(existsSync(path), `${path} should not exist: the script no longer compiles`).toBe(false);
    return;
  }
  expect(existsSync(path), `missing ${path}: run with UPDATE_GOLDEN=1`).toBe(true);
  expect(actual).toBe(readFileSync(path, "utf8"));
}

describe("golden fixtures", () => {
  beforeAll(loadDisplayWidth);
  const fixtures = readdirSync(DIR)
    .filter((f) => f.endsWith(".pod"))
    .sort();
  it("has fixtures", () => expect(fixtures.length).toBeGreaterThan(10));
  for (const fixture of fixtures) {
    it(fixture, () => {
      const name = fixture.slice(0, -4);
      const configPath = join(DIR, `${name}.config.json`);
      const config = existsSync(configPath) ? parseConfig(readFileSync(configPath, "utf8"), configPath).config : defaultConfig();
      // Included scripts are read from the fixtures' folder (parts/), as the workspace reads them from a project's.
      const includes = { id: join(DIR, fixture), read: includeReader(DIR, (file) => relative(DIR, file), config.limits.fileBytes, readScript) };
      const analysis = analyze(readFileSync(join(DIR, fixture)), { file: fixture, config, includes });
      const found = [
        ...analysis.diagnostics.map((d) => renderHuman(d, fixture, analysis.source, false)),
        ...(analysis.included ?? []).flatMap((part) => part.diagnostics.map((d) => renderHuman(d, part.file, part.source, false))),
      ];
      const rendered = found.map((text) => text + "\n").join("\n");
      expectFile(join(DIR, `${name}.diagnostics.txt`), rendered === "" ? "no diagnostics\n" : rendered);
      expectFile(join(DIR, `${name}.requests.json`), analysis.plan ? JSON.stringify(analysis.plan, null, 2) + "\n" : undefined);
    });
  }
});
