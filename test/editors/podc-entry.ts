// The podc command line run from the sources, for editors that start `podc` from the PATH in tests.
import { main } from "../../src/cli/main.js";

process.exitCode = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  cwd: process.cwd(),
});
