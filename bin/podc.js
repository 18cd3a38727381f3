#!/usr/bin/env node
// The podc command: a thin launcher for the bundled command line (built by `npm run build`, run by `npm ci`).
import { main } from "../dist/main.js";

const controller = new AbortController();
process.once("SIGINT", () => controller.abort());

const key = process.env.PODC_API_KEY;
const hideKey = (text) => (key ? String(text).split(key).join("***") : String(text));

main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  cwd: process.cwd(),
  interrupted: controller.signal,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    // Only a bug in podc reaches here: one line, no stack, and never the key.
    process.stderr.write(`podc: internal error: ${hideKey(error?.message ?? error)}\nPlease report it with the command you ran.\n`);
    process.exitCode = 70;
  },
);
