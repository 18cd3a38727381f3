// `podc` as a child process that kills itself with SIGKILL at one step of the journal, for the crash test:
// PODC_TEST_KILL_AT=N counts appends from 1; PODC_TEST_KILL_MODE is "after" (the N-th entry is on disk,
// then the kill, before the step it licenses) or "torn" (half of the N-th entry reaches the file, then
// the kill, as a power cut in the middle of a write would leave it).
import { appendFileSync } from "node:fs";
import { main } from "../../src/cli/main.js";
import { Journal } from "../../src/run/journal.js";
import type { NewEntry } from "../../src/run/journal-entry.js";

const killAt = Number(process.env.PODC_TEST_KILL_AT ?? 0);
const mode = process.env.PODC_TEST_KILL_MODE ?? "after";
let appends = 0;
const append = Journal.prototype.append;
Journal.prototype.append = function (this: Journal, entry: NewEntry) {
  appends++;
  if (appends === killAt && mode === "torn") {
    const line = JSON.stringify({ v: 1, at: new Date().toISOString(), ...entry });
    appendFileSync(this.path, line.slice(0, Math.ceil(line.length / 2)));
    process.kill(process.pid, "SIGKILL");
  }
  const written = append.call(this, entry);
  if (appends === killAt) process.kill(process.pid, "SIGKILL");
  return written;
};

process.exitCode = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() });
