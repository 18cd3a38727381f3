// Writes src/episode/preview-page/script.ts: the preview page's browser program (src/episode/preview-page/browser/, a
// TypeScript program of its own, checked against the DOM's types) bundled by esbuild into the text the page inlines.
// The page is written by podc at build time, without esbuild, so the text is kept in the source; a test bundles the
// program again and compares, so the two never drift apart. Run: npx tsx scripts/preview-script.ts
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { format, resolveConfig } from "prettier";

export const SCRIPT_MODULE = fileURLToPath(new URL("../src/episode/preview-page/script.ts", import.meta.url));
const PROGRAM = fileURLToPath(new URL("../src/episode/preview-page/browser/page.ts", import.meta.url));

/** The text of script.ts as the browser program now makes it. */
export async function previewScriptModule(): Promise<string> {
  const bundled = await build({
    entryPoints: [PROGRAM],
    bundle: true,
    write: false,
    format: "iife",
    target: "es2017",
    charset: "utf8",
    legalComments: "none",
    logLevel: "warning",
  });
  const program = bundled.outputFiles[0]!.text;
  const text = `// Written by scripts/preview-script.ts from browser/page.ts, the preview page's browser program: edit that, then run
// \`npx tsx scripts/preview-script.ts\` (a test fails while this file is not what it makes).

export { PLACE_KEY_PREFIX } from "./place-key.js";

/** The page's JavaScript, inlined into it: one function run at once, reading its data from \`#episode-data\`. */
export const PREVIEW_SCRIPT = ${JSON.stringify(program)};
`;
  return format(text, { ...(await resolveConfig(SCRIPT_MODULE)), filepath: SCRIPT_MODULE });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(SCRIPT_MODULE, await previewScriptModule());
  process.stdout.write("wrote src/episode/preview-page/script.ts\n");
}
