// `podc` run from the sources as a child process (tests kill it with SIGKILL); no bundle needed.
import { main } from "../../src/cli/main.js";

const controller = new AbortController();
process.once("SIGINT", () => controller.abort());
process.exitCode = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
  interrupted: controller.signal,
});
