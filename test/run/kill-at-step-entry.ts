// `podc` as a child process that kills itself with SIGKILL at one step of the journal, for the crash test:
// PODC_TEST_KILL_AT=N counts entries from 1; PODC_TEST_KILL_MODE is "after" (the N-th entry is on disk,
// then the kill, before the step it licenses) or "torn" (half of the N-th entry reaches the file, then
// the kill, as a power cut in the middle of a write would leave it). Entries are counted whether they are
// written alone (`append`) or in a batch with others (`commit`, whose promise settles after the batch's fsync).
import { appendFileSync } from "node:fs";
import { main } from "../../src/cli/command.js";
import { Journal } from "../../src/state/journal.js";
import type { JournalEntry, NewEntry } from "../../src/state/job-record.js";

const killAt = Number(process.env.PODC_TEST_KILL_AT ?? 0);
const mode = process.env.PODC_TEST_KILL_MODE ?? "after";
let appends = 0;

/** In "torn" mode at step N: half the entry's line reaches the file, and the process dies before it is whole. */
function tearAt(journal: Journal, entry: NewEntry): void {
  appends++;
  if (appends === killAt && mode === "torn") {
    const line = JSON.stringify({ v: 1, at: new Date().toISOString(), ...entry });
    appendFileSync(journal.path, line.slice(0, Math.ceil(line.length / 2)));
    process.kill(process.pid, "SIGKILL");
  }
}

const append = Journal.prototype.append;
Journal.prototype.append = function (this: Journal, entry: NewEntry) {
  tearAt(this, entry);
  const step = appends;
  const written = append.call(this, entry);
  if (step === killAt) process.kill(process.pid, "SIGKILL");
  return written;
};

const commit = Journal.prototype.commit;
Journal.prototype.commit = function (this: Journal, entry: NewEntry): Promise<JournalEntry> {
  tearAt(this, entry);
  const step = appends;
  const durable = commit.call(this, entry);
  // The kill comes once the entry is durable, before the step that awaits it.
  return step === killAt ? durable.then(() => process.kill(process.pid, "SIGKILL") as never) : durable;
};

process.exitCode = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() });
