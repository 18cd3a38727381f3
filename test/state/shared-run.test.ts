/*
 * `podc run` on the shared store, as a team uses it: working copies of one repository (separate
 * processes, as separate machines would be) against one database and one emulator, whose ledger is the
 * bill. The promises: each paid request is sent once however many copies run at once; every
 * copy ends with every file; a fresh copy gets everything from the store without sending anything; a
 * database that cannot be reached means nothing is sent; credentials never show.
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../src/emulator/server.js";
import { idempotencyKey } from "../../src/run/job.js";
import {
  allFiles,
  emulator,
  envFor,
  expectKeyAbsent,
  manifestOf,
  MULTI_SONG,
  podc,
  postsByKey,
  project,
  removeProjects,
  SMALL,
  sleep,
  spawnPodc,
} from "../run/helpers.js";
import { cloneProject, clonedFolders, sha256, sharedEnv, sharedRecords, sql } from "./helpers.js";
import { relayTo } from "./tcp-cut.js";
import { postgresMissing, startPostgres, type TestPostgres } from "./postgres-server.js";

const missing = postgresMissing();
let server: TestPostgres;
let emu: Emulator;

beforeAll(async () => {
  if (missing) return;
  [server, emu] = await Promise.all([startPostgres(), emulator()]);
}, 300_000);
afterAll(async () => {
  await emu?.close();
  await server?.stop();
  removeProjects();
  for (const dir of clonedFolders()) rmSync(dir, { recursive: true, force: true });
});

/** Every file of the episode is on disk and matches its manifest. */
function expectEveryFile(dir: string, files: number): void {
  const manifest = manifestOf(dir);
  expect(manifest.requests.every((r) => r.state === "done")).toBe(true);
  const listed = manifest.requests.flatMap((r) => r.files);
  expect(listed).toHaveLength(files);
  for (const file of listed) {
    const path = join(dir, "out", "episode", file.path);
    expect(existsSync(path), path).toBe(true);
    expect(sha256(path)).toBe(file.sha256);
  }
}

/** Everything a person or a machine could see: no password, no user name, no URL. */
function expectNoCredentials(texts: readonly string[], folders: readonly string[], url: string): void {
  const secrets = [server.password, url];
  for (const text of texts) for (const secret of secrets) expect(text.includes(secret), "a credential in the output").toBe(false);
  for (const folder of folders) {
    for (const file of allFiles(folder)) {
      const bytes = readFileSync(file);
      for (const secret of secrets) expect(bytes.includes(Buffer.from(secret)), `a credential in ${file}`).toBe(false);
    }
  }
}

