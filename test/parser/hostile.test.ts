import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { analyze } from "../../src/compile.js";
import { defaultConfig } from "../../src/config/schema.js";
import type { Diagnostic } from "../../src/diagnostics/diagnostic.js";
import type { SourceText } from "../../src/source/source-text.js";

// The cap raised past the largest input here, so that the parser itself meets every one of them.
const defaults = defaultConfig();
const config = { ...defaults, limits: { ...defaults.limits, fileBytes: 64 * 1024 * 1024 } };
const run = (input: string | Uint8Array) => analyze(input, { file: "x.pod", config });

/** Every span lies inside the text, starts before it ends, and its line/column agree with its offset. */
function expectValidSpans(diagnostics: Diagnostic[], source: SourceText): void {
  for (const d of diagnostics) {
    const { start, end } = d.span;
    expect(start.offset).toBeGreaterThanOrEqual(0);
    expect(end.offset).toBeLessThanOrEqual(source.text.length);
    expect(start.offset).toBeLessThanOrEqual(end.offset);
    expect(source.positionAt(start.offset)).toEqual(start);
    expect(source.positionAt(end.offset)).toEqual(end);
  }
}

const codes = (input: string | Uint8Array) => run(input).diagnostics.map((d) => d.code);

describe("hostile input ends in diagnostics, never a crash or a hang", () => {
  it("empty file", () => expect(codes("")).toEqual(["POD0005"]));
  it("only blank lines", () => expect(codes("\n \n\t\n")).toEqual(["POD0005"]));

  it("byte-order mark is skipped", () => {
    const a = run(new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from("Title: T\n\nHOST: hi\n")]));
    expect(a.script.titlePage?.entries[0]?.key.text).toBe("Title");
  });

  it("CRLF, lone CR and LF give the same plan", () => {
    const lf = "Title: T\nCast:\n    HOST: Ethan\n\nHOST: one\ntwo\n";
    const plans = [lf, lf.replace(/\n/g, "\r\n"), lf.replace(/\n/g, "\r")].map((t) => run(t).plan?.requests);
    expect(plans[1]).toEqual(plans[0]);
    expect(plans[2]).toEqual(plans[0]);
    expect(run(lf.replace(/\n/g, "\r")).diagnostics).toEqual([]);
  });

  it("NUL bytes are errors", () => expect(codes("Title: T\n\nHOST: a\u0000b\n")).toContain("POD0002"));

  it("invalid UTF-8 is an error at the bad byte, not replaced silently", () => {
    const bytes = new Uint8Array([...Buffer.from("HOST: caf"), 0xe9, ...Buffer.from(" noir\n")]);
    const a = run(bytes);
    const d = a.diagnostics.find((x) => x.code === "POD0001")!;
    expect(d.span.start).toMatchObject({ line: 1, column: 10 });
    expect(a.plan).toBeUndefined();
  });

  it("overlong and surrogate UTF-8 encodings are invalid", () => {
    for (const bad of [[0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0x80]]) {
      expect(codes(new Uint8Array([...Buffer.from("HOST: "), ...bad]))).toContain("POD0001");
    }
  });

  it("bidirectional controls are flagged with a fix", () => {
    const a = run("Title: T\nCast:\n    HOST: Ethan\n\nHOST: pay \u202Eyltsoc\u202C now\n");
    const d = a.diagnostics.filter((x) => x.code === "POD0003");
    expect(d.length).toBeGreaterThan(0);
    expect(d[0]!.fixes?.[0]?.replacement).toBe("");
  });

  it("a 10 MB line", () => {
    const a = run("HOST: " + "a".repeat(10 * 1024 * 1024) + "\n");
    expectValidSpans(a.diagnostics, a.source);
    expect(a.diagnostics.some((d) => d.code === "POD0201")).toBe(true);
  });

  it("a 10 MB line of capitals (a label that never ends)", () => {
    const a = run("A".repeat(10 * 1024 * 1024));
    expectValidSpans(a.diagnostics, a.source);
  });

  it("a 10 MB line of spaces after a label", () => {
    const a = run("A" + " ".repeat(10 * 1024 * 1024) + "(");
    expectValidSpans(a.diagnostics, a.source);
  });

  // A million lines in all: on a busy shared machine this takes far longer than the default timeout allows.
  it("100,000 nested-looking lines", { timeout: 180_000 }, () => {
    for (const line of ["((((((((((", "[[[[[[[[", "/*/*/*", "HOST: [[", "SONG: x", "# # #", "]]]]", "*/", "A (", "【【【"]) {
      const text = (line + "\n").repeat(100_000);
      const a = run(text);
      expectValidSpans(a.diagnostics.slice(0, 50), a.source);
    }
  });

  it("unterminated note and boneyard are one diagnostic each", () => {
    expect(codes("Title: T\nCast:\n    HOST: Ethan\n\nHOST: a [[ note\n")).toEqual(["POD0102"]);
    expect(codes("Title: T\nCast:\n    HOST: Ethan\n\nHOST: a\n/* cut\nHOST: b\n")).toEqual(["POD0101"]);
  });

  it("a file over the configured cap is one diagnostic and is not parsed", () => {
    const small = { ...config, limits: { ...config.limits, fileBytes: 100 } };
    const a = analyze("HOST: " + "x".repeat(200), { file: "x.pod", config: small });
    expect(a.diagnostics.map((d) => d.code)).toEqual(["POD0004"]);
  });
});

