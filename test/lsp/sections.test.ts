import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { analyze } from "../../src/compile.js";
import { defaultConfig } from "../../src/config/defaults.js";
import { SectionDiagnostics } from "../../src/workspace/analyses.js";

// Reusing the diagnostics of unchanged sections is only allowed because it gives exactly what a whole analysis gives:
// random scripts, edited at random again and again through one SectionDiagnostics, must get analyze()'s diagnostics
// after every edit — or be handed back for a whole analysis.

const config = defaultConfig();
// A project that casts a speaker of its own and keeps turns short: the labels the parser knows and the limits lowering
// cuts at come from podc.json too.
const project = { ...config, cast: { DJ: "Luna" }, limits: { ...config.limits, turnChars: 120 } };
const FILE = "episode.pod";

// Mostly blocks that are fine, so that most edits leave sections to reuse; now and then a line of every other kind.
const CAST = "Title: The Night Shift\nCast:\n    HOST: Ethan\n    GUEST: Victoria\n";
const BLOCKS = [
  "# Part\n",
  "## Sub part\n",
  "HOST: Hello there.\nGUEST: (laughing) Hi.\n",
  "HOST\n(quietly)\nSome words on a line.\n",
  "! Sound: a door closes.\n",
  "[[a note]]\n",
  "SONG: Anthem\nStyle: synthwave, 110 bpm\n\n[Verse]\nNeon lights across the floor\nEND SONG\n",
  "/* cut for time:\nHOST: Gone.\n*/\n",
  "DJ: Spinning the next one.\nDJ\nA longer speech from the project's own speaker, long enough to be cut in two turns when turns are short.\n",
];
const TITLE = ["Title: The Night Shift", "Cast:", "    HOST: Ethan", "    GUEST: Victoria", "    HOST: Ryan", "Model: auto", "Titel: typo", "Episode: 4"];
const BODY = [
  "# Part",
  "## Sub part",
  "#",
  "",
  "",
  "  ",
  "HOST: Hello there.",
  "GUEST: (laughing) Hi [laugh] there.",
  "NOBODY: who is this?",
  "host: lower case",
  "@McKenzie: a forced label",
  "HOST",
  "GUEST",
  "(quietly)",
  "Some words on a line.",
  "! Sound: a door closes.",
  "[[a note]]",
  "[[TODO check this]]",
  "[[a note left open",
  "/* a boneyard",
  "*/",
  "/* closed */",
  "SONG: Anthem",
  "SONG:",
  "Style: synthwave, 110 bpm",
  "Stlye: typo",
  "Model: v5",
  "[Verse]",
  "[Chrous]",
  "Neon lights across the floor",
  "END SONG",
  "INT. HOUSE - DAY",
  "> CUT TO:",
  "THE END.",
  "HOST: " + "A sentence that goes on and on without a stop ".repeat(30),
  "\u202Ehidden",
];
const FRAGMENTS = [
  "/*/",
  "*/*",
  "[[ /* ]]",
  "x",
  "\n",
  "\n\n",
  "#",
  "\n\n# New part\n",
  "/*",
  "*/",
  "[[",
  "]]",
  "SONG: A\n",
  "END SONG\n",
  "HOST: ",
  "GUEST",
  ":",
  " ",
  "\u0000",
];

const line = fc.constantFrom(...BODY).map((l) => l + "\n");
const script = fc
  .tuple(
    fc.oneof({ weight: 4, arbitrary: fc.constant(CAST) }, { weight: 1, arbitrary: fc.array(fc.constantFrom(...TITLE)).map((t) => t.join("\n") + "\n") }),
    fc.array(fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...BLOCKS) }, { weight: 1, arbitrary: line }), { minLength: 5, maxLength: 80 }),
  )
  .map(([title, body]) => [title, ...body].join("\n"));

const edit = fc.record({ at: fc.nat(), length: fc.nat({ max: 40 }), text: fc.oneof(fc.constantFrom(...FRAGMENTS, ""), line, fc.constantFrom(...BLOCKS)) });

function apply(text: string, e: { at: number; length: number; text: string }): string {
  const at = e.at % (text.length + 1);
  return text.slice(0, at) + e.text + text.slice(Math.min(text.length, at + e.length));
}

function strip(diagnostics: unknown): unknown {
  return JSON.parse(JSON.stringify(diagnostics));
}

describe("reusing the diagnostics of unchanged sections", () => {
  it("gives exactly a whole analysis's diagnostics, edit after edit, or hands the script back", () => {
    let reused = 0;
    let whole = 0;
    let moved = 0;
    fc.assert(
      fc.property(script, fc.array(edit, { minLength: 1, maxLength: 12 }), fc.boolean(), (start, edits, inProject) => {
        const sections = new SectionDiagnostics(FILE);
        const config = inProject ? project : defaultConfig();
        let text = start;
        for (const e of [undefined, ...edits]) {
          if (e) text = apply(text, e);
          const found = sections.diagnostics(text, config);
          if (found === undefined) {
            whole++;
            continue;
          }
          reused++;
          if (found.some((d) => d.span.start.line > 10)) moved++;
          expect(strip(found)).toEqual(strip(analyze(text, { file: FILE, config, plan: false }).diagnostics));
        }
      }),
      { numRuns: 300 },
    );
    // The property says nothing if every script were handed back.
    expect(reused).toBeGreaterThan(whole / 8);
    expect(moved).toBeGreaterThan(reused / 20);
  });

  it("analyses only the section that changed", () => {
    const part = (n: number) => `# Part ${n}\n\nHOST: Hello ${n}.\nGUEST: Hi.\n\n`;
    const text = "Title: T\nCast:\n    HOST: Ethan\n    GUEST: Victoria\n\n" + Array.from({ length: 50 }, (_, n) => part(n)).join("");
    const sections = new SectionDiagnostics(FILE);
    expect(sections.diagnostics(text, config)).toEqual([]);
    const edited = text.replace("HOST: Hello 20.", "HOST: Hello 20 [laugh].\nNOBODY: Hm.");
    expect(sections.diagnostics(edited, config)).toBeUndefined(); // an unknown speaker: analysed whole
    const typo = text.replace("HOST: Hello 20.", "HOST: Hello 20.\n\nSONG: A\nStyle: pop\n[Chrous]\nla la\nEND SONG");
    const found = sections.diagnostics(typo, config)!;
    expect(sections.analysed).toBe(1);
    expect(found.map((d) => d.code)).toEqual(["POD0305"]);
    expect(strip(found)).toEqual(strip(analyze(typo, { file: FILE, config, plan: false }).diagnostics));
  });
});
