import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../src/emulator/server.js";
import { emulator, envFor, MULTI_SONG, podc, project, removeProjects } from "../run/helpers.js";

// `podc plan` is what a pull request is judged by before anyone pays: what it says a run will send must be what the
// run then sends, request for request.

let emu: Emulator;
beforeAll(async () => {
  emu = await emulator();
});
afterAll(async () => {
  await emu.close();
  removeProjects();
});

interface View {
  episodes: { source: string; counts: Record<string, number>; billedUnits: number }[];
  totals: { counts: Record<string, number>; billedUnits: number };
}

const edit = (dir: string, script: string, from: string, to: string) => {
  const path = join(dir, script);
  const text = readFileSync(path, "utf8");
  expect(text).toContain(from);
  writeFileSync(path, text.replace(from, to));
};

describe("podc plan", () => {
  it("predicts the paid POSTs and billed units of the run that follows, over a series of edits", async () => {
    const { dir, script } = project(MULTI_SONG);
    const edits: [string, string][] = [
      ["", ""], // the first run: everything is new
      ["Thanks for having me, again.", "Thanks for having me back."], // one line of a section
      ["And here comes the second.", "And here comes the second.\nHOST: A third line, inserted."], // a speech added
      ["Coffee going cold", "Coffee gone cold"], // a song's lyrics
      ["", ""], // nothing changed: nothing to send
    ];
    const seen: number[] = [];
    for (const [from, to] of edits) {
      if (from !== "") edit(dir, script, from, to);
      const planned = await podc(["plan", "--json", script], dir, envFor(emu));
      expect(planned.code, planned.stderr).toBe(0);
      const view = JSON.parse(planned.stdout) as View;
      const before = emu.ledger().length;
      const run = await podc(["run", "--no-build", script], dir, envFor(emu));
      expect(run.code, run.stderr).toBe(0);
      const posts = emu.ledger().slice(before);
      expect(posts.length).toBe(view.totals.counts.new! + view.totals.counts.changed!);
      expect(posts.reduce((n, p) => n + p.units, 0)).toBe(view.totals.billedUnits);
      seen.push(posts.length);
    }
    expect(seen[0]).toBe(5);
    expect(seen.at(-1)).toBe(0);
  }, 180_000);

  it("against a git revision: tells changed from new, and writes Markdown for a CI summary", async () => {
    const { dir, script } = project(MULTI_SONG);
    const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, stdio: "ignore" });
    git("init", "-q");
    git("add", ".");
    git("-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-qm", "base");
    expect((await podc(["run", "--no-build", script], dir, envFor(emu))).code).toBe(0);
    edit(dir, script, "Coffee going cold", "Coffee gone cold");
    writeFileSync(join(dir, script), `${readFileSync(join(dir, script), "utf8")}\n# Coda\n\nHOST: Good night.\n`);
    const json = JSON.parse((await podc(["plan", "--json", "--base", "HEAD", script], dir, envFor(emu))).stdout) as View;
    expect(json.totals.counts).toEqual({ new: 1, changed: 1, reused: 4, waiting: 0 });
    const markdown = await podc(["plan", "--markdown", "--base", "HEAD", script], dir, envFor(emu));
    expect(markdown.stdout).toContain("### podc plan against `HEAD`");
    expect(markdown.stdout).toContain("| `episode.pod` | 1 | 1 | 4 | 0 | 3 |");
    const text = await podc(["plan", "--base", "HEAD", script], dir, envFor(emu));
    expect(text.stdout).toContain("episode.pod: 1 new, 1 changed, 4 reused; 3 billed units to send");
    expect(text.stdout).toContain('  changed song "First Light", line 11');
    const none = await podc(["plan", "--markdown"], join(dir, "out"), envFor(emu));
    expect(none.code).toBe(0);
    expect(none.stdout).toContain("| **total** | 0 | 0 | 0 | 0 | 0 |");
    const bad = await podc(["plan", "--base", "no-such-branch", script], dir, envFor(emu));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--base: not a revision of this repository: no-such-branch");
  }, 300_000);
});
