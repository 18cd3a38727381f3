import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import type { Captured } from "../cli/io-helper.js";
import { podc, ROOT } from "../run/helpers.js";

/** ffmpeg and ffprobe on this machine; CI (PODC_REQUIRE_FFMPEG=1) requires them, elsewhere their tests are skipped. */
export const FFMPEG_AVAILABLE = spawnSync("ffmpeg", ["-version"]).status === 0 && spawnSync("ffprobe", ["-version"]).status === 0;
export const FFMPEG_REQUIRED = process.env.PODC_REQUIRE_FFMPEG === "1";

/** The environment a writer's shell gives podc: the PATH, where ffmpeg is. */
export const SHELL_ENV = { PATH: process.env.PATH ?? "" };

/** A fresh repository holding one example script, as a new user has after cloning. */
export function exampleRepo(name: string, made: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), "podc-build-"));
  made.push(dir);
  mkdirSync(join(dir, ".git"));
  mkdirSync(join(dir, "examples"));
  copyFileSync(join(ROOT, "examples", `${name}.pod`), join(dir, "examples", `${name}.pod`));
  return dir;
}

/** The README's example, its chapters (one per section and song), and the command that fetches its audio again. */
/**
 * Copies the example folder `examples/<name>` to `target` as the repository holds it: without the run state and the
 * episodes a writer's own `podc run --local` of the example left in the checkout (`.podc/`, `out/`), which would
 * otherwise count in the copy's ledger and journal.
 */
export function copyExample(name: string, target: string): void {
  cpSync(join(ROOT, "examples", name), target, { recursive: true, filter: (source) => ![".podc", "out"].includes(basename(source)) });
}

export const EXAMPLE_SCRIPT = "examples/lighthouse-keepers.pod";
export const EXAMPLE_CHAPTERS = ["Cold open", "Introduction", "Keeper's Waltz", "The last night", "Automatic Light", "Outro"];
export const EXAMPLE_FIX = `podc run --local ${EXAMPLE_SCRIPT}`;

/**
 * A fresh repository holding the README's example after its first command, `podc run --local`, which builds the
 * episode: the repository, the episode's folder and what the run printed.
 */
export async function exampleRun(made: string[]): Promise<{ dir: string; folder: string; first: Captured }> {
  const dir = exampleRepo("lighthouse-keepers", made);
  const first = await podc(["run", "--local", EXAMPLE_SCRIPT], dir, SHELL_ENV);
  return { dir, folder: join(dir, "out", "local", "lighthouse-keepers"), first };
}

/** Hidden temporary files a write left behind. */
export const leftovers = (folder: string): string[] => readdirSync(folder).filter((name) => name.startsWith("."));

export const sha256 = (file: string): string => createHash("sha256").update(readFileSync(file)).digest("hex");

/** What ffprobe says of a file's chapters and tags. */
export function probe(file: string): {
  chapters: { start_time: string; end_time: string; tags: { title: string } }[];
  format: { duration: string; tags: Record<string, string> };
} {
  const run = spawnSync("ffprobe", ["-v", "error", "-show_chapters", "-show_format", "-of", "json", file], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`ffprobe failed on ${file}: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

/** Integrated loudness (LUFS) and true peak (dBTP) of a file, as ffmpeg's EBU R128 meter measures them. */
export function loudness(file: string): { integrated: number; truePeak: number } {
  const run = spawnSync("ffmpeg", ["-hide_banner", "-nostats", "-i", file, "-af", "ebur128=peak=true:framelog=verbose", "-f", "null", "-"], {
    encoding: "utf8",
  });
  const summary = run.stderr.slice(run.stderr.lastIndexOf("Summary:"));
  return { integrated: Number(/I:\s*(-?[\d.]+) LUFS/.exec(summary)?.[1]), truePeak: Number(/Peak:\s*(-?[\d.]+) dBFS/.exec(summary)?.[1]) };
}

/** What the first file has that the second has not (both decoded, sample for sample), written to `out`. */
export function difference(a: string, b: string, out: string): void {
  const run = spawnSync("ffmpeg", ["-v", "error", "-i", a, "-i", b, "-filter_complex", "[1:a]volume=-1[n];[0:a][n]amix=inputs=2:normalize=0", "-y", out]);
  if (run.status !== 0) throw new Error(`ffmpeg could not take ${b} from ${a}: ${String(run.stderr)}`);
}

/** Short-term loudness (LUFS) of a file every 100 ms, by the time it is measured at in tenths of a second (the 3 s before it). */
export function shortTerm(file: string): Map<number, number> {
  const run = spawnSync("ffmpeg", ["-hide_banner", "-nostats", "-i", file, "-af", "ebur128=framelog=info", "-f", "null", "-"], { encoding: "utf8" });
  const found = new Map<number, number>();
  for (const m of run.stderr.matchAll(/t:\s*([\d.]+)\s+TARGET.*?S:\s*(-?[\d.]+)/g)) found.set(Math.round(Number(m[1]) * 10), Number(m[2]));
  return found;
}

/**
 * The silences of a file (ffmpeg silencedetect: quieter than `noiseDb` for at least `seconds`): where sound starts again
 * after each, and how long each lasts, in seconds.
 */
export function silences(file: string, noiseDb: number, seconds: number): { ends: number[]; durations: number[] } {
  const run = spawnSync("ffmpeg", ["-hide_banner", "-nostats", "-i", file, "-af", `silencedetect=noise=${noiseDb}dB:d=${seconds}`, "-f", "null", "-"], {
    encoding: "utf8",
  });
  const all = (pattern: RegExp) => [...run.stderr.matchAll(pattern)].map((m) => Number(m[1]));
  return { ends: all(/silence_end: ([\d.]+)/g), durations: all(/silence_duration: ([\d.]+)/g) };
}
