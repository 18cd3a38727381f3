/*
 * A kill -9 storm across two machines sharing the database: two working copies of one repository run
 * at once, each killed at random moments (seeded, so a failure can be replayed), round after round;
 * then each runs to the end. The emulator's ledger is the bill: one paid request per job, except an
 * unknown outcome the user chose to resubmit, which may have one more — never two.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../src/emulator/server.js";
import { mulberry32 } from "../../src/emulator/audio/signal.js";
import { idempotencyKey } from "../../src/run/job.js";
import { emulator, envFor, manifestOf, MULTI_SONG, podc, postsByKey, project, removeProjects, runAndKill } from "../run/helpers.js";
import { cloneProject, clonedFolders, sharedEnv, sharedRecords } from "./helpers.js";
import { postgresMissing, startPostgres, type TestPostgres } from "./postgres-server.js";

const SEED = Number(process.env.PODC_CRASH_SEED ?? 20261123);
const ROUNDS = 3;

const missing = postgresMissing();
let server: TestPostgres;
let emu: Emulator;

beforeAll(async () => {
  if (missing) return;
  [server, emu] = await Promise.all([startPostgres(), emulator()]);
  // Slow answers widen the windows a kill can land in.
  emu.inject({ kind: "latency", route: "any", ms: 30, times: Number.POSITIVE_INFINITY });
}, 300_000);
afterAll(async () => {
  await emu?.close();
  await server?.stop();
  removeProjects();
  for (const dir of clonedFolders()) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(missing)("kill -9 storm across two machines sharing the database", () => {
  it(`one paid request per job (seed ${SEED}); both machines end with every file`, { timeout: 180_000 }, async () => {
    const random = mulberry32(SEED);
    const url = await server.createDatabase();
    const a = project(MULTI_SONG, { concurrency: 2 });
    const b = cloneProject(a);
    const env = sharedEnv(envFor(emu), url);
    const before = emu.ledger().length;
    const kills: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const pick = (): [number, number, number] => [1 + Math.floor(random() * 20), Math.floor(random() * 40), Math.floor(random() * 1500)];
      const [la, ea, fa] = pick();
      const [lb, eb, fb] = pick();
      const ends = await Promise.all([runAndKill(["run", a.script], a.dir, env, la, ea, fa), runAndKill(["run", b.script], b.dir, env, lb, eb, fb)]);
      kills.push(`round ${round}: a ${ends[0].said}; b ${ends[1].said}`);
    }

    const unknown = [...(await sharedRecords(url)).values()].filter((r) => r.state === "ambiguous" || r.state === "intent").map((r) => r.key);
    const flag = unknown.length > 0 ? ["--resubmit-ambiguous"] : [];
    // Either machine may finish the work: run both at once.
    const last = await Promise.all([podc(["run", a.script, ...flag], a.dir, env), podc(["run", b.script, ...flag], b.dir, env)]);
    for (const end of last) expect(end.code, `${kills.join("\n")}\n${end.stderr}`).toBe(0);

    const records = [...(await sharedRecords(url)).values()];
    expect(records).toHaveLength(5);
    const posts = postsByKey(emu.ledger().slice(before));
    for (const record of records) {
      const sent = (posts.get(idempotencyKey(record.key, 0)) ?? []).filter((e) => e.status === 200);
      const allowed = unknown.includes(record.key) ? [1, 2] : [1];
      expect(allowed, `${record.key}: ${sent.length} POSTs\n${kills.join("\n")}`).toContain(sent.length);
    }
    expect([...posts.keys()].filter((k) => !records.some((r) => k === idempotencyKey(r.key, 0)))).toEqual([]);
    for (const dir of [a.dir, b.dir]) {
      const manifest = manifestOf(dir);
      expect(manifest.requests.every((r) => r.state === "done")).toBe(true);
      expect(manifest.requests.flatMap((r) => r.files)).toHaveLength(8);
    }
  });
});