// Scripts built from the language's own pieces, then mutated: the shapes most likely to find a crash.
const pieces = fc.constantFrom(
  "Title: T",
  "Cast:",
  "    HOST: Ethan",
  "    GUEST: Victoria",
  "  more",
  "",
  " ",
  "# Section",
  "## Sub",
  "HOST: Hello there.",
  "GUEST: (laughing) Hi!",
  "HOST",
  "(quietly)",
  "Words go here.",
  "! Sound: door",
  "[[note]]",
  "[[TODO fix",
  "]]",
  "/*",
  "*/",
  "SONG: Tune",
  "Style: pop, 90 bpm",
  "Model: auto",
  "[Verse]",
  "【Chorus 2】",
  "[Nope]",
  "la la la",
  "END SONG",
  "Host: lower",
  "@McKenzie: hi",
  "主持人：你好",
  "\u202E",
  "HOST: " + "Long sentence here. ".repeat(30),
  "\u0000",
  "\t\tTabbed",
  "DR. LEE (V.O.): yes",
);
const script = fc.tuple(fc.array(pieces, { maxLength: 40 }), fc.constantFrom("\n", "\r\n", "\r")).map(([lines, eol]) => lines.join(eol));
const mutated = fc.tuple(script, fc.array(fc.tuple(fc.nat(), fc.string({ maxLength: 5 })), { maxLength: 5 })).map(([text, edits]) => {
  let out = text;
  for (const [at, insert] of edits) {
    const i = out.length === 0 ? 0 : at % out.length;
    out = out.slice(0, i) + insert + out.slice(i);
  }
  return out;
});

describe("property: any input", () => {
  it("random and mutated scripts: no exception, valid spans, compiling twice gives identical output, and checking alone the same diagnostics", () => {
    fc.assert(
      fc.property(fc.oneof(script, mutated, fc.string({ maxLength: 200 }), fc.uint8Array({ maxLength: 200 })), (input) => {
        const first = run(input);
        expectValidSpans(first.diagnostics, first.source);
        const second = run(input);
        expect(JSON.stringify(second.diagnostics)).toBe(JSON.stringify(first.diagnostics));
        // podc check and the editor skip the plan; they must see exactly what compile sees.
        const diagnosticsOnly = analyze(input, { file: "x.pod", config, plan: false });
        expect(JSON.stringify(diagnosticsOnly.diagnostics)).toBe(JSON.stringify(first.diagnostics));
        expect(JSON.stringify(second.plan)).toBe(JSON.stringify(first.plan));
      }),
      { numRuns: 400 },
    );
  });
});