describe.skipIf(missing)("podc run on the shared store", () => {
  it(
    "two copies at the same moment: each paid request is sent once and both end with every file; a third, fresh copy sends nothing",
    { timeout: 300_000 },
    async () => {
      const url = await server.createDatabase();
      const a = project(MULTI_SONG, { concurrency: 2 });
      const b = cloneProject(a);
      const env = sharedEnv(envFor(emu), url);
      const before = emu.ledger().length;
      const runs = [spawnPodc(["run", a.script], a.dir, env), spawnPodc(["run", b.script], b.dir, env)];
      const codes = await Promise.all(runs.map((r) => r.exited));
      expect(codes, runs.map((r) => r.output()).join("\n----\n")).toEqual([0, 0]);

      const records = await sharedRecords(url);
      expect(records.size).toBe(5);
      const posts = postsByKey(emu.ledger().slice(before));
      for (const record of records.values()) expect(posts.get(idempotencyKey(record.key, 0))?.length, record.key).toBe(1);
      expect(emu.ledger().length - before).toBe(5);
      expectEveryFile(a.dir, 8);
      expectEveryFile(b.dir, 8);

      const c = cloneProject(a);
      const third = await podc(["run", c.script], c.dir, env);
      expect(third.code, third.stderr).toBe(0);
      expect(emu.ledger().length - before).toBe(5);
      expectEveryFile(c.dir, 8);
      expect(third.stderr).toContain("from the state store");
      // No journal was needed: the copies never made a .podc/ of their own.
      expect(existsSync(join(c.dir, ".podc"))).toBe(false);
      expectNoCredentials([...runs.map((r) => r.output()), third.stdout, third.stderr], [a.dir, b.dir, c.dir], url);
      expectKeyAbsent([third.stderr], [c.dir]);
    },
  );

  it("podc status reads the shared store: every job, from any copy", { timeout: 300_000 }, async () => {
    const url = await server.createDatabase();
    const a = project(SMALL);
    const env = sharedEnv(envFor(emu), url);
    expect((await podc(["run", a.script], a.dir, env)).code).toBe(0);
    const b = cloneProject(a);
    const status = await podc(["status", "--json"], b.dir, env);
    expect(status.code).toBe(0);
    const rows = JSON.parse(status.stdout).jobs as { state: string; script: string }[];
    expect(rows.map((r) => r.state)).toEqual(["done", "done"]);
    const byFile = await podc(["status", b.script], b.dir, env);
    expect(byFile.stdout).toMatch(/^done\s+episode\.pod:8\s+podcast "Cold open"/m);
    expectNoCredentials([status.stdout, status.stderr, byFile.stdout, byFile.stderr], [], url);
  });

  it("a database that cannot be reached: nothing is sent, exit 2, and the message names it without credentials", async () => {
    const p = project(SMALL);
    const url = `postgres://${server.user}:${server.password}@127.0.0.1:1/nowhere`;
    const before = emu.ledger().length;
    const run = await podc(["run", p.script], p.dir, sharedEnv(envFor(emu), url));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/cannot reach the state database 127\.0\.0\.1:1\/nowhere: .*nothing was sent/);
    expect(emu.ledger().length).toBe(before);
    expectNoCredentials([run.stdout, run.stderr], [p.dir], url);
    const status = await podc(["status"], p.dir, sharedEnv(envFor(emu), url));
    expect(status.code).toBe(2);
  });

  it("a database written by a newer podc: refused before anything is sent (exit 2)", async () => {
    const url = await server.createDatabase();
    const p = project(SMALL);
    const env = sharedEnv(envFor(emu), url);
    expect((await podc(["status"], p.dir, env)).code).toBe(0); // creates the schema
    await sql(url, "INSERT INTO podc_schema (version, podc) VALUES (999, 'future')");
    const before = emu.ledger().length;
    const run = await podc(["run", p.script], p.dir, env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("written by a newer podc");
    expect(emu.ledger().length).toBe(before);
  });

  it("podc state push brings a repository that worked alone into the store; pull takes the store's state back to a journal", { timeout: 300_000 }, async () => {
    const url = await server.createDatabase();
    const alone = project(SMALL);
    const before = emu.ledger().length;
    expect((await podc(["run", alone.script], alone.dir, envFor(emu))).code).toBe(0);
    expect(emu.ledger().length - before).toBe(2);

    const push = await podc(["state", "push"], alone.dir, sharedEnv(envFor(emu), url));
    expect(push.code, push.stderr).toBe(0);
    expect(push.stdout).toContain("podc state push: 2 job(s) into 127.0.0.1:");
    expect(push.stdout).toContain("3 audio file(s) stored, 0 already there");
    const again = await podc(["state", "push"], alone.dir, sharedEnv(envFor(emu), url));
    expect(again.stdout).toContain("0 job(s) into");
    expect(again.stdout).toContain("2 known to both, left as they are; 0 audio file(s) stored, 3 already there");

    // A teammate's fresh clone on the shared store: nothing sent, every file from the store.
    const teammate = cloneProject(alone);
    const run = await podc(["run", teammate.script], teammate.dir, sharedEnv(envFor(emu), url));
    expect(run.code, run.stderr).toBe(0);
    expect(emu.ledger().length - before).toBe(2);
    expectEveryFile(teammate.dir, 3);

    // A clone that pulls, then works without the database: its journal and files are complete.
    const offline = cloneProject(alone);
    const pull = await podc(["state", "pull"], offline.dir, sharedEnv(envFor(emu), url));
    expect(pull.code, pull.stderr).toBe(0);
    expect(pull.stdout).toContain("2 job(s) from 127.0.0.1:");
    expect(pull.stdout).toContain("3 audio file(s) written");
    const local = await podc(["run", offline.script], offline.dir, envFor(emu));
    expect(local.code, local.stderr).toBe(0);
    expect(local.stderr).toContain("already on disk");
    expect(emu.ledger().length - before).toBe(2);
    expectEveryFile(offline.dir, 3);
    expectNoCredentials([push.stdout, push.stderr, pull.stdout, pull.stderr, run.stderr], [alone.dir, teammate.dir, offline.dir], url);

    const noUrl = await podc(["state", "push"], alone.dir, envFor(emu));
    expect(noUrl.code).toBe(2);
    expect(noUrl.stderr).toContain("PODC_STATE_URL is not set");
  });

  it("the database lost in the middle of a run: no new paid request until it is back, then the run finishes", { timeout: 300_000 }, async () => {
    const direct = await server.createDatabase();
    const relay = await relayTo(server.port);
    try {
      const url = direct.replace(`:${server.port}/`, `:${relay.port}/`);
      const p = project(MULTI_SONG);
      const before = emu.ledger().length;
      const run = spawnPodc(["run", p.script], p.dir, sharedEnv(envFor(emu), url));
      await new Promise<void>((resolve) => {
        const check = (): void => {
          if (/: accepted/.test(run.output())) {
            run.child.stderr!.off("data", check);
            resolve();
          }
        };
        run.child.stderr!.on("data", check);
      });
      await relay.cut();
      // A request whose intent committed just before the cut may still be on its way; after that, nothing.
      await sleep(1500);
      const settled = emu.ledger().length;
      await sleep(2500);
      expect(emu.ledger().length).toBe(settled);
      expect(run.output()).toMatch(/cannot reach the state database .* waiting for it; no paid request is sent until it is back/);
      await relay.restore();
      expect(await run.exited, run.output()).toBe(0);
      // Every paid request was sent once, and each was committed as an intent before it left.
      const posts = postsByKey(emu.ledger().slice(before));
      const records = await sharedRecords(direct);
      expect(records.size).toBe(5);
      for (const record of records.values()) {
        expect(posts.get(idempotencyKey(record.key, 0))?.length).toBe(1);
        expect(record.intents).toBe(1);
      }
      expectEveryFile(p.dir, 8);
      expectNoCredentials([run.output()], [p.dir], url);
    } finally {
      await relay.close();
    }
  });

  it("PODC_STATE_URL that is not a postgres:// URL is a configuration error", async () => {
    const p = project(SMALL);
    const run = await podc(["run", p.script], p.dir, sharedEnv(envFor(emu), "mysql://x:y@127.0.0.1/db"));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("PODC_STATE_URL must start with postgres://");
    expect(run.stderr).not.toContain("x:y");
  });
});
