import { describe, expect, it } from "vitest";
import { analyze } from "../../src/compile.js";
import { defaultConfig } from "../../src/config/schema.js";
import { capDiagnostics } from "../../src/diagnostics/cap.js";

const CAST = "Title: T\nCast:\n    HOST: Ethan\n\n";

function diagnosticsOf(text: string) {
  return analyze(text, { file: "ep.pod", config: defaultConfig(), plan: false }).diagnostics;
}

describe("capDiagnostics", () => {
  it("keeps the first N by position and ends with one POD0006 line counting the rest by severity", () => {
    const all = diagnosticsOf(CAST + "HOST: hi " + "*/ ".repeat(300) + "\nHOSTT: who?\n");
    expect(all.length).toBeGreaterThan(300);
    const errors = all.slice(10).filter((d) => d.severity === "error").length;
    const warnings = all.slice(10).filter((d) => d.severity === "warning").length;
    expect(errors + warnings).toBe(all.length - 10);
    const shown = capDiagnostics(all, 10);
    expect(shown).toHaveLength(11);
    expect(shown.slice(0, 10)).toEqual(all.slice(0, 10));
    const note = shown[10]!;
    expect(note.code).toBe("POD0006");
    expect(note.severity).toBe("info");
    expect(note.message).toBe(`… and ${all.length - 10} more (${errors} error${errors === 1 ? "" : "s"}, ${warnings} warnings)`);
    expect(note.span.start).toEqual(all[10]!.span.start);
    expect(note.help).toContain("limits.diagnosticsPerFile");
  });

  it("leaves a list within the cap alone, and 0 means no cap", () => {
    const all = diagnosticsOf(CAST + "HOST: hi */ */\n");
    expect(capDiagnostics(all, 2)).toEqual(all);
    expect(capDiagnostics(all, 0)).toEqual(all);
    expect(capDiagnostics(all, 1).map((d) => d.code)).toEqual(["POD0103", "POD0006"]);
  });

  it("orders by position even when given out of order", () => {
    const all = diagnosticsOf(CAST + "HOST: hi */ */ */\n");
    const shown = capDiagnostics([...all].reverse(), 1);
    expect(shown[0]).toEqual(all[0]);
  });
});
