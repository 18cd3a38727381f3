// The edit loop's build: `podc build` of a ten-minute episode after a one-line edit, and after a new `Pick:`, against
// the episode's duration and against the CPU of a build from nothing (`--force`, which measures every piece again) of
// the same inputs, in the same pair. The audio comes from the local service (`podc run --local --no-build`, not timed);
// only the builds are. The build from nothing runs in a second copy of the project (its audio copied, not timed), so
// that each pair can run in either order: the order alternates from one pair to the next, and a machine that slows
// down or speeds up during the bench weighs on both sides alike. CPU is the children's user + system time (ffmpeg
// included) as Linux counts it for this process.

import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import type { BenchContext, Figure, Row } from "../lib/row.js";
import { summarize } from "../lib/stats.js";

const NAME = "ten-minutes";
const SECTIONS = 5;
const TURNS = 12;

/** A two-host episode of about ten minutes (espeak-ng's pace), with two songs: the same text on every machine. */
function episodeScript(): string {
  const words = "the light keeper climbed ninety nine steps every night and counted ships passing in the dark while storms rolled over the rocks".split(" ");
  let seed = 45;
  const next = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
  const sentence = (n: number) => `${Array.from({ length: n }, () => words[Math.floor(next() * words.length)]).join(" ")}.`;
  let text = "Title: Ten Minutes\nCast:\n    HOST: Ethan\n    GUEST: Luna\nModel: auto\n\n";
  for (let section = 1; section <= SECTIONS; section++) {
    text += `# Part ${section}\n\n`;
    for (let turn = 0; turn < TURNS; turn++) text += `${turn % 2 ? "GUEST" : "HOST"}: ${sentence(16 + Math.floor(next() * 12))} ${sentence(10)}\n`;
    text += "\n";
    if (section === 2 || section === 4) {
      text += `SONG: Song ${section}\nStyle: folk, waltz\nModel: auto\n\n[Verse]\n${sentence(6)}\n${sentence(6)}\n\n[Chorus]\n${sentence(5)}\nEND SONG\n\n`;
    }
  }
  return text;
}

