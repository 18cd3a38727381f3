// `podc build` of the README's example episode (six requests, two songs, about 2:40 of audio), as whole processes:
// its time against the duration of the audio it makes — how much faster than real time the finished episode is made
// — and, paired with it, against plain ffmpeg concatenating the same files into an mp3 with no gaps, fades, loudness
// or chapters (the least any assembler does), so that what podc adds on top is visible.

import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import type { Figure, Row } from "../lib/row.js";
import { paired, summarize } from "../lib/stats.js";

const EPISODE = "lighthouse-keepers";

export const build: Row = {
  id: "build",
  title: "podc build of the example episode: time against the audio's duration, and against plain ffmpeg",
  async run(context) {
    if (spawnSync("ffmpeg", ["-version"]).status !== 0) {
      context.log("build: ffmpeg is not installed (apt-get install ffmpeg): skipped");
      return [];
    }
    mkdirSync(context.data, { recursive: true });
    const dir = mkdtempSync(join(context.data, "build-"));
    try {
      mkdirSync(join(dir, ".git"));
      copyFileSync(join(context.root, "examples", `${EPISODE}.pod`), join(dir, `${EPISODE}.pod`));
      const env = { PATH: process.env.PATH ?? "", NO_COLOR: "1" };
      const made = context.node([context.launcher, "run", "--local", "--no-build", `${EPISODE}.pod`], { cwd: dir, env });
      if (made.status !== 0) throw new Error(`podc run --local failed: ${made.stderr.trim().split("\n").slice(-3).join(" / ")}`);
      const folder = join(dir, "out", "local", EPISODE);
      const manifest = JSON.parse(readFileSync(join(folder, "manifest.json"), "utf8")) as { requests: { kind: string; files: { path: string }[] }[] };
      const inputs = manifest.requests.map((r) => join(folder, r.files[0]!.path));

      let audioMs = 0;
      const current: number[] = [];
      const podcBuild = () => {
        // --force: every run after the first would otherwise find the episode up to date and build nothing.
        const run = context.node([context.launcher, "build", "--local", "--force", `${EPISODE}.pod`], { cwd: dir, env });
        if (run.status !== 0) throw new Error(`podc build failed: ${run.stderr.trim().split("\n").slice(-3).join(" / ")}`);
        // Right after it, the build a rerun makes: the same inputs, so it checks them and the files and writes nothing.
        const again = context.node([context.launcher, "build", "--local", `${EPISODE}.pod`], { cwd: dir, env });
        if (again.status !== 0 || !again.stderr.includes("is up to date"))
          throw new Error(`podc build of the episode just built did not find it up to date: ${again.stderr.trim().split("\n").slice(-3).join(" / ")}`);
        current.push(again.ms);
        const chapters = JSON.parse(readFileSync(join(folder, `${EPISODE}.chapters.json`), "utf8")) as { chapters: { endTime: number }[] };
        audioMs = chapters.chapters.at(-1)!.endTime * 1000;
        return run.ms;
      };
      const plainFfmpeg = () => {
        const started = performance.now();
        const graph = `${inputs.map((_, i) => `[${i}:a]aresample=48000,aformat=channel_layouts=stereo[c${i}]`).join(";")};${inputs.map((_, i) => `[c${i}]`).join("")}concat=n=${inputs.length}:v=0:a=1[mix]`;
        const args = [
          "-hide_banner",
          "-nostdin",
          ...inputs.flatMap((f) => ["-i", f]),
          "-filter_complex",
          graph,
          "-map",
          "[mix]",
          "-c:a",
          "libmp3lame",
          "-b:a",
          "128k",
          "-ar",
          "44100",
          "-y",
          join(dir, "plain.mp3"),
        ];
        const run = spawnSync("ffmpeg", args, { encoding: "utf8" });
        if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr.trim().split("\n").slice(-3).join(" / ")}`);
        return performance.now() - started;
      };
      const runs = await paired(context.runs, 1, podcBuild, plainFfmpeg);
      const realTime: Figure = {
        id: "build.episode",
        label: `podc build, ${(audioMs / 60_000).toFixed(1)} min of audio: mix, two-pass loudness, mp3 with chapters, transcripts, page`,
        unit: "ms",
        value: summarize(runs.subject),
        ratio: { ...summarize(runs.subject.map((ms) => ms / audioMs)), of: "build time ÷ audio duration" },
        // A tenth of real time: an hour-long episode is built in under six minutes.
        target: { op: "<=", value: 0.1 },
      };
      const overPlain: Figure = {
        id: "build.plain",
        label: "podc build against plain ffmpeg concatenating the same files to mp3",
        unit: "ms",
        value: summarize(runs.subject),
        baseline: { label: "ffmpeg concat → mp3", unit: "ms", value: summarize(runs.baseline) },
        ratio: { ...summarize(runs.ratio), of: "podc build ÷ plain ffmpeg" },
      };
      // The warm-up's is left out, as paired() leaves out its build: the rest pair with the forced builds in order.
      const timed = current.slice(-runs.subject.length);
      const upToDate: Figure = {
        id: "build.current",
        label: "podc build of the episode just built: checks its inputs and its files against build.json, writes nothing (information)",
        unit: "ms",
        value: summarize(timed),
        baseline: { label: "podc build --force", unit: "ms", value: summarize(runs.subject) },
        ratio: { ...summarize(timed.map((ms, i) => ms / runs.subject[i]!)), of: "up to date ÷ forced" },
      };
      return [realTime, overPlain, upToDate];
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
