import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { walk } from "../../src/ast/walk.js";
import { analyze } from "../../src/compile.js";
import { defaultConfig, type Config } from "../../src/config/schema.js";
import { importScreenplay } from "../../src/import/index.js";
import { parse } from "../../src/parser/parse.js";
import type { SourceText } from "../../src/source/source-text.js";
import type { Span } from "../../src/source/span.js";

// The Fountain reader on random screenplays built from Fountain's own pieces: it never throws, every span of the tree
// and of every diagnostic lies in the text with a line and column that agree with its offset, and `podc import` then
// compiling the .pod gives exactly the requests of the .fountain.

const line = fc.oneof(
  fc.constantFrom(
    "",
    "  ",
    "INT. HOUSE - DAY",
    "EXT. ROAD - NIGHT #2#",
    ".FLASHBACK",
    "CUT TO:",
    "> BURN TO PINK.",
    "> THE END <",
    "===",
    "# Act one",
    "## Scene",
    "= a synopsis",
    "[[a note]]",
    "[[an open note",
    "/* boneyard",
    "*/",
    "BRICK",
    "STEEL ^",
    "MOM (V.O.)(CONT'D)",
    "@McCLANE",
    "GUARD #1",
    "HOST:",
    "(beat)",
    "（轻声）",
    "~a lyric",
    "!FORCED ACTION",
    "Some *emphasis* and _underline_ \\*here\\*.",
    "A line with a [laugh] tag.",
    "Title: X",
    "SONG: Anthem",
    "Style: pop",
    "[Verse 1: soft]",
    "[Guitar Solo]",
    "END SONG",
    "\\# not a heading",
    "Fun fact: a colon.",
    "(",
    "@",
    "^",
    ">",
  ),
  fc.string({ maxLength: 12 }),
  // The marks of notes, boneyards and emphasis crowded together, where escaping them on import is hardest.
  fc.array(fc.constantFrom(..."[]=/*!~@()^>#:\\ ._<"), { maxLength: 10 }).map((chars) => chars.join("")),
);
const screenplay = fc.array(line, { maxLength: 40 }).map((lines) => lines.join("\n"));
const withEndings = fc.tuple(screenplay, fc.constantFrom("\n", "\r\n", "\r")).map(([text, eol]) => text.replace(/\n/g, eol));

function expectInside(span: Span, source: SourceText): void {
  expect(span.start.offset).toBeGreaterThanOrEqual(0);
  expect(span.end.offset).toBeLessThanOrEqual(source.text.length);
  expect(span.start.offset).toBeLessThanOrEqual(span.end.offset);
  expect(source.positionAt(span.start.offset)).toEqual(span.start);
  expect(source.positionAt(span.end.offset)).toEqual(span.end);
}

/** A voice for everyone who speaks, as podc.json would give. */
function configFor(text: string): Config {
  const config = defaultConfig();
  const { script } = parse(text, { dialect: "fountain" });
  for (const element of script.body) if (element.type === "Speech") config.cast[element.speaker.name] ??= "Luna";
  return config;
}

describe("the Fountain reader on random screenplays", () => {
  it("never throws, and every span of the tree and the diagnostics is valid", () => {
    fc.assert(
      fc.property(withEndings, (text) => {
        const { script, source, diagnostics } = parse(text, { dialect: "fountain" });
        const spans: Span[] = [script.span];
        walk(script, [
          {
            Section: (n) => void spans.push(n.span, n.title.span),
            Speech: (n) => void spans.push(n.span, n.speaker.span),
            Spoken: (n) => void spans.push(n.span),
            Parenthetical: (n) => void spans.push(n.span),
            Direction: (n) => void spans.push(n.span),
            Note: (n) => void spans.push(n.span),
            Song: (n) => void spans.push(n.span),
            TitleEntry: (n) => void spans.push(n.span, n.key.span, n.value.span),
          },
        ]);
        for (const span of spans) expectInside(span, source);
        for (const d of diagnostics) expectInside(d.span, source);
      }),
      { numRuns: 300 },
    );
  });

  it("import then compile equals compile", () => {
    let compared = 0;
    fc.assert(
      fc.property(screenplay, (text) => {
        const config = configFor(text);
        const direct = analyze(text, { file: "x.fountain", config });
        const imported = importScreenplay(Buffer.from(text), "x.fountain", config);
        if (imported.text === undefined) {
          // Only a screenplay with errors of its own (an unclosed boneyard, a song never ended) is refused.
          expect(direct.diagnostics.some((d) => d.severity === "error")).toBe(true);
          return;
        }
        const fromPod = analyze(imported.text, { file: "x.pod", config });
        if (direct.plan === undefined) return; // the screenplay itself does not compile (a limit, a song's Style)
        expect(fromPod.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
        expect(fromPod.plan!.requests.map((r) => r.body)).toEqual(direct.plan.requests.map((r) => r.body));
        compared++;
      }),
      { numRuns: 300 },
    );
    // Most random screenplays compile: the comparison is made, not skipped.
    expect(compared).toBeGreaterThan(100);
  });
});
