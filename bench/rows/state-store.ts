// The runner on each state store: whole `podc run` processes of one episode (two podcast segments, three songs)
// against the emulator with a fast clock, on the shared store (PostgreSQL, a private server started here) against the
// file store (.podc/), paired. Two figures: a first run, which sends, polls, downloads and stores everything; and a
// rerun of the finished episode, which only reads the state and checks the files. Skipped (said so) where PostgreSQL
// is not installed. Each run stops before the build (--no-build): assembling the audio with ffmpeg takes seconds, the
// same on either store, and would bury the difference this row is for and change the row with whether ffmpeg is here.

import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startEmulator, type Emulator } from "../../src/emulator/server.js";
import { MULTI_SONG } from "../../test/run/helpers.js";
import { postgresBin, startPostgres, type TestPostgres } from "../../test/state/postgres-server.js";
import type { BenchContext, Figure, Row } from "../lib/row.js";
import { paired, summarize } from "../lib/stats.js";

const KEY = "sk-bench-state-store";

let projects = 0;

/** A fresh repository whose requests no earlier run has made (a unique word in every request). */
function repository(context: BenchContext): string {
  const dir = mkdtempSync(join(context.data, "state-"));
  writeFileSync(join(dir, "podc.json"), JSON.stringify({ service: { pollIntervalMs: 100, concurrency: 2 } }));
  writeFileSync(join(dir, "episode.pod"), MULTI_SONG.split("{tag}").join(`bench${process.pid}x${++projects}`));
  return dir;
}

/** One `podc run` in `dir`, timed; it must finish every job (exit 0). Asynchronous, so the emulator in this process keeps answering. */
function podcRun(context: BenchContext, dir: string, env: NodeJS.ProcessEnv): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [context.launcher, "run", "--no-build", "episode.pod"],
      { cwd: dir, env: { PATH: process.env.PATH ?? "", NO_COLOR: "1", ...env } },
      (error, _stdout, stderr) => {
        if (error) reject(new Error(`podc run exited ${error.code}: ${stderr.trim().split("\n").slice(-3).join(" / ")}`));
        else resolve(performance.now() - started);
      },
    );
  });
}

function figure(id: string, label: string, runs: { subject: number[]; baseline: number[]; ratio: number[] }): Figure {
  return {
    id,
    label,
    unit: "ms",
    value: summarize(runs.subject),
    baseline: { label: "file store (.podc/)", unit: "ms", value: summarize(runs.baseline) },
    ratio: { ...summarize(runs.ratio), of: "PostgreSQL ÷ file" },
  };
}

export const stateStore: Row = {
  id: "state",
  title: "podc run on the shared state store (PostgreSQL) against the file store, one episode of 5 requests",
  async run(context) {
    if (!postgresBin()) {
      context.log("state: PostgreSQL is not installed (no initdb under /usr/lib/postgresql/*/bin): skipped");
      return [];
    }
    let server: TestPostgres | undefined;
    let emu: Emulator | undefined;
    const made: string[] = [];
    try {
      [server, emu] = await Promise.all([startPostgres(), startEmulator({ apiKey: KEY, clockMs: 20, speech: "synth" })]);
      const pg = server;
      const base = { PODC_BASE_URL: emu.url, PODC_API_KEY: KEY };
      mkdirSync(context.data, { recursive: true });
      const fresh = (): string => {
        const dir = repository(context);
        made.push(dir);
        return dir;
      };
      const runs = context.quick ? Math.max(3, Math.floor(context.runs / 2)) : context.runs;
      // The shared store's run gets a database of its own each time, so it too starts from nothing.
      const first = await paired(
        runs,
        1,
        async () => podcRun(context, fresh(), { ...base, PODC_STATE_URL: await pg.createDatabase() }),
        () => podcRun(context, fresh(), base),
      );
      // A rerun of a finished episode: read every job's state, check every file, send nothing.
      const sharedDir = fresh();
      const sharedUrl = await pg.createDatabase();
      await podcRun(context, sharedDir, { ...base, PODC_STATE_URL: sharedUrl });
      const fileDir = fresh();
      await podcRun(context, fileDir, base);
      const rerun = await paired(
        runs,
        1,
        () => podcRun(context, sharedDir, { ...base, PODC_STATE_URL: sharedUrl }),
        () => podcRun(context, fileDir, base),
      );
      return [
        figure("state.run.first", "podc run, first run: sends, polls, downloads and keeps everything", first),
        figure("state.run.rerun", "podc run of the finished episode: reads the state, checks the files, sends nothing", rerun),
      ];
    } finally {
      await emu?.close();
      await server?.stop();
      for (const dir of made) rmSync(dir, { recursive: true, force: true });
    }
  },
};
