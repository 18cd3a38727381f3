import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Fountain } from "fountain-js";
import { describe, expect, it } from "vitest";
import { analyze } from "../../src/compile.js";
import { defaultConfig, type Config } from "../../src/config/schema.js";
import { formatText } from "../../src/format/format.js";
import { importScreenplay } from "../../src/import/index.js";
import { parse } from "../../src/parser/parse.js";

// Real screenplays (test/fixtures/real/SOURCES.md), read by podc and, as the judge of what is dialogue, by another
// Fountain parser (fountain-js). Every line of dialogue it finds must be spoken, and no action, scene heading,
// transition or centred text may be — read directly, and read again from what `podc import` writes.

const DIR = join(import.meta.dirname, "../fixtures/real");
const SCREENPLAYS = readdirSync(DIR).filter((f) => f.endsWith(".fountain"));

/** The project configuration a writer would have: a voice for every character (taken in turn). */
function castFor(text: string): Config {
  const config = defaultConfig();
  const { script } = parse(text, { dialect: "fountain" });
  let next = 0;
  for (const element of script.body) {
    if (element.type === "Speech" && config.cast[element.speaker.name] === undefined) {
      config.cast[element.speaker.name] = config.voices[next++ % config.voices.length]!;
    }
  }
  return config;
}

/** Text as heard: emphasis marks and escapes gone, white space collapsed. */
function heard(text: string): string {
  return text.replace(/\\(.)/g, "$1").replace(/[*_]/g, "").replace(/\s+/g, " ").trim();
}

function spokenText(file: string, bytes: Uint8Array | string, config: Config): { spoken: string; bodies: unknown[] } {
  const analysis = analyze(bytes, { file, config });
  expect(
    analysis.diagnostics.filter((d) => d.severity === "error"),
    file,
  ).toEqual([]);
  const requests = analysis.plan!.requests;
  const turns = requests.flatMap((r) => (r.kind === "podcast" ? r.body.conversations.map((t) => t.text) : []));
  return { spoken: heard(turns.join("\n")), bodies: requests.map((r) => r.body) };
}

describe.each(SCREENPLAYS)("%s", (name) => {
  const text = readFileSync(join(DIR, name), "utf8");
  const config = castFor(text);
  const judge = new Fountain().parse(text, true).tokens;
  const dialogue = judge
    .filter((t) => t.type === "dialogue")
    .flatMap((t) => String(t.text).split("\n"))
    .map(heard)
    .filter((l) => l !== "");
  const notSpoken = judge
    .filter((t) => ["action", "scene_heading", "transition", "centered"].includes(t.type))
    .flatMap((t) => String(t.text).split("\n"))
    .map(heard)
    // Short lines (`Gold.`) may well also be said by someone; the long ones tell.
    .filter((l) => l.length >= 16);

  it("speaks every line of dialogue, in order, and no action, heading or transition", () => {
    const { spoken } = spokenText(name, text, config);
    expect(dialogue.length).toBeGreaterThan(0);
    let at = 0;
    for (const line of dialogue) {
      const found = spoken.indexOf(line, at);
      expect(found, `dialogue not spoken in order: ${line}`).toBeGreaterThanOrEqual(0);
      at = found + line.length;
    }
    for (const line of notSpoken) expect(spoken.includes(line), `spoken, but not dialogue: ${line}`).toBe(false);
  });

  it("imports to a .pod that checks clean, is in fmt layout and compiles to the same requests", () => {
    const imported = importScreenplay(Buffer.from(text), name, config);
    expect(imported.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const pod = imported.text!;
    expect(formatText(pod)).toBe(pod);
    const podAnalysis = analyze(pod, { file: name.replace(/\.fountain$/, ".pod"), config: defaultConfig() });
    expect(podAnalysis.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
    expect(spokenText("x.pod", pod, defaultConfig()).bodies).toEqual(spokenText(name, text, config).bodies);
  });
});

describe("Final Draft documents", () => {
  it.each(["sample-01.fdx", "sample-03.fdx"])("%s imports to a .pod whose dialogue alone is spoken", (name) => {
    const imported = importScreenplay(readFileSync(join(DIR, name)), name, defaultConfig());
    expect(imported.diagnostics).toEqual([]);
    const pod = imported.text!;
    expect(formatText(pod)).toBe(pod);
    const { spoken } = spokenText("x.pod", pod, defaultConfig());
    expect(spoken).toBe(name === "sample-01.fdx" ? "Eureka!" : "Writer's Block Again");
    expect(pod).toMatch(/^# (EXT\. LIBRARY|INT\. STUDIO APARTMENT)/m);
    expect(pod).toMatch(/^! (FADE IN:|The AUTHOR sits at a desk\.)/m);
  });
});
