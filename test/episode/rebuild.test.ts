/*
 * `podc build` again on the README's example, once `podc run --local` has built it: a rerun builds nothing, a deleted
 * file or --force builds again, a new Pick sends nothing; audio that is missing, changed or undecodable is named with
 * the command that fetches it, and the episode is left as it was — as it is at Ctrl-C, beside a run at work, without
 * ffmpeg, and before any run. What the finished episode holds: build.test.ts.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billedUnits, readLedger } from "../../src/emulator/ledger.js";
import { podc, podcInterruptible, sleep } from "../run/helpers.js";
import {
  EXAMPLE_FIX as FIX,
  EXAMPLE_SCRIPT as SCRIPT,
  exampleRepo,
  exampleRun,
  FFMPEG_AVAILABLE,
  FFMPEG_REQUIRED,
  leftovers,
  SHELL_ENV,
  sha256 as sha,
} from "./helpers.js";

const repos: string[] = [];
afterAll(() => {
  for (const dir of repos) rmSync(dir, { recursive: true, force: true });
});

describe.runIf(FFMPEG_AVAILABLE || FFMPEG_REQUIRED)("podc build again", () => {
  let dir: string;
  let folder: string;
  beforeAll(async () => {
    expect(FFMPEG_AVAILABLE, "ffmpeg is not installed (apt-get install ffmpeg)").toBe(true);
    const { first, ...repo } = await exampleRun(repos);
    expect(first.code, first.stderr).toBe(0);
    ({ dir, folder } = repo);
  }, 300_000);

  it("a rerun of the finished episode builds nothing; a deleted file or --force builds again", async () => {
    const mp3 = join(folder, "lighthouse-keepers.mp3");
    // Every file is renamed over its final name when written: a new inode is a new write.
    const inode = () => statSync(mp3).ino;
    const first = inode();
    const upToDate = /lighthouse-keepers\.mp3 \(2:\d\d, 6 chapters\) is up to date: built before from the same audio, script and settings/;
    const rerun = await podc(["run", "--local", SCRIPT], dir, SHELL_ENV);
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(rerun.stderr).toMatch(upToDate);
    expect(rerun.stderr).not.toContain("podc: built");
    expect(rerun.stderr).toContain(`(\`podc build --force --local ${SCRIPT}\` builds it again)`);
    const again = await podc(["build", "--local", SCRIPT], dir, SHELL_ENV);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(upToDate);
    expect(again.stdout.split("\n")).toContain("out/local/lighthouse-keepers/lighthouse-keepers.vtt");
    expect(inode()).toBe(first);

    rmSync(join(folder, "lighthouse-keepers.vtt"));
    const rebuilt = await podc(["build", "--local", SCRIPT], dir, SHELL_ENV);
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    expect(rebuilt.stderr).toContain("podc build: built out/local/lighthouse-keepers/lighthouse-keepers.mp3");
    expect(existsSync(join(folder, "lighthouse-keepers.vtt"))).toBe(true);
    const second = inode();
    expect(second).not.toBe(first);

    const forced = await podc(["build", "--local", "--force", SCRIPT], dir, SHELL_ENV);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stderr).toContain("podc build: built");
    expect(inode()).not.toBe(second);
    expect(leftovers(folder)).toEqual([]);
  }, 300_000);

  it("a new Pick changes the take in the episode and sends nothing", async () => {
    const ledger = join(dir, ".podc", "local", "ledger.jsonl");
    const billed = billedUnits(readLedger(ledger));
    const entries = readLedger(ledger).length;
    const mp3 = join(folder, "lighthouse-keepers.mp3");
    const pick1 = sha(mp3);
    const script = join(dir, SCRIPT);
    const original = readFileSync(script, "utf8");
    writeFileSync(script, original.replace("Style: folk, waltz", "Pick: 2\nStyle: folk, waltz"));
    const picked = await podc(["run", "--local", SCRIPT], dir, SHELL_ENV);
    expect(picked.code, picked.stderr).toBe(0);
    expect(readLedger(ledger)).toHaveLength(entries);
    expect(billedUnits(readLedger(ledger))).toBe(billed);
    expect(sha(mp3)).not.toBe(pick1);
    writeFileSync(script, original);
    const back = await podc(["build", "--local", SCRIPT], dir, SHELL_ENV);
    expect(back.code, back.stderr).toBe(0);
    expect(back.stdout.split("\n")).toContain("out/local/lighthouse-keepers/lighthouse-keepers.mp3");
    expect(sha(mp3)).toBe(pick1);
  }, 300_000);

  it("names a missing file and the command that fetches it, and leaves the episode as it was", async () => {
    const before = sha(join(folder, "lighthouse-keepers.mp3"));
    const take = join(folder, "05-automatic-light-2.wav");
    const bytes = readFileSync(take);
    rmSync(take);
    const missing = await podc(["build", "--local", SCRIPT], dir, SHELL_ENV);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`out/local/lighthouse-keepers/05-automatic-light-2.wav is missing: run \`${FIX}\` to fetch it again`);
    expect(missing.stderr).not.toMatch(/\n\s+at /);
    expect(sha(join(folder, "lighthouse-keepers.mp3"))).toBe(before);

    writeFileSync(take, Buffer.concat([bytes.subarray(0, 1000), Buffer.alloc(bytes.length - 1000)]));
    const changed = await podc(["build", "--local", SCRIPT], dir, SHELL_ENV);
    expect(changed.code).toBe(1);
    expect(changed.stderr).toContain(`out/local/lighthouse-keepers/05-automatic-light-2.wav is not the file podc downloaded`);
    expect(changed.stderr).toContain(`run \`${FIX}\` to fetch it again`);

    // The command it names does fix it: the file comes back, nothing is billed, the episode is built.
    const fixed = await podc(["run", "--local", SCRIPT], dir, SHELL_ENV);
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(readFileSync(take)).toEqual(bytes);
    expect(leftovers(folder)).toEqual([]);
  }, 300_000);

  it("reports ffmpeg's own words when it cannot decode a file, and leaves nothing half-written", async () => {
    const manifestPath = join(folder, "manifest.json");
    const manifest = readFileSync(manifestPath, "utf8");
    const file = join(folder, "06-outro.wav");
    const bytes = readFileSync(file);
    // Bytes that are not audio, which the manifest vouches for: as if the service had sent them.
    const garbage = Buffer.from("this is not audio at all\n".repeat(40));
    writeFileSync(file, garbage);
    const json = JSON.parse(manifest);
    const entry = json.requests.flatMap((r: { files: { path: string }[] }) => r.files).find((f: { path: string }) => f.path === "06-outro.wav");
    Object.assign(entry, { bytes: garbage.length, sha256: createHash("sha256").update(garbage).digest("hex") });
    writeFileSync(manifestPath, JSON.stringify(json));
    try {
      const before = readdirSync(folder).sort();
      const broken = await podc(["build", "--local", SCRIPT], dir, SHELL_ENV);
      expect(broken.code).toBe(1);
      expect(broken.stderr).toContain(`ffmpeg cannot decode out/local/lighthouse-keepers/06-outro.wav: delete it and run \`${FIX}\``);
      expect(broken.stderr).toMatch(/\n {2}ffmpeg: .*06-outro\.wav/);
      expect(broken.stderr).not.toMatch(/\n\s+at /);
      expect(readdirSync(folder).sort()).toEqual(before);
    } finally {
      writeFileSync(file, bytes);
      writeFileSync(manifestPath, manifest);
    }
  }, 300_000);

  it("stops at Ctrl-C, leaving the previous episode as it was and no temporary file", async () => {
    const mp3 = join(folder, "lighthouse-keepers.mp3");
    const before = sha(mp3);
    const build = podcInterruptible(["build", "--local", "--force", SCRIPT], dir, SHELL_ENV);
    // Interrupted once it is writing: its temporary files are there.
    while (leftovers(folder).length === 0) await sleep(5);
    build.interrupt();
    const { code, stderr } = await build.done;
    expect(code).toBe(1);
    expect(stderr).toContain("the episode was not built");
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(sha(mp3)).toBe(before);
    expect(leftovers(folder)).toEqual([]);
  }, 300_000);

  it("waits for a podc run at work in the repository, which builds its episodes itself", async () => {
    const lock = join(dir, ".podc", "lock");
    writeFileSync(lock, JSON.stringify({ v: 1, pid: process.pid, host: hostname(), startedAt: new Date().toISOString(), nonce: "test" }));
    try {
      const build = await podc(["build", "--local", SCRIPT], dir, SHELL_ENV);
      expect(build.code).toBe(1);
      expect(build.stderr).toContain(`podc build: a podc run is working in this repository (pid ${process.pid} since`);
    } finally {
      rmSync(lock);
    }
  });

  it("without ffmpeg: podc build says what to install (exit 2); podc run still finishes, exit code unchanged", async () => {
    const noFfmpeg = { ...SHELL_ENV, PODC_FFMPEG: join(dir, "no-such-ffmpeg") };
    const build = await podc(["build", "--local", SCRIPT], dir, noFfmpeg);
    expect(build.code).toBe(2);
    expect(build.stderr).toContain("ffmpeg is not installed — install ffmpeg (Debian and Ubuntu: sudo apt-get install ffmpeg");
    const run = await podc(["run", "--local", SCRIPT], dir, noFfmpeg);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("out/local/lighthouse-keepers/manifest.json\n");
    expect(run.stderr).toContain("podc: the episode was not built: ffmpeg is not installed — install ffmpeg");
    const skipped = await podc(["run", "--local", "--no-build", SCRIPT], dir, SHELL_ENV);
    expect(skipped.code).toBe(0);
    expect(skipped.stderr).not.toContain("podc: built");
  }, 300_000);
});

describe.runIf(FFMPEG_AVAILABLE || FFMPEG_REQUIRED)("podc build before any run", () => {
  it("says to run podc run first", async () => {
    const dir = exampleRepo("lighthouse-keepers", repos);
    const build = await podc(["build", "--local", SCRIPT], dir, SHELL_ENV);
    expect(build.code).toBe(1);
    expect(build.stderr).toContain(`podc build: examples/lighthouse-keepers.pod: no audio yet in out/local/lighthouse-keepers/: run \`${FIX}\` first`);
    expect(existsSync(join(dir, "out"))).toBe(false);
  });

  it("after a local run, names podc build --local, not the paid podc run", async () => {
    const dir = exampleRepo("lighthouse-keepers", repos);
    expect((await podc(["run", "--local", "--no-build", SCRIPT], dir, SHELL_ENV)).code).toBe(0);
    const build = await podc(["build", SCRIPT], dir, SHELL_ENV);
    expect(build.code).toBe(1);
    expect(build.stderr).toContain(
      "podc build: examples/lighthouse-keepers.pod: no audio yet in out/lighthouse-keepers/, but a local run's is in out/local/lighthouse-keepers/: " +
        "`podc build --local examples/lighthouse-keepers.pod` builds that table read (`podc run examples/lighthouse-keepers.pod` pays for the service's audio)",
    );
  }, 300_000);
});
