// The language server as an editor starts it (`podc lsp --stdio`), run from the sources so tests need no bundle.
import { main } from "../../src/cli/command.js";

process.exitCode = await main(["lsp", ...process.argv.slice(2)], {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  cwd: process.cwd(),
});
