import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findConfig, loadConfigFor, parseConfig } from "../../src/config/load.js";
import { SCHEMA_PATH, configJsonSchema } from "../../scripts/schema.js";

const at = (text: string) => {
  const r = parseConfig(text, "podc.json");
  return r.diagnostics.map((d) => `${d.code}@${d.span.start.line}:${d.span.start.column} ${d.message}`);
};

describe("podc.json", () => {
  it("defaults fill what is not given", () => {
    const { config, diagnostics } = parseConfig('{"cast": {"HOST": "Ethan"}}', "podc.json");
    expect(diagnostics).toEqual([]);
    expect(config.voices).toEqual(["Ethan", "Victoria", "Jake", "Luna", "Emma"]);
    expect(config.limits).toMatchObject({ lyricsChars: 3000, promptChars: 1024, turnsPerRequest: 10, turnChars: 400, voicesPerRequest: 2 });
    expect(config.service.queryPath).toBe("/v1/song/query/{id}");
  });

  it("invalid JSON points at the fault", () => {
    expect(at('{\n  "cast": {\n    "HOST": "Ethan",\n  }\n}')).toEqual([expect.stringMatching(/^POD0702@4:3 podc.json is not valid JSON/)]);
  });

  it("a wrong value points at the value; an unknown key at the key", () => {
    expect(at('{\n  "limits": { "turnChars": "lots" }\n}')).toEqual([expect.stringMatching(/^POD0701@2:28 limits.turnChars: /)]);
    expect(at('{\n  "cats": {}\n}')).toEqual([expect.stringMatching(/^POD0701@2:3 /)]);
    expect(at('{"service": {"queryPath": "/v1/q"}}')[0]).toContain("must contain {id}");
  });

  it("the shared cast uses known voices, no reserved label, and the default model is allowed", () => {
    expect(at('{"cast": {"HOST": "Etan", "SONG": "Luna"}}')).toEqual([
      expect.stringMatching(/^POD0202@1:19 unknown voice Etan for HOST/),
      expect.stringMatching(/^POD0203@1:27 /),
    ]);
    expect(at('{"models": ["mureka-8"]}')).toEqual([expect.stringMatching(/^POD0306@1:1 /)]);
  });

  it("is found by walking up from the script's folder", () => {
    const root = mkdtempSync(join(tmpdir(), "podc-config-"));
    mkdirSync(join(root, "a", "b"), { recursive: true });
    writeFileSync(join(root, "podc.json"), '{"model": "mureka-8"}');
    expect(findConfig(join(root, "a", "b"))).toBe(join(root, "podc.json"));
    expect(loadConfigFor(join(root, "a", "b")).config.model).toBe("mureka-8");
  });

  it("schema/podc.schema.json is generated from the zod schema (npx tsx scripts/schema.ts)", () => {
    expect(readFileSync(SCHEMA_PATH, "utf8")).toBe(configJsonSchema());
  });
});

describe("defaults without zod", () => {
  it("defaultConfig() is exactly what the schema gives an empty podc.json", async () => {
    const { ConfigSchema, defaultConfig } = await import("../../src/config/schema.js");
    expect(defaultConfig()).toEqual(ConfigSchema.parse({}));
  });
});
