import { describe, expect, it } from "vitest";
import { analyze } from "../../src/compile.js";
import { defaultConfig } from "../../src/config/schema.js";
import { capDiagnostics } from "../../src/diagnostics/cap.js";
import { importScreenplay } from "../../src/import/index.js";

// Issue 2's hostile inputs, as .fountain and .fdx files: bounded diagnostics, never a crash, a hang or a stack trace.

const config = defaultConfig();
const fountain = (input: string | Uint8Array) => analyze(input, { file: "x.fountain", config });
const fdx = (text: string | Uint8Array) => importScreenplay(typeof text === "string" ? Buffer.from(text) : text, "x.fdx", config);
const FDX = (content: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<FinalDraft DocumentType="Script">\n<Content>\n${content}</Content>\n</FinalDraft>\n`;

describe("hostile .fountain files", () => {
  it("empty, blank and NUL", () => {
    expect(fountain("").diagnostics.map((d) => d.code)).toEqual(["POD0005"]);
    expect(fountain("\n  \n\t\n").diagnostics.map((d) => d.code)).toEqual(["POD0005"]);
    expect(fountain("BRICK\nhi\u0000there\n").diagnostics.map((d) => d.code)).toContain("POD0002");
  });

  it("a UTF-16 file is one error that names UTF-16", () => {
    const bytes = Buffer.from("\ufeffINT. HOUSE - DAY\n\nBRICK\nHello.\n", "utf16le");
    const { diagnostics } = fountain(bytes);
    expect(diagnostics.map((d) => d.code)).toEqual(["POD0008"]);
    expect(diagnostics[0]!.message).toContain("UTF-16");
    expect(diagnostics[0]!.help).toContain("UTF-8");
  });

  it("100,000 lines of each Fountain trigger stay linear and bounded", { timeout: 300_000 }, () => {
    for (const line of ["BRICK", "INT. X", "> A <", "===", "~", "@", "[[", "/*", "(", "SONG: x", "CUT TO:", "!"]) {
      const a = fountain((line + "\n").repeat(100_000));
      // What is printed is capped (limits.diagnosticsPerFile), whatever the reader finds.
      expect(capDiagnostics(a.diagnostics, config.limits.diagnosticsPerFile).length).toBeLessThanOrEqual(config.limits.diagnosticsPerFile + 1);
    }
  });

  it("one 2 MB line", () => {
    expect(() => fountain("BRICK\n" + "word ".repeat(400_000) + "\n")).not.toThrow();
  });

  it("brackets and boneyard marks that would read otherwise in .pod are imported to mean the same", () => {
    const cast = { ...config, cast: { ...config.cast, HOST: "Luna" } };
    for (const line of [
      "=]",
      "= a ]]] b ]",
      "HOST\n*/*",
      "HOST\nx*/*b* */ c",
      "> */*b* <",
      "# a */*/* b",
      "HOST\n(a */*)\nhi",
      "Title: x */*\n\nHOST\nhi",
      "HOST\nA_:_",
    ]) {
      const direct = analyze(line, { file: "x.fountain", config: cast });
      const imported = importScreenplay(Buffer.from(line), "x.fountain", cast);
      const pod = analyze(imported.text!, { file: "x.pod", config: cast });
      expect(
        pod.diagnostics.filter((d) => d.severity === "error"),
        line,
      ).toEqual([]);
      expect(
        pod.plan?.requests.map((r) => r.body),
        line,
      ).toEqual(direct.plan?.requests.map((r) => r.body));
    }
  });
});

describe("hostile .fdx files: one diagnostic with its line", () => {
  it("not XML at all", () => {
    const { diagnostics, text } = fdx("INT. HOUSE - DAY\n\nThis is a screenplay, not XML.\n");
    expect(text).toBeUndefined();
    expect(diagnostics.map((d) => [d.code, d.span.start.line])).toEqual([["POD0130", 1]]);
  });

  it("XML that breaks off", () => {
    const { diagnostics } = fdx(FDX('<Paragraph Type="Action"><Text>A door opens.</Paragraph>\n'));
    expect(diagnostics.map((d) => [d.code, d.span.start.line])).toEqual([["POD0130", 4]]);
    expect(diagnostics[0]!.message).toContain("not well-formed XML");
  });

  it("XML of another shape", () => {
    const { diagnostics } = fdx('<?xml version="1.0"?>\n\n<html><body>Hello</body></html>\n');
    expect(diagnostics.map((d) => [d.code, d.span.start.line])).toEqual([["POD0130", 3]]);
    expect(diagnostics[0]!.message).toContain("<html>");
    const noContent = fdx('<?xml version="1.0"?>\n<FinalDraft>\n<TitlePage/>\n</FinalDraft>\n').diagnostics;
    expect(noContent.map((d) => [d.code, d.span.start.line])).toEqual([["POD0130", 2]]);
  });

  it("entities that could expand without bound are refused, not expanded", () => {
    const bomb =
      '<?xml version="1.0"?>\n<!DOCTYPE x [\n<!ENTITY a "aaaaaaaaaa">\n<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">\n]>\n<FinalDraft><Content/></FinalDraft>\n';
    const { diagnostics } = fdx(bomb);
    expect(diagnostics.map((d) => [d.code, d.span.start.line])).toEqual([["POD0130", 3]]);
  });

  it("invalid UTF-8 and UTF-16 are the encoding's one diagnostic", () => {
    expect(fdx(Buffer.from([0x3c, 0x61, 0xff, 0x3e])).diagnostics.map((d) => d.code)).toEqual(["POD0001"]);
    expect(fdx(Buffer.from("\ufeff<FinalDraft/>", "utf16le")).diagnostics.map((d) => d.code)).toEqual(["POD0008"]);
  });

  it("text that looks like Fountain or .pod syntax stays what Final Draft says it is", () => {
    const { text, diagnostics } = fdx(
      FDX(
        [
          '<Paragraph Type="Action"><Text>BRICK</Text></Paragraph>',
          '<Paragraph Type="Character"><Text>joe</Text></Paragraph>',
          '<Paragraph Type="Dialogue"><Text>(not a parenthetical) *not emphasis* [[not a note]] /* nor a boneyard */</Text></Paragraph>',
          '<Paragraph Type="Dialogue"><Text>HOST: not a label</Text></Paragraph>',
          '<Paragraph Type="Dialogue"><Text>CUT TO:</Text></Paragraph>',
          '<Paragraph Type="Dialogue"><Text># not a heading</Text></Paragraph>',
          "",
        ].join("\n"),
      ),
    );
    expect(diagnostics).toEqual([]);
    const plan = analyze(text!, { file: "x.pod", config }).plan!;
    expect(plan.requests.map((r) => (r.kind === "podcast" ? r.body.conversations.map((t) => t.text) : []))).toEqual([
      ["(not a parenthetical) *not emphasis* [[not a note]] /* nor a boneyard */ HOST: not a label CUT TO: # not a heading"],
    ]);
  });

  it("a large document is refused with the size diagnostic, before any XML is read", () => {
    const big = FDX('<Paragraph Type="Action"><Text>x</Text></Paragraph>\n'.repeat(10));
    const { diagnostics } = importScreenplay(Buffer.from(big), "x.fdx", { ...config, limits: { ...config.limits, fileBytes: 100 } });
    expect(diagnostics.map((d) => d.code)).toEqual(["POD0004"]);
  });
});
