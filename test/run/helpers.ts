import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startEmulator, type Emulator, type EmulatorOptions } from "../../src/emulator/server.js";
import { memoryIo, runPodc, type Captured } from "../cli/io-helper.js";
import { main } from "../../src/cli/command.js";
import { readJournal } from "../../src/state/journal.js";
import { foldJournal, type JobRecord } from "../../src/state/job-record.js";
import type { LedgerEntry } from "../../src/emulator/ledger.js";
import { childEntry } from "../child-entries.js";

/** A key that is easy to search for in every byte podc writes. */
export const KEY = "sk-podc-run-test-Q7Z-4b1d0e";

/** The emulator's status step in these tests: a song takes about three of them. */
const CLOCK_MS = 40;

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export function emulator(options: Partial<EmulatorOptions> = {}): Promise<Emulator> {
  return startEmulator({ apiKey: KEY, clockMs: CLOCK_MS, speech: "synth", ...options });
}

/** Two podcast segments and three songs (`{tag}`: see project): every kind of job, in an order that interleaves them. */
export const MULTI_SONG = `Title: Night Lines
Cast:
    HOST: Ethan
    GUEST: Victoria

# Cold open

HOST: Welcome back to the night lines, {tag}.
GUEST: Thanks for having me, again.

SONG: First Light
Style: synthwave, 110 bpm, female vocals

[Verse]
Neon on the water {tag}
Coffee going cold
END SONG

# Middle

HOST: That was the first one, {tag}.
GUEST: And here comes the second.

SONG: Second Wind
Style: folk, waltz, 84 bpm, accordion

[Verse]
Ninety-nine steps to the lamp room {tag}
Ninety-nine steps back down
END SONG

SONG: Third Shift
Style: ambient, 70 bpm, melancholic

[Chorus]
An automatic light {tag}
Still shines for who is there
END SONG
`;

/** One podcast segment and one song. */
export const SMALL = `Title: Small Hours
Cast:
    HOST: Ethan
    GUEST: Victoria

# Cold open

HOST: Welcome to the small hours, {tag}.
GUEST: Glad to be here.

SONG: Small Song
Style: synthwave, 110 bpm, female vocals

[Verse]
Neon lights across the floor {tag}
Coffee cups and closing doors
END SONG
`;

/** A single song. */
export const ONE_SONG = `Title: One Song

SONG: Lonely Song
Style: synthwave, 110 bpm, female vocals

[Verse]
Only one song tonight {tag}
END SONG
`;

export interface Project {
  dir: string;
  script: string;
}

let projects = 0;
const created: string[] = [];

/** Removes every folder `project` made in this test file (call it from afterAll). */
export function removeProjects(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * A fresh repository (a folder with podc.json) holding `name.pod`; `service` goes into podc.json.
 * `{tag}` in the text becomes a word unique to this project, so that tests sharing one emulator never
 * share a request (job keys are content hashes).
 */
export function project(template: string, service: Record<string, unknown> = {}, name = "episode"): Project {
  const dir = mkdtempSync(join(tmpdir(), "podc-run-"));
  created.push(dir);
  const tag = `tag${process.pid}x${++projects}x${Math.floor(Math.random() * 1e6)}`;
  const text = template.split("{tag}").join(tag);
  writeFileSync(join(dir, "podc.json"), JSON.stringify({ service: { pollIntervalMs: 100, ...service } }, null, 2));
  const script = `${name}.pod`;
  writeFileSync(join(dir, script), text);
  return { dir, script };
}

/** The environment that points podc at an emulator. */
export function envFor(emu: Emulator): NodeJS.ProcessEnv {
  return { PODC_BASE_URL: emu.url, PODC_API_KEY: KEY };
}

/** `podc ARGS` in-process. */
export function podc(args: string[], dir: string, env: NodeJS.ProcessEnv): Promise<Captured> {
  return runPodc(args, dir, env);
}

/** `podc ARGS` in-process with a Ctrl-C button. */
export function podcInterruptible(args: string[], dir: string, env: NodeJS.ProcessEnv) {
  const m = memoryIo(dir, env);
  const done = main(args, m.io).then((code) => ({ code, stdout: m.stdout(), stderr: m.stderr() }));
  return { done, interrupt: m.abort, stderr: m.stderr };
}

/** `podc ARGS` as a child process (run from the sources), for tests that kill it. */
export function spawnPodc(args: string[], dir: string, env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [...childEntry("podc"), ...args], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "", NO_COLOR: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c.toString("utf8")));
  child.stderr.on("data", (c: Buffer) => (output += c.toString("utf8")));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/**
 * `podc ARGS` as a child process, killed with SIGKILL on its `afterLines`-th line of progress plus `extraMs`
 * (so kills land at moments that matter rather than during start-up), or `fallbackMs` after its first line
 * when it never prints that many. What happened, and everything it printed.
 */
export async function runAndKill(
  args: string[],
  dir: string,
  env: NodeJS.ProcessEnv,
  afterLines: number,
  extraMs: number,
  fallbackMs: number,
): Promise<{ said: string; output: string }> {
  const run = spawnPodc(args, dir, env);
  await new Promise<void>((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    const check = (): void => {
      const lines = run.output().split("\n").length - 1;
      if (lines >= 1 && timer === undefined) timer = setTimeout(resolve, fallbackMs);
      if (lines >= afterLines) {
        clearTimeout(timer);
        setTimeout(resolve, extraMs);
        run.child.stderr!.off("data", check);
      }
    };
    run.child.stderr!.on("data", check);
    void run.exited.then(() => resolve());
  });
  run.child.kill("SIGKILL");
  const code = await run.exited;
  return { said: `after ${afterLines} lines +${extraMs} ms → ${code === null ? "killed" : `exited ${code}`}`, output: run.output() };
}

/** Every job record of a project's journal. */
export function records(dir: string): Map<string, JobRecord> {
  return foldJournal(readJournal(join(dir, ".podc")).entries);
}

/** Paid POSTs the emulator received, grouped by Idempotency-Key. */
export function postsByKey(ledger: readonly LedgerEntry[]): Map<string, LedgerEntry[]> {
  const map = new Map<string, LedgerEntry[]>();
  for (const entry of ledger) {
    const key = entry.idempotency_key ?? "(none)";
    map.set(key, [...(map.get(key) ?? []), entry]);
  }
  return map;
}

/** Every file under `dir`, recursively (dot-folders included). */
export function allFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...allFiles(path));
    else out.push(path);
  }
  return out;
}

/** Throws when the key occurs in any of the texts or in any byte of the files under the folders. */
export function expectKeyAbsent(texts: readonly string[], folders: readonly string[]): void {
  const needle = Buffer.from(KEY, "utf8");
  texts.forEach((text, i) => {
    if (text.includes(KEY)) throw new Error(`the API key appears in captured output #${i}`);
  });
  for (const folder of folders) {
    for (const file of allFiles(folder)) {
      if (readFileSync(file).includes(needle)) throw new Error(`the API key appears in ${file}`);
    }
  }
}

export function manifestOf(
  dir: string,
  episode = "episode",
): {
  requests: {
    kind: string;
    state: string;
    taskId?: string;
    traceIds: string[];
    files: { path: string; bytes: number; sha256: string; durationMs?: number }[];
    origins: { line: number }[];
  }[];
} {
  return JSON.parse(readFileSync(join(dir, "out", episode, "manifest.json"), "utf8"));
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
