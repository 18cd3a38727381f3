/*
 * `podc run --local`: the README's first command. A new user, no account, no key: an example episode
 * becomes audio files and a manifest, against the emulator started inside podc.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readLedger } from "../../src/emulator/ledger.js";
import { manifestOf, podc, podcInterruptible, postsByKey, records, ROOT, sleep } from "./helpers.js";

const repos: string[] = [];
afterAll(() => {
  for (const dir of repos) rmSync(dir, { recursive: true, force: true });
});

/** A fresh clone's worth: a git repository holding one example script, and nothing else. */
function exampleRepo(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), "podc-local-"));
  repos.push(dir);
  mkdirSync(join(dir, ".git"));
  mkdirSync(join(dir, "examples"));
  copyFileSync(join(ROOT, "examples", `${name}.pod`), join(dir, "examples", `${name}.pod`));
  return dir;
}

describe("podc run --local", () => {
  it("turns an example into every audio file and a manifest, with no key and no account", async () => {
    const dir = exampleRepo("night-shift");
    const first = await podc(["run", "--local", "examples/night-shift.pod"], dir, {});
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toBe("out/local/night-shift/manifest.json\n");
    expect(first.stderr).toContain("nothing is billed");
    const manifest = manifestOf(dir, "local/night-shift");
    const files = manifest.requests.flatMap((r) => r.files.map((f) => f.path));
    expect(files).toEqual(["01-cold-open.wav", "02-night-shift-anthem-1.wav", "02-night-shift-anthem-2.wav", "03-interview.wav"]);
    for (const file of files)
      expect(
        readFileSync(join(dir, "out", "local", "night-shift", file))
          .subarray(0, 4)
          .toString("ascii"),
      ).toBe("RIFF");
    const ledger = readLedger(join(dir, ".podc", "local", "ledger.jsonl"));
    expect(ledger.filter((e) => e.billed)).toHaveLength(3);

    // Run again: every file is verified in place; nothing is sent.
    const again = await podc(["run", "--local", "examples/night-shift.pod"], dir, {});
    expect(again.code, again.stderr).toBe(0);
    expect(readLedger(join(dir, ".podc", "local", "ledger.jsonl"))).toHaveLength(3);

    // A file deleted after the emulator that served it has stopped: locally, it is simply made again.
    rmSync(join(dir, "out", "local", "night-shift", "03-interview.wav"));
    const regenerated = await podc(["run", "--local", "examples/night-shift.pod"], dir, {});
    expect(regenerated.code, regenerated.stderr).toBe(0);
    expect(existsSync(join(dir, "out", "local", "night-shift", "03-interview.wav"))).toBe(true);
    expect(regenerated.stderr).toContain("nothing is billed locally");
  });

  it("sends again a song whose task an earlier local run left running: the new emulator never knew it", async () => {
    const dir = exampleRepo("night-shift");
    const run = podcInterruptible(["run", "--local", "examples/night-shift.pod"], dir, {});
    const end = Date.now() + 120_000;
    while (!/song "Night Shift Anthem"[^\n]*accepted task/.test(run.stderr()) && Date.now() < end) await sleep(5);
    run.interrupt();
    expect((await run.done).code).toBe(1);
    const song = [...records(dir).values()].find((r) => r.kind === "song")!;
    expect(["accepted", "polling"]).toContain(song.state);

    const again = await podc(["run", "--local", "examples/night-shift.pod"], dir, {});
    expect(again.code, again.stderr).toBe(0);
    const posts = postsByKey(readLedger(join(dir, ".podc", "local", "ledger.jsonl")));
    expect(posts.get(song.key)).toHaveLength(2);
  });

  it("writes under out/local/ at the repository's root from any folder, apart from real audio", async () => {
    const dir = exampleRepo("night-shift");
    const run = await podc(["run", "--local", "night-shift.pod"], join(dir, "examples"), {});
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(`${join(dir, "out", "local", "night-shift", "manifest.json")}\n`);
    expect(existsSync(join(dir, "examples", "out"))).toBe(false);
    expect(readdirSync(join(dir, "out"))).toEqual(["local"]);
    // Status from the same subfolder finds the same jobs: one journal at the root.
    const status = await podc(["status", "--local", "night-shift.pod"], join(dir, "examples"), {});
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toMatch(/done/);
    expect(existsSync(join(dir, "examples", ".podc"))).toBe(false);
  });

  it("removes the files a renamed section leaves behind, but never a file podc did not write", async () => {
    const dir = exampleRepo("night-shift");
    const script = join(dir, "examples", "night-shift.pod");
    expect((await podc(["run", "--local", "examples/night-shift.pod"], dir, {})).code).toBe(0);
    const folder = join(dir, "out", "local", "night-shift");
    writeFileSync(join(folder, "my-notes.txt"), "mine\n");
    // The interview's file edited by the writer (say, trimmed by hand): no longer the bytes podc wrote.
    writeFileSync(join(folder, "03-interview.wav"), "edited by hand");
    writeFileSync(script, readFileSync(script, "utf8").replace("# Cold open", "# Opening").replace("# Interview", "# Conversation"));
    const again = await podc(["run", "--local", "examples/night-shift.pod"], dir, {});
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain("removed out/local/night-shift/01-cold-open.wav: the episode no longer uses it");
    expect(again.stderr).not.toContain("removed out/local/night-shift/03-interview.wav");
    const files = readdirSync(folder).sort();
    expect(files).toContain("01-opening.wav");
    expect(files).not.toContain("01-cold-open.wav");
    expect(files).toContain("03-conversation.wav");
    expect(files).toContain("03-interview.wav"); // changed since podc wrote it: kept
    expect(files).toContain("my-notes.txt");
    expect(manifestOf(dir, "local/night-shift").requests.flatMap((r) => r.files.map((f) => f.path))).toEqual([
      "01-opening.wav",
      "02-night-shift-anthem-1.wav",
      "02-night-shift-anthem-2.wav",
      "03-conversation.wav",
    ]);
  });

  it("a script named ...pod writes nothing outside out/", async () => {
    const dir = exampleRepo("night-shift");
    copyFileSync(join(dir, "examples", "night-shift.pod"), join(dir, "examples", "...pod"));
    rmSync(join(dir, "examples", "night-shift.pod"));
    const run = await podc(["run", "--local", "examples/...pod"], dir, {});
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("out/local/__/manifest.json\n");
    expect(readdirSync(dir).sort()).toEqual([".git", ".podc", "examples", "out"]);
    expect(readdirSync(join(dir, "examples"))).toEqual(["...pod"]);
  });

  it("names its voice by engine and version, which local job keys carry", async () => {
    const { localVoice } = await import("../../src/cli/local-service.js");
    const voice = await localVoice();
    if (voice.engine === "espeak-ng") expect(voice.identity).toMatch(/^espeak-ng \d+\.\d+/);
    else expect(voice.identity).toBe("synth");
  });
});
