import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { BodyElement } from "../../src/ast/nodes.js";
import { analyze } from "../../src/compile.js";
import { defaultConfig, type Config } from "../../src/config/schema.js";
import { formatText } from "../../src/format/format.js";
import { importScreenplay } from "../../src/import/index.js";
import { parse } from "../../src/parser/parse.js";

// One .fountain file per Fountain construct (test/fixtures/fountain/). Beside each: `.tree.txt`, what podc reads —
// one line per element, with its position — and `.pod`, what `podc import` writes. The import must check clean,
// be in fmt layout, and compile to the very requests of the .fountain. `UPDATE_GOLDEN=1` rewrites the expected files.

const DIR = join(import.meta.dirname, "../fixtures/fountain");
const UPDATE = process.env.UPDATE_GOLDEN === "1";
const FILES = readdirSync(DIR).filter((f) => f.endsWith(".fountain"));

function golden(path: string, actual: string): void {
  if (UPDATE) writeFileSync(path, actual);
  expect(existsSync(path), `missing ${path}: run with UPDATE_GOLDEN=1`).toBe(true);
  expect(actual).toBe(readFileSync(path, "utf8"));
}

/** What the reader made of the screenplay, one element a line: what a reviewer checks against fountain.io. */
function treeText(text: string): string {
  const { script, diagnostics } = parse(text, { dialect: "fountain" });
  const out: string[] = [];
  for (const entry of script.titlePage?.entries ?? []) {
    out.push(`${entry.span.start.line}: title ${entry.name} = ${JSON.stringify(entry.value.text)}`);
    for (const member of entry.cast ?? []) out.push(`${member.span.start.line}:   cast ${member.label.text} → ${member.voice.text}`);
  }
  for (const element of script.body) out.push(`${element.span.start.line}: ${elementLine(element)}`);
  for (const d of diagnostics) out.push(`${d.span.start.line}:${d.span.start.column}: ${d.severity} ${d.code} ${d.message}`);
  return out.join("\n") + "\n";
}

function elementLine(e: BodyElement): string {
  switch (e.type) {
    case "Section":
      return `section ${e.depth} ${JSON.stringify(e.title.text)}`;
    case "Sound":
      return `sound ${e.kind} ${e.file?.text ?? ""}`;
    case "Direction":
      return `direction (${e.form ?? "!"}) ${JSON.stringify(e.text)}`;
    case "Note":
      return `note ${JSON.stringify(e.text)}`;
    case "Speech": {
      const parts = e.parts.map((p) => (p.type === "Spoken" ? JSON.stringify(p.text) : `${p.type.toLowerCase()} ${JSON.stringify(p.text)}`));
      return `speech ${e.speaker.forced ? "@" : ""}${e.speaker.name}${e.extension ? ` ${e.extension.text}` : ""}: ${parts.join(" / ")}`;
    }
    case "Song":
      return `song ${JSON.stringify(e.title.text)}: ${e.items.map((i) => (i.type === "Marker" ? i.written : i.type === "Lyric" ? JSON.stringify(i.text) : "note")).join(" ")}`;
    case "Invalid":
      return `invalid ${JSON.stringify(e.text)}`;
    case "Include":
      return `include ${JSON.stringify(e.path.text)}`;
  }
}

/** A voice for every character not cast on the title page, as a project's podc.json would give. */
function configFor(text: string): Config {
  const config = defaultConfig();
  const { script } = parse(text, { dialect: "fountain" });
  for (const element of script.body) if (element.type === "Speech") config.cast[element.speaker.name] ??= "Emma";
  return config;
}

describe.each(FILES)("%s", (name) => {
  const text = readFileSync(join(DIR, name), "utf8");
  const base = join(DIR, name.replace(/\.fountain$/, ""));

  it("reads as .tree.txt says", () => golden(`${base}.tree.txt`, treeText(text)));

  it("imports as .pod says: checks clean, fmt layout, the same requests", () => {
    const config = configFor(text);
    const imported = importScreenplay(Buffer.from(text), name, config);
    golden(`${base}.pod`, imported.text ?? "");
    const pod = imported.text!;
    expect(formatText(pod)).toBe(pod);
    const fromPod = analyze(pod, { file: "x.pod", config });
    expect(fromPod.diagnostics.filter((d) => d.severity === "error" || d.severity === "warning")).toEqual([]);
    const direct = analyze(text, { file: name, config });
    expect(direct.plan, "the .fountain compiles").toBeDefined();
    expect(fromPod.plan!.requests.map((r) => r.body)).toEqual(direct.plan!.requests.map((r) => r.body));
  });
});
