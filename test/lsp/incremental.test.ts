import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyze } from "../../src/compile.js";
import { parseConfig } from "../../src/config/load.js";
import { defaultConfig, type Config } from "../../src/config/schema.js";
import { PartAnalyzer } from "../../src/lsp/incremental.js";

// The language server analyses long scripts in parts (src/lsp/incremental.ts). Its promise: the same tree and the
// same diagnostics as one whole analysis. Here every fixture and example is cut at every possible place (no minimum
// length) and edited step by step with one analyzer, as an editor would, and each version is compared with analyze().
// A new check that looks across sections makes this test fail: then add its codes to WHOLE_SCRIPT_CODES.

const GOLDEN = join(import.meta.dirname, "..", "fixtures", "golden");
const EXAMPLES = join(import.meta.dirname, "..", "..", "examples");

function scripts(): { name: string; text: string; config: Config }[] {
  const found = [];
  for (const dir of [GOLDEN, EXAMPLES]) {
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".pod")).sort()) {
      const configPath = join(dir, file.replace(/\.pod$/, ".config.json"));
      const config = existsSync(configPath) ? parseConfig(readFileSync(configPath, "utf8"), configPath).config : defaultConfig();
      found.push({ name: file, text: new TextDecoder().decode(readFileSync(join(dir, file))), config });
    }
  }
  return found;
}

// Edits that keep what they open closed, so that most versions are assembled from parts rather than made whole.
const SNIPPETS = ["\n\n# Another section\n\nHOST: Hi.\n", "ZED: Who is this?\n", "x", "\n", "/* cut */", "[[TODO]]", "\n\nDJ: A third.\n"];

function expectSame(pieces: PartAnalyzer, text: string, config: Config, name: string): boolean {
  const whole = analyze(text, { file: "script.pod", config });
  const { analysis, assembled } = pieces.analyze(text);
  expect(analysis.diagnostics, name).toEqual(whole.diagnostics);
  expect(analysis.script, name).toEqual(whole.script);
  expect([...analysis.cast], name).toEqual([...whole.cast]);
  return assembled;
}

describe("analysis in parts", () => {
  it("equals the whole analysis on every fixture, through a series of edits", () => {
    let assembled = 0;
    for (const { name, text, config } of scripts()) {
      const pieces = new PartAnalyzer("script.pod", config, 0);
      if (expectSame(pieces, text, config, name)) assembled++;
      let edited = text;
      let seed = name.length;
      const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % Math.max(1, n);
      for (let i = 0; i < 8; i++) {
        const lines = edited.split("\n");
        const at = next(lines.length);
        lines[at] = next(3) === 0 ? lines[at]!.slice(1) : SNIPPETS[next(SNIPPETS.length)] + lines[at]!;
        edited = lines.join("\n");
        if (expectSame(pieces, edited, config, `${name}, edit ${i}`)) assembled++;
      }
    }
    expect(assembled).toBeGreaterThan(20); // the parts path was taken, not only the fallback
  });

  it("stays equal through edits that tie sections together or change what every section depends on", () => {
    const section = (i: number) => `# Part ${i}\n\nHOST: Line ${i}.\nGUEST: Reply ${i}.\n\nSONG: Tune ${i}\nStyle: pop\n[Verse]\nla\nEND SONG\n`;
    const title = "Title: Ties\nCast:\n    HOST: Ethan\n    GUEST: Victoria\n\n";
    const body = Array.from({ length: 6 }, (_, i) => section(i)).join("\n");
    const third = title.replace("GUEST: Victoria", "GUEST: Victoria\n    DJ: Luna");
    const config = defaultConfig();
    const pieces = new PartAnalyzer("script.pod", config, 0);
    const versions = [
      title + body,
      title + body.replace("HOST: Line 2.", "/* HOST: Line 2."), // a boneyard opened in one section…
      title + body.replace("HOST: Line 2.", "/* HOST: Line 2.").replace("GUEST: Reply 4.", "GUEST: Reply 4. */"), // …closed in another
      title + body.replace("END SONG\n", ""), // a song that runs over the next heading
      third + body.replace("GUEST: Reply 3.", "GUEST: Reply 3.\nDJ: A third voice."), // a diagnostic quoting line numbers (POD0403)
      third + body.replace("GUEST: Reply 3.", "GUEST: Reply 3.\nDJ: A third voice.").replace("HOST: Line 1.", "HOST: Line 1.\nAnd more."), // …moved down a line
      "\n\n" + third + body.replace("GUEST: Reply 3.", "GUEST: Reply 3.\nDJ: A third voice."), // …and back up, behind two blank lines
      title.replace("HOST", "HOSTESS") + body, // every section's speaker is now unknown
      section(0) + section(0) + section(0) + section(0).replace("HOST", "ZED"), // no title page, identical sections
    ];
    for (const [i, text] of versions.entries()) expectSame(pieces, text, config, `version ${i}`);
    const quoting = analyze(versions[4]!, { file: "script.pod", config }).diagnostics.find((d) => d.code === "POD0403");
    expect(quoting?.help).toMatch(/line \d+/);
  });
});
