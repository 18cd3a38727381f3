/*
 * What the writer's own tools do to a repository's state between runs — an editor saving the journal, a
 * full disk — and what podc must do: read what is there, hold what it paid for, and never pay twice.
 */
import { execFileSync } from "node:child_process";
import { closeSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../src/emulator/server.js";
import type { LedgerEntry } from "../../src/emulator/ledger.js";
import { idempotencyKey } from "../../src/run/job.js";
import { auth, eventually, raw } from "../service/helpers.js";
import { emulator, envFor, KEY, MULTI_SONG, ONE_SONG, podc, postsByKey, project, records, removeProjects, sleep, spawnPodc } from "./helpers.js";

let slow: Emulator;

beforeAll(async () => {
  slow = await emulator({ clockMs: 700 });
});
afterAll(async () => {
  await slow.close();
});
afterAll(removeProjects);

const journalOf = (dir: string): string => join(dir, ".podc", "journal.jsonl");

describe("a journal saved by an editor", () => {
  it("reads a last line that lacks only its newline: an accepted song's task id is kept, and nothing is paid twice", { timeout: 180_000 }, async () => {
    const p = project(ONE_SONG, { timeoutMs: 1000 });
    const first = await podc(["run", p.script], p.dir, envFor(slow));
    expect(first.code, first.stderr).toBe(1);
    const song = [...records(p.dir).values()].find((r) => r.kind === "song")!;
    expect(song.taskId).toBeDefined();
    // The writer opens the journal, deletes the lines after the song's `accepted`, and saves without a final newline.
    const lines = readFileSync(journalOf(p.dir), "utf8").split("\n");
    const accepted = lines.findIndex((line) => line.includes('"type":"accepted"'));
    writeFileSync(journalOf(p.dir), lines.slice(0, accepted + 1).join("\n"));

    // The rerun waits one second for the song: it must be done on the service by then, however fast podc starts.
    await eventually(async () => {
      const query = await raw(`${slow.url}/v1/song/query/${song.taskId}`, { headers: auth(KEY) });
      return (query.json as { status?: string }).status === "succeeded" || undefined;
    });
    const again = spawnPodc(["run", p.script], p.dir, envFor(slow));
    const code = await again.exited;
    expect(again.output()).not.toContain("outcome unknown");
    expect(code, again.output()).toBe(0);
    expect(postsByKey(slow.ledger()).get(song.key)).toHaveLength(1);
    // The next entry went on a line of its own: every line of the journal is read back.
    expect(readFileSync(journalOf(p.dir), "utf8")).toMatch(/"type":"accepted"[^\n]*\}\n\{/);
    expect([...records(p.dir).values()].map((r) => r.state)).toEqual(["done"]);
  });
});

async function until(check: () => boolean): Promise<void> {
  const end = Date.now() + 120_000;
  while (!check()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await sleep(10);
  }
}

function git(dir: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=Writer", "-c", "user.email=writer@example.org", ...args], { cwd: dir, encoding: "utf8" });
}

const hasGit = ((): boolean => {
  try {
    execFileSync("git", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!hasGit)("git clean -fdX while songs are running", () => {
  it(
    "takes the journal and the manifests, and the rerun still pays for nothing twice: it warns and takes them back from the copy outside the repository",
    { timeout: 180_000 },
    async () => {
      const p = project(MULTI_SONG, { concurrency: 3 });
      const stateHome = mkdtempSync(join(tmpdir(), "podc-state-home-"));
      try {
        // What podc init sets up: the state and the audio ignored.
        writeFileSync(join(p.dir, ".gitignore"), "/.podc/\n/out/\n");
        git(p.dir, "init", "-q");
        git(p.dir, "add", ".");
        git(p.dir, "commit", "-qm", "episode");
        const env = { ...envFor(slow), XDG_STATE_HOME: stateHome };

        // Stopped (as a CI cancel stops it) once its three songs are accepted and still running.
        const first = spawnPodc(["run", "--no-build", p.script], p.dir, env);
        await until(() => (first.output().match(/accepted task/g) ?? []).length === 3);
        first.child.kill("SIGTERM");
        expect(await first.exited, first.output()).toBe(1);
        expect(first.output()).toMatch(/task \d+ is still running — run again to resume/);
        const sent = [...records(p.dir).values()];
        expect(sent.filter((r) => r.kind === "song" && r.taskId !== undefined).length).toBe(3);

        git(p.dir, "clean", "-fdXq");
        expect(existsSync(join(p.dir, ".podc"))).toBe(false);
        expect(existsSync(join(p.dir, "out"))).toBe(false);

        await sleep(2000);
        const again = spawnPodc(["run", "--no-build", p.script], p.dir, env);
        const code = await again.exited;
        expect(again.output()).toMatch(
          /warning: \.podc\/journal\.jsonl had lost \d+ entries of 5 requests \(deleted — git clean -fdX\? — or cut\); taken back from its copy/,
        );
        expect(code, again.output()).toBe(0);
        const posts = postsByKey(slow.ledger());
        for (const job of sent) expect(posts.get(idempotencyKey(job.key, 0)) ?? [], job.key).toHaveLength(1);
      } finally {
        rmSync(stateHome, { recursive: true, force: true });
      }
    },
  );
});

/** Mounts a tmpfs of `size` at a fresh folder, or throws why it cannot (not root, no mount in this sandbox). */
function mountSmallDisk(size: string): string {
  const dir = mkdtempSync(join(tmpdir(), "podc-small-disk-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir], { stdio: "pipe" });
    return dir;
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`mounting a ${size} tmpfs failed (${String((error as { stderr?: Buffer }).stderr ?? error).trim()}): run as root to test a full disk`, {
      cause: error,
    });
  }
}

function unmountSmallDisk(dir: string): void {
  execFileSync("umount", [dir]);
  rmSync(dir, { recursive: true, force: true });
}

/** Why a small disk cannot be mounted here, found by mounting one and taking it away again; undefined when it can. */
const cannotMount = ((): string | undefined => {
  try {
    unmountSmallDisk(mountSmallDisk("64k"));
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
})();

/** Writes a file in `dir` until the disk is full; its path. */
function fillDisk(dir: string): string {
  const filler = join(dir, "filler");
  const fd = openSync(filler, "w");
  const chunk = Buffer.alloc(4096, 1);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  } finally {
    closeSync(fd);
  }
  return filler;
}

const TWO_SONGS = `Title: Two Songs

SONG: First Song
Style: synthwave, 110 bpm, female vocals

[Verse]
The first song tonight {tag}
END SONG

SONG: Second Song
Style: folk, waltz, 84 bpm, accordion

[Verse]
The second song tonight {tag}
END SONG
`;

describe.skipIf(cannotMount !== undefined)(`a disk that fills while a paid request is out${cannotMount ? ` (skipped: ${cannotMount})` : ""}`, () => {
  let mount: string;
  beforeAll(() => {
    mount = mountSmallDisk("16m");
  });
  afterAll(() => unmountSmallDisk(mount));

  it(
    "keeps the answer it paid for, stops sending, and the rerun — even with --resubmit-ambiguous — finishes it by query, paying nothing twice",
    { timeout: 180_000 },
    async () => {
      // The service names a long model: its answer's line cannot fit in what is left of the journal's last page.
      const emu = await emulator({ clockMs: 300, autoModel: `mureka-${"7".repeat(9000)}`, faults: [{ kind: "latency", route: "song.generate", ms: 1500 }] });
      try {
        const dir = join(mount, "repo");
        mkdirSync(dir);
        const template = project(TWO_SONGS, { concurrency: 1 });
        for (const name of ["podc.json", template.script]) copyFileSync(join(template.dir, name), join(dir, name));
        // Everything on the small disk, the copy outside the repository too.
        const env = { ...envFor(emu), XDG_STATE_HOME: join(mount, "state") };

        const first = spawnPodc(["run", "--no-build", template.script], dir, env);
        // The first song's intent is on disk and its POST is out: the disk fills before the answer comes back.
        await until(() => existsSync(journalOf(dir)) && readFileSync(journalOf(dir), "utf8").includes('"type":"intent"'));
        const filler = fillDisk(mount);
        expect(await first.exited, first.output()).toBe(1);
        expect(first.output()).not.toMatch(/\n\s+at /); // no stack trace
        const songs = (): LedgerEntry[] => emu.ledger().filter((entry) => entry.kind === "song");
        // The run stopped sending: the second song was never paid for.
        expect(songs(), first.output()).toHaveLength(1);

        rmSync(filler);
        const again = spawnPodc(["run", "--no-build", "--resubmit-ambiguous", template.script], dir, env);
        const code = await again.exited;
        expect(code, `${first.output()}\n---\n${again.output()}`).toBe(0);
        const posts = postsByKey(songs());
        expect(
          [...posts.values()].map((p) => p.length),
          again.output(),
        ).toEqual([1, 1]);
        expect([...records(dir).values()].map((r) => r.state)).toEqual(["done", "done"]);
      } finally {
        await emu.close();
      }
    },
  );
});
