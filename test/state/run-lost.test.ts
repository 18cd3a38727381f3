/*
 * A team run cut off from its database long enough for another machine to judge it dead (its row in podc_runs
 * deleted, as reaping does after the claim timeout). It used to idle until service.timeoutMs (15 minutes by
 * default): its songs waiting for an account slot swallowed the foreign-key error and asked again, for ever. It must
 * stop waiting at once, in words a writer reads (no constraint names), and the rerun must finish without paying twice.
 * A real podc process, a real PostgreSQL behind a relay that is cut for 8 s, and the emulator's ledger as the bill.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../src/emulator/server.js";
import { idempotencyKey } from "../../src/run/job.js";
import { emulator, envFor, MULTI_SONG, postsByKey, project, removeProjects, sleep, spawnPodc } from "../run/helpers.js";
import { clonedFolders, sharedEnv, sharedRecords, sql } from "./helpers.js";
import { postgresMissing, startPostgres, type TestPostgres } from "./postgres-server.js";
import { relayTo } from "./tcp-cut.js";

const missing = postgresMissing();
let server: TestPostgres;
let emu: Emulator;

beforeAll(async () => {
  if (missing) return;
  [server, emu] = await Promise.all([startPostgres(), emulator({ clockMs: 3000 })]);
}, 300_000);
afterAll(async () => {
  await emu?.close();
  await server?.stop();
  removeProjects();
  for (const dir of clonedFolders()) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(missing)("a run that loses the database for 8 s and its place in it", () => {
  it("stops waiting at once with a clear message, and the rerun sends nothing twice", { timeout: 300_000 }, async () => {
    const direct = await server.createDatabase();
    const relay = await relayTo(server.port);
    try {
      const url = direct.replace(`:${server.port}/`, `:${relay.port}/`);
      // One slot: the first song holds it while it runs, the other two wait for it.
      const p = project(MULTI_SONG, { concurrency: 1 });
      const env = sharedEnv(envFor(emu), url);
      const run = spawnPodc(["run", "--no-build", p.script], p.dir, env);
      const end = Date.now() + 120_000;
      while (!/song "[^"]+"[^\n]*: accepted task/.test(run.output()) && Date.now() < end) await sleep(20);
      await relay.cut();
      await sleep(4000);
      // Another machine, meanwhile, judges the silent run dead and reaps it.
      await sql(direct, "DELETE FROM podc_runs");
      await sleep(4000);
      await relay.restore();
      const code = await run.exited;
      expect(code, run.output()).toBe(1);
      expect(run.output()).toContain("this run lost its place in the state database");
      expect(run.output()).not.toMatch(/fkey|23503/);

      const again = spawnPodc(["run", "--no-build", p.script], p.dir, sharedEnv(envFor(emu), direct));
      expect(await again.exited, again.output()).toBe(0);
      const posts = postsByKey(emu.ledger());
      // Each request sent was paid once. A song first planned as `auto` and never sent keeps its claim unsent: the
      // rerun sends it with the model podc.lock holds for the episode, under another key (docs/run.md).
      for (const [key, sent] of posts) expect(sent.length, key).toBe(1);
      for (const record of (await sharedRecords(direct)).values()) {
        if (record.intents > 0) expect(posts.get(idempotencyKey(record.key, 0))?.length, record.key).toBe(1);
      }
    } finally {
      await relay.close();
    }
  });
});
