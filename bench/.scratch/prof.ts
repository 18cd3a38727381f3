import { readFileSync } from "node:fs";
import { analyze } from "../../src/compile.ts";
import { defaultConfig } from "../../src/config/defaults.ts";
const bytes = readFileSync(process.argv[2]!);
for (let i = 0; i < Number(process.argv[3] ?? 3); i++) {
  const c0 = process.cpuUsage().user;
  const a = analyze(bytes, { file: "x", config: defaultConfig(), plan: process.argv[4] === "plan" });
  console.log("cpu ms", ((process.cpuUsage().user - c0) / 1000).toFixed(1), a.diagnostics.length);
}