/** CPU seconds of this process's children that have ended (Linux /proc), or undefined elsewhere. */
function childrenCpuMs(): number | undefined {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 16 and 17 of stat(5) (cutime, cstime), counted from the state (field 3): clock ticks, 100 a second.
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

export const rebuild: Row = {
  id: "rebuild",
  title: "podc build of a ten-minute episode after a one-line edit and after a new Pick, against its duration and a build from nothing",
  async run(context: BenchContext) {
    if (spawnSync("ffmpeg", ["-version"]).status !== 0) {
      context.log("rebuild: ffmpeg is not installed (apt-get install ffmpeg): skipped");
      return [];
    }
    if (childrenCpuMs() === undefined) context.log("rebuild: no /proc/self/stat here: CPU is not measured");
    mkdirSync(context.data, { recursive: true });
    const dir = mkdtempSync(join(context.data, "rebuild-"));
    // The copy where the builds from nothing run, beside the project.
    const copy = mkdtempSync(join(context.data, "rebuild-from-nothing-"));
    try {
      mkdirSync(join(dir, ".git"));
      // The copy where the builds from nothing run.
      mkdirSync(join(copy, ".git"));
      const script = join(dir, `${NAME}.pod`);
      const original = episodeScript();
      const env = { PATH: process.env.PATH ?? "", NO_COLOR: "1" };
      const podc = (args: string[], cwd = dir) => {
        const cpu = childrenCpuMs() ?? Number.NaN;
        const run = context.node([context.launcher, ...args, `${NAME}.pod`], { cwd, env });
        if (run.status !== 0) throw new Error(`podc ${args.join(" ")} failed: ${run.stderr.trim().split("\n").slice(-3).join(" / ")}`);
        return { ms: run.ms, cpuMs: (childrenCpuMs() ?? Number.NaN) - cpu, stderr: run.stderr };
      };
      const audioFor = (text: string) => {
        writeFileSync(script, text);
        podc(["run", "--local", "--no-build"]);
      };
      context.log("  making the episode's audio with the local service (not timed) …");
      audioFor(original);
      podc(["build", "--local"]);
      const chapters = JSON.parse(readFileSync(join(dir, "out", "local", NAME, `${NAME}.chapters.json`), "utf8")) as { chapters: { endTime: number }[] };
      const audioMs = chapters.chapters.at(-1)!.endTime * 1000;

      const edit = { wall: [] as number[], cpu: [] as number[] };
      const pick = { wall: [] as number[], cpu: [] as number[] };
      const editFull = { wall: [] as number[], cpu: [] as number[] };
      const pickFull = { wall: [] as number[], cpu: [] as number[] };
      // Each change is made on top of the last, as a writer works: one line, then one Pick, then the next line.
      const lines = original.split("\n");
      const spoken = lines.flatMap((line, i) => (/^(HOST|GUEST): /.test(line) ? [i] : []));
      let secondTake = false;
      const text = () => {
        const joined = lines.join("\n");
        return secondTake ? joined.replace("Style: folk, waltz", "Pick: 2\nStyle: folk, waltz") : joined;
      };
      const requestCount = () => {
        writeFileSync(script, text());
        const compiled = context.node([context.launcher, "compile", `${NAME}.pod`], { cwd: dir, env });
        return (JSON.parse(compiled.stdout) as { requests: unknown[] }).requests.length;
      };
      const count = requestCount();
      // A warm-up round, then `runs` rounds; a line no word can change without moving a cut point is passed over.
      let rounds = 0;
      for (let i = 0; rounds < context.runs + 1 && i < spoken.length; i++) {
        // A different line each time, changed by a word: one request's audio is new, as after a writer's edit. The
        // word is one that leaves the section cut as it was: an edit that moves a cut point renumbers the files after
        // it, which measures the runner's renaming, not the build.
        const at = spoken[(i * 7) % spoken.length]!;
        const before = lines[at]!;
        for (const word of ["Well, ", "So, ", "Now, ", "And ", "But ", "Yes, ", "Look, "]) {
          lines[at] = before.replace(": ", `: ${word}`);
          if (requestCount() === count) break;
          lines[at] = before;
        }
        if (lines[at] === before) continue;
        const baselineFirst = rounds % 2 === 1;
        /** The rebuild, and a build from nothing of the same inputs in the copy, in this round's order. */
        const pair = () => {
          writeFileSync(join(copy, `${NAME}.pod`), text());
          rmSync(join(copy, "out"), { recursive: true, force: true });
          cpSync(join(dir, "out"), join(copy, "out"), { recursive: true, filter: (path) => !path.includes("build-cache") });
          const baseline = baselineFirst ? podc(["build", "--local", "--force"], copy) : undefined;
          const rebuilt = podc(["build", "--local"]);
          return { rebuilt, fromNothing: baseline ?? podc(["build", "--local", "--force"], copy) };
        };
        audioFor(text());
        const afterEdit = pair();
        // The other take of the first song: nothing is sent, one take's audio is new to the episode.
        secondTake = !secondTake;
        audioFor(text());
        const afterPick = pair();
        if (!/measurements made/.test(afterEdit.rebuilt.stderr) || !/measurements made/.test(afterPick.rebuilt.stderr))
          throw new Error(`a rebuild measured everything again: ${afterEdit.rebuilt.stderr.trim().split("\n").pop()}`);
        if (rounds++ === 0) continue; // warm-up
        for (const [series, baseline, run] of [
          [edit, editFull, afterEdit],
          [pick, pickFull, afterPick],
        ] as const) {
          series.wall.push(run.rebuilt.ms);
          series.cpu.push(run.rebuilt.cpuMs);
          baseline.wall.push(run.fromNothing.ms);
          baseline.cpu.push(run.fromNothing.cpuMs);
        }
      }
      const figures: Figure[] = [];
      for (const [id, what, series, full] of [
        ["edit", "a one-line edit", edit, editFull],
        ["pick", "a new Pick", pick, pickFull],
      ] as const) {
        figures.push({
          id: `rebuild.${id}`,
          label: `podc build after ${what}, ${(audioMs / 60_000).toFixed(1)} min of audio, against the audio's duration`,
          unit: "ms",
          value: summarize(series.wall),
          ratio: { ...summarize(series.wall.map((ms) => ms / audioMs)), of: "build time ÷ audio duration" },
          target: { op: "<=", value: 0.01 },
        });
        figures.push({
          id: `rebuild.${id}.seconds`,
          label: `podc build after ${what}, in seconds, against a build from nothing of the same inputs (--force), paired`,
          unit: "ms",
          value: summarize(series.wall),
          baseline: { label: "podc build --force", unit: "ms", value: summarize(full.wall) },
          ratio: { ...summarize(series.wall.map((ms, i) => ms / full.wall[i]!)), of: "build time ÷ build time from nothing" },
        });
        figures.push({
          id: `rebuild.${id}.cpu`,
          label: `CPU of podc build after ${what} against a build from nothing of the same inputs (--force)`,
          unit: "ms",
          value: summarize(series.cpu),
          baseline: { label: "podc build --force (CPU)", unit: "ms", value: summarize(full.cpu) },
          ratio: { ...summarize(series.cpu.map((ms, i) => ms / full.cpu[i]!)), of: "CPU after the change ÷ CPU from nothing" },
          target: { op: "<=", value: 0.3 },
        });
      }
      const full = [...editFull.wall, ...pickFull.wall];
      figures.push({
        id: "rebuild.full",
        label: "podc build --force of the same episode (a build from nothing), against the audio's duration (information)",
        unit: "ms",
        value: summarize(full),
        ratio: { ...summarize(full.map((ms) => ms / audioMs)), of: "build time ÷ audio duration" },
      });
      return figures;
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(copy, { recursive: true, force: true });
    }
  },
};
