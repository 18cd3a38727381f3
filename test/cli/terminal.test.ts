/*
 * `podc run --local` and `podc build` in a real pseudo-terminal of 80 × 24 (util-linux `script`), their bytes
 * replayed into a terminal emulator (@xterm/headless): the live table never wraps a line, and once the run is over
 * no stale copy of it is left on the screen or in the scrollback — the redraw erased every screen line it drew. The
 * lines printed for good (an accepted task with its trace id, the summary, where to listen) never wrap either: they
 * are split at spaces, their continuations indented, every word kept.
 */
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import xterm from "@xterm/headless";
import { afterAll, describe, expect, it } from "vitest";
import { exampleRepo, FFMPEG_AVAILABLE, FFMPEG_REQUIRED } from "../episode/helpers.js";
import { ROOT } from "../run/helpers.js";

const SCRIPT_AVAILABLE = spawnSync("script", ["--version"]).status === 0;
const repos: string[] = [];
afterAll(() => {
  for (const dir of repos) rmSync(dir, { recursive: true, force: true });
});

/** What an 80 × 24 terminal holds after `command` ran in it: every line, scrollback first, and which of them are continuations of a wrapped line. */
async function inTerminal(command: string, cwd: string): Promise<{ lines: string[]; wrapped: number[] }> {
  const shell = `stty cols 80 rows 24; ${command}`;
  // `script` gives the command a pseudo-terminal; the typescript file is not wanted, its stdout is the terminal's bytes.
  const run = spawnSync("script", ["-q", "-e", "-c", shell, "/dev/null"], {
    cwd,
    env: { PATH: process.env.PATH ?? "", TERM: "xterm-256color" },
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
  });
  expect(run.status, run.stderr?.toString()).toBe(0);
  const terminal = new xterm.Terminal({ cols: 80, rows: 24, scrollback: 100_000, allowProposedApi: true });
  await new Promise<void>((resolve) => terminal.write(run.stdout, resolve));
  const buffer = terminal.buffer.active;
  const lines: string[] = [];
  const wrapped: number[] = [];
  for (let i = 0; i < buffer.length; i++) {
    const line = buffer.getLine(i)!;
    lines.push(line.translateToString(true));
    if (line.isWrapped) wrapped.push(i);
  }
  terminal.dispose();
  return { lines, wrapped };
}

const TABLE = /^(podc run — \d+\/\d+ done| {2}[›✔✖·] \[)/;
const STAGE = /^podc( build)?: lighthouse-keepers: [a-z]/;

describe.runIf((FFMPEG_AVAILABLE || FFMPEG_REQUIRED) && (SCRIPT_AVAILABLE || process.env.CI))("in an 80 × 24 terminal", () => {
  it("podc run --local and podc build: no line of the live table or of the build's stages wraps, and no stale table is left", async () => {
    expect(SCRIPT_AVAILABLE, "util-linux script is not installed").toBe(true);
    const dir = exampleRepo("lighthouse-keepers", repos);
    const podc = `node ${JSON.stringify(join(ROOT, "bin", "podc.cjs"))}`;
    const run = await inTerminal(`${podc} run --local examples/lighthouse-keepers.pod`, dir);
    // The table as it was last drawn: one header, one row per request, and nothing of it anywhere else.
    const headers = run.lines.filter((line) => line.startsWith("podc run — "));
    expect(headers, run.lines.join("\n")).toHaveLength(1);
    expect(headers[0]).toMatch(/^podc run — 6\/6 done, /);
    // Every row ends with its elapsed time: the row was cut to fit, the time kept.
    for (const row of run.lines.filter((line) => /^ {2}✔ \[/.test(line))) expect(row).toMatch(/ done +(\d+\.\d s|\d+:\d\d)$/);
    expect(run.lines.filter((line) => TABLE.test(line))).toHaveLength(7);
    for (const at of run.wrapped) expect(run.lines[at - 1], "a wrapped line of the live table").not.toMatch(TABLE);
    for (const at of run.wrapped) expect(run.lines[at - 1], "a wrapped line of the build's progress").not.toMatch(STAGE);
    expect(run.lines.filter((line) => line.startsWith("podc: sent "))).toEqual(["podc: sent 6 requests (the local service, nothing billed); 0 reused"]);
    // No line wraps at all, and nothing is lost: a line split to fit reads whole once its continuations are joined.
    expect(
      run.wrapped.map((at) => run.lines[at - 1]),
      "lines the terminal wrapped",
    ).toEqual([]);
    const read = (lines: string[]) => lines.join("\n").replace(/\n {4}/g, " ");
    expect(read(run.lines)).toMatch(/: accepted task \d+ \[trace [0-9a-f]+\]\n/);
    expect(read(run.lines)).toContain("podc: listen: out/local/lighthouse-keepers/lighthouse-keepers.mp3 (page: out/local/lighthouse-keepers/index.html)\n");

    const build = await inTerminal(`${podc} build --local --force examples/lighthouse-keepers.pod`, dir);
    const stages = build.lines.filter((line) => STAGE.test(line));
    expect(stages).toEqual([
      "podc build: lighthouse-keepers: measuring the audio …",
      "podc build: lighthouse-keepers: timing the transcript …",
      "podc build: lighthouse-keepers: measuring the loudness …",
      "podc build: lighthouse-keepers: making the episode (mp3) …",
    ]);
    for (const at of build.wrapped) expect(build.lines[at - 1]).not.toMatch(STAGE);
    expect(
      build.wrapped.map((at) => build.lines[at - 1]),
      "lines the terminal wrapped",
    ).toEqual([]);
    expect(read(build.lines)).toMatch(/^podc build: built out\/local\/lighthouse-keepers\/lighthouse-keepers\.mp3 \(2:\d\d, 6 chapters\) in [\d.]+ s$/m);
  }, 300_000);
});
