/*
 * `podc state push`, `pull` and `status` on a shared store that serves more than one run and more than one
 * repository. Push takes the lock every run of the repository takes, so a run never decides to pay for a job whose
 * story push is still copying; pull and status show and take the repository's own jobs only. A real PostgreSQL (holding
 * push in the middle of its copy with a row lock of its own) and the emulator's ledger as the bill.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../src/emulator/server.js";
import { readJournal } from "../../src/state/journal.js";
import { emulator, envFor, ONE_SONG, podc, postsByKey, project, removeProjects, SMALL, sleep, spawnPodc } from "../run/helpers.js";
import { sharedEnv, sql } from "./helpers.js";
import { postgresMissing, startPostgres, type TestPostgres } from "./postgres-server.js";

const missing = postgresMissing();
let server: TestPostgres;
let emu: Emulator;

beforeAll(async () => {
  if (missing) return;
  [server, emu] = await Promise.all([startPostgres(), emulator()]);
}, 300_000);
const clones: string[] = [];
afterAll(async () => {
  await emu?.close();
  await server?.stop();
  removeProjects();
  for (const dir of clones) rmSync(dir, { recursive: true, force: true });
});

function git(dir: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=Writer", "-c", "user.email=writer@example.org", ...args], { cwd: dir, encoding: "utf8" });
}

/** A project made a git repository of its own: its first commit names it in the shared store. */
function repository(template: string): ReturnType<typeof project> {
  const p = project(template);
  writeFileSync(join(p.dir, ".gitignore"), "/.podc/\n/out/\n");
  git(p.dir, "init", "-q");
  git(p.dir, "add", ".");
  git(p.dir, "commit", "-qm", "episode");
  return p;
}

async function until(check: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + 120_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await sleep(50);
  }
}

describe.skipIf(missing)("podc state push while a run of the repository starts", () => {
  it("holds the repository's lock: the run refuses at once, sends nothing, and afterwards nothing is paid twice", { timeout: 300_000 }, async () => {
    const url = await server.createDatabase();
    const p = project(SMALL);
    writeFileSync(join(p.dir, "second.pod"), ONE_SONG.split("{tag}").join(`second${process.pid}x${Date.now()}`));
    const before = emu.ledger().length;
    // The repository worked alone first: every job paid once, in its journal.
    expect((await podc(["run", p.script], p.dir, envFor(emu))).code).toBe(0);
    expect((await podc(["run", "second.pod"], p.dir, envFor(emu))).code).toBe(0);
    const env = sharedEnv(envFor(emu), url);
    expect((await podc(["status"], p.dir, env)).code).toBe(0); // the schema

    // Push is held in the middle of its copy: a teammate's transaction has the row of the journal's first job.
    const firstJob = readJournal(join(p.dir, ".podc")).entries[0]!.job;
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query("INSERT INTO podc_jobs (job, state, record) VALUES ($1, 'new', $2)", [
        firstJob,
        JSON.stringify({ key: firstJob, state: "new", generation: 0, intents: 0, files: [], lost: false, traceIds: [] }),
      ]);
      await holder.query("SELECT job FROM podc_jobs WHERE job = $1 FOR UPDATE", [firstJob]);
      const push = spawnPodc(["state", "push"], p.dir, env);
      await until(async () => (await sql(url, "SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted")).rows[0].n > 0);

      // A run of the repository's second script, whose song push has not copied yet.
      const run = await podc(["run", "--no-build", "second.pod"], p.dir, env);
      // Nothing paid again: the three requests of the two scripts were paid once, alone.
      expect(emu.ledger().length - before, run.stderr).toBe(3);
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).toMatch(/lock.*nothing was sent/is);

      await holder.query("ROLLBACK");
      expect(await push.exited, push.output()).toBe(0);
    } finally {
      await holder.end();
    }
    const again = await podc(["run", "--no-build", p.script, "second.pod"], p.dir, env);
    expect(again.code, again.stderr).toBe(0);
    const posts = postsByKey(emu.ledger().slice(before));
    expect([...posts.values()].map((entries) => entries.length)).toEqual([1, 1, 1]);
  });
});

describe.skipIf(missing)("two repositories on one shared store", () => {
  it("podc status and podc state pull show and take this repository's jobs only", { timeout: 300_000 }, async () => {
    const url = await server.createDatabase();
    const env = sharedEnv(envFor(emu), url);
    // Two podcasts, each with its episode.pod, sharing the team's database.
    const mine = repository(SMALL);
    const theirs = repository(ONE_SONG);
    expect((await podc(["run", "--no-build", mine.script], mine.dir, env)).code).toBe(0);
    expect((await podc(["run", "--no-build", theirs.script], theirs.dir, env)).code).toBe(0);

    const all = await podc(["status", "--json"], mine.dir, env);
    expect(all.code, all.stderr).toBe(0);
    const rows = JSON.parse(all.stdout).jobs as { kind: string }[];
    expect(rows.map((r) => r.kind).sort()).toEqual(["podcast", "song"]);
    // Without a base URL, podc status FILE goes by the script's name: another repository's episode.pod is not this one.
    const byFile = await podc(["status", mine.script], mine.dir, { PODC_STATE_URL: url });
    expect(byFile.code, byFile.stderr).toBe(0);
    expect(byFile.stdout).toMatch(/podcast "Cold open"/);
    expect(byFile.stdout).not.toMatch(/Lonely Song/);

    // A clone of my repository pulls: my jobs and files, none of theirs.
    const cloneDir = mkdtempSync(join(tmpdir(), "podc-clone-"));
    clones.push(cloneDir);
    const clone = join(cloneDir, "mine");
    execFileSync("git", ["clone", "-q", mine.dir, clone]);
    const pull = await podc(["state", "pull"], clone, env);
    expect(pull.code, pull.stderr).toBe(0);
    expect(pull.stdout).toContain("2 job(s) from");
    const pulled = readJournal(join(clone, ".podc")).entries;
    expect(new Set(pulled.map((e) => e.job)).size).toBe(2);
    expect(pulled.some((e) => e.type === "intent" && e.origin.song === "Lonely Song")).toBe(false);
    expect(readdirSync(join(clone, "out"))).toEqual(["episode"]);
    expect(existsSync(join(clone, "out", "episode", "01-cold-open.wav")) || readdirSync(join(clone, "out", "episode")).length > 0).toBe(true);
    for (const name of readdirSync(join(clone, "out", "episode"))) expect(name).not.toMatch(/lonely-song/);
  });
});
