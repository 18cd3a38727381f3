// The podc command line as the extension runs it: `podc.mjs lsp --stdio` for the language server, and
// `podc.mjs run --local …` for a table read. The same launcher as bin/podc.js, over the sources.
import { main } from "../../../src/cli/main.ts";

process.exitCode = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  cwd: process.cwd(),
});
