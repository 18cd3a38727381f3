import { describe, expect, it } from "vitest";
import { episodeLines, generate, SHAPE_NAMES } from "../../bench/lib/inputs.js";
import { analyze } from "../../src/compile.js";
import { defaultConfig } from "../../src/config/defaults.js";

// The bench measures valid scripts: a figure on a script full of errors would measure the error path, not the product.
describe("bench inputs", () => {
  it.each(SHAPE_NAMES)("the %s shape is a valid script with a plan", (shape) => {
    const text = generate(shape, 120_000);
    const analysis = analyze(text, { file: `${shape}.pod`, config: defaultConfig() });
    expect(analysis.diagnostics.filter((d) => d.severity !== "info").map((d) => `${d.code} ${d.message} @${d.span.start.line}`)).toEqual([]);
    expect(analysis.plan?.requests.length).toBeGreaterThan(0);
  });

  it("is the same text on every call", () => {
    expect(generate("realistic", 50_000)).toBe(generate("realistic", 50_000));
  });

  it("the language-server document has exactly the lines asked for and no error", () => {
    const text = episodeLines(5000);
    expect(text.split("\n").length - 1).toBe(5000);
    const analysis = analyze(text, { file: "episode.pod", config: defaultConfig(), plan: false });
    expect(analysis.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });
});
