/*
 * Two things a listener hears of how the episode is made: every piece at one loudness, however loud the service made
 * it (levelling), and an mp3 joined from pieces encoded apart that plays as one (no gap, no click, no drift). The
 * episode is built as mp3 and flac: the flac is mixed and encoded whole, so it is the reference the joined mp3 must
 * follow, clip by clip.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { podc } from "../run/helpers.js";
import { exampleRepo, FFMPEG_AVAILABLE, FFMPEG_REQUIRED, loudness, SHELL_ENV } from "./helpers.js";

const repos: string[] = [];
afterAll(() => {
  for (const dir of repos) rmSync(dir, { recursive: true, force: true });
});

const SCRIPT = "examples/lighthouse-keepers.pod";
const NAME = "lighthouse-keepers";
const RATE = 44_100;
/** One mp3 frame, in samples: the tolerance the issue allows, and more than the millisecond the mp3 keeps. */
const FRAME = 1152;
const QUIETER_DB = 12;

/** The audio of `file`, mono, at 44.1 kHz, as a player decodes it (the mp3's encoder delay and padding cut off). */
function decoded(file: string): Float32Array {
  const run = spawnSync("ffmpeg", ["-v", "error", "-i", file, "-ac", "1", "-ar", String(RATE), "-f", "f32le", "-"], { maxBuffer: 512 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`ffmpeg cannot decode ${file}: ${run.stderr.toString()}`);
  return new Float32Array(run.stdout.buffer, run.stdout.byteOffset, run.stdout.byteLength / 4);
}

/** The shift (in samples, within ±`most`) that best lays `b` over `a` on the half second of audio from `at`. */
function lag(a: Float32Array, b: Float32Array, at: number, most: number): number {
  let best = 0;
  let bestScore = -Infinity;
  for (let shift = -most; shift <= most; shift++) {
    let score = 0;
    for (let i = at; i < at + RATE / 2; i++) score += a[i]! * (b[i + shift] ?? 0);
    if (score > bestScore) [best, bestScore] = [shift, score];
  }
  return best;
}

/** Integrated loudness of `file` from `from` to `to` seconds. */
function loudnessBetween(file: string, from: number, to: number): number {
  const run = spawnSync("ffmpeg", ["-hide_banner", "-nostats", "-ss", String(from), "-to", String(to), "-i", file, "-af", "ebur128", "-f", "null", "-"], {
    encoding: "utf8",
  });
  return Number(/I:\s*(-?[\d.]+) LUFS/.exec(run.stderr.slice(run.stderr.lastIndexOf("Summary:")))?.[1]);
}

describe.runIf(FFMPEG_AVAILABLE || FFMPEG_REQUIRED)("levelled pieces, and an mp3 joined from them", () => {
  let folder: string;
  let chapters: { startTime: number; endTime: number; title: string }[];

  beforeAll(async () => {
    expect(FFMPEG_AVAILABLE, "ffmpeg is not installed (apt-get install ffmpeg)").toBe(true);
    const dir = exampleRepo(NAME, repos);
    writeFileSync(join(dir, "podc.json"), JSON.stringify({ build: { formats: ["mp3", "flac"] } }));
    folder = join(dir, "out", "local", NAME);
    const first = await podc(["run", "--local", SCRIPT], dir, SHELL_ENV);
    expect(first.code, first.stderr).toBe(0);
    // The service made one request far quieter than the others: the introduction, 12 dB down.
    const manifestFile = join(folder, "manifest.json");
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
    const entry = manifest.requests
      .flatMap((r: { files: { path: string; bytes: number; sha256: string }[] }) => r.files)
      .find((f: { path: string }) => f.path.includes("introduction"));
    const wav = join(folder, entry.path);
    const quieter = `${wav}.quieter.wav`;
    expect(spawnSync("ffmpeg", ["-v", "error", "-y", "-i", wav, "-af", `volume=-${QUIETER_DB}dB`, "-c:a", "pcm_s16le", quieter]).status).toBe(0);
    const bytes = readFileSync(quieter);
    writeFileSync(wav, bytes);
    rmSync(quieter);
    Object.assign(entry, { bytes: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") });
    writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
    const build = await podc(["build", "--local", SCRIPT], dir, SHELL_ENV);
    expect(build.code, build.stderr).toBe(0);
    chapters = JSON.parse(readFileSync(join(folder, `${NAME}.chapters.json`), "utf8")).chapters;
    expect(chapters.length).toBeGreaterThan(4);
  }, 300_000);

  it("brings every piece to one loudness, the quieter one too, and the episode to its target", () => {
    for (const format of ["mp3", "flac"]) {
      const file = join(folder, `${NAME}.${format}`);
      const levels = chapters.map((c) => loudnessBetween(file, c.startTime, c.endTime));
      expect(Math.max(...levels) - Math.min(...levels), `${format}: ${levels.join(", ")}`).toBeLessThanOrEqual(1);
      expect(Math.abs(loudness(file).integrated - -16), format).toBeLessThanOrEqual(1);
    }
  });

  it("joins the mp3's pieces with no gap and no drift: every chapter starts and ends where the flac's does", () => {
    const mp3 = decoded(join(folder, `${NAME}.mp3`));
    const flac = decoded(join(folder, `${NAME}.flac`));
    // The mp3 is as long as the episode, to the millisecond: no frame lost or added at a joint.
    expect(Math.abs(mp3.length - flac.length)).toBeLessThanOrEqual(RATE / 1000);
    for (const chapter of chapters) {
      // Where each clip starts, and the last second of each: the same sound at the same time in both, within a
      // millisecond (the mp3's clips start on its frame grid, the flac's on the millisecond).
      for (const at of [chapter.startTime + 0.2, chapter.endTime - 1.5]) {
        const shift = lag(flac, mp3, Math.round(at * RATE), FRAME / 4);
        expect(Math.abs(shift), `${chapter.title} at ${at.toFixed(2)} s`).toBeLessThanOrEqual(RATE / 1000);
      }
      // The joint before a chapter falls in its silence: no click there.
      const joint = Math.round(chapter.startTime * RATE) - 3 * FRAME;
      if (chapter.startTime > 0) expect(Math.max(...mp3.subarray(joint - FRAME, joint + FRAME).map(Math.abs)), chapter.title).toBeLessThan(0.01);
    }
  });
});
