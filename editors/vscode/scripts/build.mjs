// Builds the extension into dist/: the extension itself bundled into one file (vscode-languageclient inside), and
// podc — language server and command line — bundled into one file beside it, from this repository's build, so the
// extension needs nothing else installed. The grammar, its language configuration and the podc.json schema are copied
// from the repository (they are edited there, never here). Runs before `vsce package` (vscode:prepublish).
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { BUNDLE_OPTIONS } from "../../../scripts/bundle-options.js";

const here = (path) => fileURLToPath(new URL(path, new URL("../", import.meta.url)));
const repo = (path) => fileURLToPath(new URL(path, new URL("../../../", import.meta.url)));

rmSync(here("dist"), { recursive: true, force: true });
for (const dir of ["dist", "syntaxes", "schemas"]) mkdirSync(here(dir), { recursive: true });
copyFileSync(repo("grammar/pod.tmLanguage.json"), here("syntaxes/pod.tmLanguage.json"));
copyFileSync(repo("grammar/language-configuration.json"), here("language-configuration.json"));
copyFileSync(repo("schema/podc.schema.json"), here("schemas/podc.schema.json"));

await build({
  entryPoints: [here("src/extension.js")],
  outfile: here("dist/extension.js"),
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  minify: true,
  legalComments: "none",
  external: ["vscode"],
  logLevel: "warning",
});
await build({
  ...BUNDLE_OPTIONS,
  // The podc command, in one file: what bin/podc.cjs runs from dist/, bundled whole from the same source.
  stdin: { contents: 'import { mainProcess } from "./src/cli/main.ts";\nmainProcess();\n', resolveDir: repo("."), sourcefile: "podc.ts", loader: "ts" },
  outfile: here("dist/podc.mjs"),
  logLevel: "warning",
});
console.log("built dist/extension.js and dist/podc.mjs");
