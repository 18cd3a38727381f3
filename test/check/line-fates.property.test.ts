import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lineFates } from "../../src/ast/line-fates.js";
import { analyze } from "../../src/compile.js";
import { defaultConfig, type Config } from "../../src/config/schema.js";
import { parse } from "../../src/parser/parse.js";

// Every character is accounted for: each non-blank line of a script has a fate (spoken by a named voice, sung, a tag,
// or not sent for a stated reason), and the text sent to the voices is the spoken lines' text, in order, and nothing
// else — over generated scripts full of slips, and over the real screenplays.

const CAST = "Title: T\nCast:\n    HOST: Ethan\n    GUEST: Victoria\n    THEO'S MUM: Luna\n\n";
const LINES = [
  "HOST: Hello there.",
  "GUEST: (laughing) Hi.",
  "HOST",
  "(quietly)",
  "Some words on a line.",
  "THEO’S MUM: Curly.",
  "GUEST 🎙: Emoji.",
  "GUEST, laughing: Aside.",
  "GUEST; Semicolon.",
  "GUEST - Dash.",
  "HOST:: Two colons.",
  "**Host:** Markdown.",
  "[Guest]: Brackets.",
  "HOST: A note [[ never closed.",
  "HOST: A [[closed]] note.",
  "HOST: (laughing That cannot be true.",
  "HOST: We won 🎉 again.",
  "SFX: A door slams.",
  "JOHN 3:16 For God so loved the world.",
  "Fun fact: it rained.",
  "# Part",
  "! A direction.",
  "SONG: Theme\nStyle: pop\n(Verse 1)\nLa la la\n[Chorus\n# Echo\nEND SOGN",
  "SONG: Inst\nStyle: ambient\n[Instrumental]\nEND SONG",
  "/* cut */",
  "",
];

const config = defaultConfig();

function accountFor(file: string, text: string, cfg: Config): void {
  const analysis = analyze(text, { file, config: cfg });
  const fates = lineFates(analysis.script, analysis.source.lineCount, (s) => analysis.cast.get(s)?.voice);
  for (let line = 1; line <= analysis.source.lineCount; line++) {
    const fate = fates[line - 1]!;
    if (analysis.source.lineText(line).trim() !== "")
      expect(fate, `line ${line}: ${analysis.source.lineText(line)}`).not.toEqual({ kind: "silent", reason: "blank" });
  }
  if (!analysis.plan) return;
  const words = (s: string) => s.replace(/\s+/g, " ").trim();
  const spoken = fates.flatMap((f) => (f.kind === "spoken" ? [f.text] : []));
  const sent = analysis.plan.requests.flatMap((r) => (r.kind === "podcast" ? r.body.conversations.map((t) => t.text) : []));
  expect(words(sent.join(" "))).toBe(words(spoken.join(" ")));
}

describe("every line has a fate, and only the spoken text is sent", () => {
  it("over generated scripts", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...LINES), { minLength: 1, maxLength: 30 }), (lines) =>
        accountFor("gen.pod", CAST + lines.join("\n") + "\n", config),
      ),
      { numRuns: 300 },
    );
  });

  const REAL = join(import.meta.dirname, "../fixtures/real");
  for (const f of readdirSync(REAL).filter((f) => f.endsWith(".fountain"))) {
    it(f, () => {
      const text = readFileSync(join(REAL, f), "utf8");
      const cfg = defaultConfig();
      let next = 0;
      for (const e of parse(text, { dialect: "fountain" }).script.body)
        if (e.type === "Speech" && cfg.cast[e.speaker.name] === undefined) cfg.cast[e.speaker.name] = cfg.voices[next++ % cfg.voices.length]!;
      accountFor(f, text, cfg);
    });
  }
});
