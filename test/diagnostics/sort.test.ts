import { describe, expect, it } from "vitest";
import { sortDiagnostics, type Diagnostic } from "../../src/diagnostics/diagnostic.js";

function at(file: string | undefined, offset: number, code: Diagnostic["code"]): Diagnostic {
  const position = { offset, line: 1, column: offset + 1 };
  return { code, severity: "error", message: code, span: { start: position, end: position }, ...(file === undefined ? {} : { file }) };
}

describe("sortDiagnostics", () => {
  it("orders by file, then position, then code, the same on every machine whatever its locale", () => {
    const sorted = sortDiagnostics([
      at("b.pod", 0, "POD0201"),
      at("a.pod", 9, "POD0201"),
      at("B.pod", 0, "POD0201"),
      at("a.pod", 3, "POD0305"),
      at("a.pod", 3, "POD0111"),
      at(undefined, 5, "POD0001"),
    ]);
    // Files in code-unit order, as the file system and git list them (capitals first), not a collation's.
    expect(sorted.map((d) => `${d.file ?? "-"}:${d.span.start.offset}:${d.code}`)).toEqual([
      "-:5:POD0001",
      "B.pod:0:POD0201",
      "a.pod:3:POD0111",
      "a.pod:3:POD0305",
      "a.pod:9:POD0201",
      "b.pod:0:POD0201",
    ]);
  });
});
