import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generate, SHAPE_NAMES } from "../bench/lib/inputs.js";
import { analyze } from "../src/compile.js";
import { defaultConfig } from "../src/config/defaults.js";

// The command line analyses without keeping the tree (the body is checked and lowered as it is parsed); it must find
// exactly what the analysis with the whole tree finds, on every kind of script.
const scripts: [string, string][] = [
  ...readdirSync(join(import.meta.dirname, "fixtures", "golden"))
    .filter((f) => f.endsWith(".pod"))
    .map((f): [string, string] => [`golden/${f}`, readFileSync(join(import.meta.dirname, "fixtures", "golden", f), "utf8")]),
  ...readdirSync(join(import.meta.dirname, "..", "examples"))
    .filter((f) => f.endsWith(".pod"))
    .map((f): [string, string] => [`examples/${f}`, readFileSync(join(import.meta.dirname, "..", "examples", f), "utf8")]),
  ...SHAPE_NAMES.map((shape): [string, string] => [`bench ${shape}`, generate(shape, 150_000)]),
];

describe("analysis without the tree", () => {
  it.each(scripts)("%s: same diagnostics and plan as with it", (name, text) => {
    const config = defaultConfig();
    const whole = analyze(text, { file: name, config });
    const streamed = analyze(text, { file: name, config, tree: false });
    expect(streamed.diagnostics).toEqual(whole.diagnostics);
    expect(streamed.plan).toEqual(whole.plan);
    expect(streamed.script.body).toEqual([]);
    expect(streamed.script.titlePage).toEqual(whole.script.titlePage);
  });
});
