import { parse } from "../../src/parser/parse.ts";
for (const line of ["SONG: x", "# # #", "]]]]", "*/", "A (", "【【【"]) {
  const text = (line + "\n").repeat(100_000);
  const t = performance.now();
  const r = parse(text);
  console.log(line, (performance.now() - t).toFixed(0), r.diagnostics.length);
}
