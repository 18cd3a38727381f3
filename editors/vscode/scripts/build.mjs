// Builds the extension into dist/: the extension itself bundled into one file (vscode-languageclient inside), and
// beside it in dist/podc/ the podc package itself — its launcher, its bundles (built by the repository's own build),
// its package.json, docs and schema — so that every command works from inside the extension as from an install
// (--version, help, init, and the build step of a table read read podc's package.json and docs), and the extension
// needs nothing else installed. The grammar, its language configuration, the podc.json schema and the README's
// screenshot are copied from the repository (they are edited there, never here). Runs before `vsce package`
// (vscode:prepublish).
import { execFileSync } from "node:child_process";
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = (path) => fileURLToPath(new URL(path, new URL("../", import.meta.url)));
const repo = (path) => fileURLToPath(new URL(path, new URL("../../../", import.meta.url)));

rmSync(here("dist"), { recursive: true, force: true });
for (const dir of ["dist", "syntaxes", "schemas"]) mkdirSync(here(dir), { recursive: true });
copyFileSync(repo("grammar/pod.tmLanguage.json"), here("syntaxes/pod.tmLanguage.json"));
copyFileSync(repo("grammar/language-configuration.json"), here("language-configuration.json"));
copyFileSync(repo("schema/podc.schema.json"), here("schemas/podc.schema.json"));
// The README's screenshot is the one docs/editor.md shows (the code-server test takes it).
copyFileSync(repo("docs/images/vscode.png"), here("images/vscode.png"));

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

// The podc package as npm installs it (package.json's "files"), without the library bundle no command uses.
execFileSync(process.execPath, [repo("scripts/build.js"), "--out", here("dist/podc/dist")], { stdio: "inherit" });
rmSync(here("dist/podc/dist/lib.js"));
// The docs' screenshots are for readers of the repository: podc's help reads only the pages, and each picture would
// weigh on every install of the extension.
const notScreenshots = (path) => !path.startsWith(repo("docs/images"));
for (const dir of ["bin", "docs", "schema"]) cpSync(repo(dir), here(`dist/podc/${dir}`), { recursive: true, filter: notScreenshots });
copyFileSync(repo("README.md"), here("dist/podc/README.md"));
const { name, version, type, license, engines, bin } = JSON.parse(readFileSync(repo("package.json"), "utf8"));
writeFileSync(here("dist/podc/package.json"), `${JSON.stringify({ name, version, type, license, engines, bin }, null, 2)}\n`);
console.log(`built dist/extension.js and podc ${version} in dist/podc/`);
