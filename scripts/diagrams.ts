// Writes grammar/diagrams.html: railroad diagrams generated from the parser itself, so they cannot drift from it
// (a test regenerates them and compares). chevrotain's page loads its scripts from a CDN; they ship in the package,
// so they are inlined and the page works offline.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createSyntaxDiagramsCode } from "chevrotain";
import { podGrammar } from "../src/parser/parse.js";

export const DIAGRAMS_PATH = fileURLToPath(new URL("../grammar/diagrams.html", import.meta.url));

/** The railroad-diagram page of the parser's grammar, self-contained. */
export function diagramsHtml(): string {
  // The package exports no ./package.json; its entry sits in lib/src/, and diagrams/ ships at the package root.
  const diagramsDir = join(dirname(createRequire(import.meta.url).resolve("chevrotain")), "..", "..", "diagrams");
  const asset = (path: string) => readFileSync(join(diagramsDir, path), "utf8").replace(/<\/script/gi, "<\\/script");
  return createSyntaxDiagramsCode(podGrammar().getSerializedGastProductions())
    .replace(/<link rel='stylesheet' href='[^']*\/diagrams\/([^']+)'>/g, (_, path: string) => `<style>\n${asset(path)}\n</style>`)
    .replace(/<script src='[^']*\/diagrams\/([^']+)'><\/script>/g, (_, path: string) => `<script>\n${asset(path)}\n</script>`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(DIAGRAMS_PATH, diagramsHtml());
  process.stdout.write("wrote grammar/diagrams.html\n");
}
