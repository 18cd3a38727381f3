/*
 * examples/harbour-names, the example of every sound feature of the script, built once with `podc run --local`: its
 * pauses are measured in the mp3 (ffmpeg silencedetect), its transcript keeps the lexicon's written words, the episode
 * is at its loudness target, and its sound cues are where they are written: the effect starts with its turn, the bed
 * sits under the voices, the stinger adds its time between the parts. The cues are measured as what they add: the
 * episode is built once as written and once without its SFX and BED lines (the same requests, so the same speech,
 * mixed the same way), and the second is taken from the first. The effect is found in the mp3s; the bed is measured in
 * FLAC, which the example's copy also asks for, since the mp3 encoder's noise on the speech would be counted as bed.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { podc, ROOT } from "../run/helpers.js";
import { FFMPEG_AVAILABLE, FFMPEG_REQUIRED, loudness, SHELL_ENV } from "./helpers.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Segment {
  speaker: string;
  startTime: number;
  endTime: number;
  body: string;
}

/** What the first file has that the second has not (both decoded, sample for sample), written to `out`. */
function difference(a: string, b: string, out: string): void {
  const run = spawnSync("ffmpeg", ["-v", "error", "-i", a, "-i", b, "-filter_complex", "[1:a]volume=-1[n];[0:a][n]amix=inputs=2:normalize=0", "-y", out]);
  expect(run.status, String(run.stderr)).toBe(0);
}

/** Short-term loudness (LUFS) of a file every 100 ms, by the time it is measured at (the 3 s before it). */
function shortTerm(file: string): Map<number, number> {
  const run = spawnSync("ffmpeg", ["-hide_banner", "-nostats", "-i", file, "-af", "ebur128=framelog=info", "-f", "null", "-"], { encoding: "utf8" });
  const found = new Map<number, number>();
  for (const m of run.stderr.matchAll(/t:\s*([\d.]+)\s+TARGET.*?S:\s*(-?[\d.]+)/g)) found.set(Math.round(Number(m[1]) * 10), Number(m[2]));
  return found;
}

describe.runIf(FFMPEG_AVAILABLE || FFMPEG_REQUIRED)("examples/harbour-names built with podc run --local", () => {
  let folder: string;
  let segments: Segment[];
  /** The transcript and the captions of the episode as written (the second build writes its own). */
  let written: { transcript: string; captions: string };
  const file = (name: string) => join(folder, name);
  beforeAll(async () => {
    expect(FFMPEG_AVAILABLE, "ffmpeg is not installed (apt-get install ffmpeg)").toBe(true);
    const dir = mkdtempSync(join(tmpdir(), "podc-sounds-"));
    dirs.push(dir);
    mkdirSync(join(dir, ".git"));
    const example = join(dir, "examples", "harbour-names");
    cpSync(join(ROOT, "examples", "harbour-names"), example, { recursive: true });
    const config = JSON.parse(readFileSync(join(example, "podc.json"), "utf8"));
    writeFileSync(join(example, "podc.json"), JSON.stringify({ ...config, build: { formats: ["mp3", "flac"] } }));
    const script = join(example, "harbour-names.pod");
    const build = async () => {
      const run = await podc(["run", "--local", "examples/harbour-names/harbour-names.pod"], dir, SHELL_ENV);
      expect(run.code, run.stderr).toBe(0);
      return run;
    };
    await build();
    folder = join(example, "out", "local", "harbour-names");
    written = { transcript: readFileSync(file("harbour-names.transcript.json"), "utf8"), captions: readFileSync(file("harbour-names.vtt"), "utf8") };
    segments = JSON.parse(written.transcript).segments;
    for (const format of ["mp3", "flac"]) renameSync(file(`harbour-names.${format}`), file(`with-cues.${format}`));
    const text = readFileSync(script, "utf8");
    writeFileSync(script, text.replace(/^(SFX|BED) .*$/gm, ""));
    const again = await build();
    // The same requests: nothing is sent again, only mixed.
    expect(again.stderr).not.toMatch(/sent [1-9]/);
  }, 300_000);

  it("has each pause as written, ± 50 ms: (pause 2s), (beat), (pause 2s) opening a section, (pause 3s)", () => {
    const run = spawnSync("ffmpeg", ["-hide_banner", "-nostats", "-i", file("with-cues.mp3"), "-af", "silencedetect=noise=-50dB:d=0.9", "-f", "null", "-"], {
      encoding: "utf8",
    });
    const found = [...run.stderr.matchAll(/silence_duration: ([\d.]+)/g)].map((m) => Number(m[1]));
    expect(found).toHaveLength(4);
    for (const [i, seconds] of [2, 1, 2, 3].entries()) expect(Math.abs(found[i]! - seconds), `pause ${i + 1}: ${found[i]} s`).toBeLessThanOrEqual(0.05);
  });

  it("shows the written words of the lexicon in the transcript and captions, never the respelling", () => {
    for (const text of [written.transcript, written.captions]) {
      expect(text).toContain("Saoirse Nguyen kept the port of Dún Laoghaire");
      expect(text).toContain("Nguyen the Lamp");
      expect(text).not.toMatch(/Sur-sha|Dun Leery|\bWin\b/);
    }
  });

  it("starts the bell within 50 ms of HOST's turn it is written before", () => {
    difference(file("with-cues.mp3"), file("harbour-names.mp3"), file("cues.wav"));
    const run = spawnSync("ffmpeg", ["-hide_banner", "-nostats", "-i", file("cues.wav"), "-af", "silencedetect=noise=-60dB:d=0.5", "-f", "null", "-"], {
      encoding: "utf8",
    });
    const onset = Number(/silence_end: ([\d.]+)/.exec(run.stderr)?.[1]);
    const turn = segments.find((s) => s.body.startsWith("And in Dún Laoghaire"))!;
    expect(Math.abs(onset - turn.startTime), `bell at ${onset} s, turn at ${turn.startTime} s`).toBeLessThanOrEqual(0.05);
  });

  it("keeps the bed at least 12 dB under the voices while they speak", () => {
    difference(file("with-cues.flac"), file("harbour-names.flac"), file("bed.wav"));
    const bed = shortTerm(file("bed.wav"));
    const speech = shortTerm(file("harbour-names.mp3"));
    // Every moment whose short-term window (the 3 s before it) lies inside one turn of the bed's part.
    const turns = segments.filter((s) => s.startTime >= 44 && s.body !== "Thank you for telling it.");
    const moments = turns.flatMap((s) => [...bed.keys()].filter((t) => t / 10 - 3 >= s.startTime && t / 10 <= s.endTime));
    expect(moments.length).toBeGreaterThan(50);
    for (const t of moments) expect(speech.get(t)! - bed.get(t)!, `at ${t / 10} s`).toBeGreaterThanOrEqual(12);
    // And the bed is there: heard where nobody speaks, at its fade-in before the first turn of its part.
    expect(Math.max(...[...bed.entries()].filter(([t]) => t > 440 && t < 700).map(([, s]) => s))).toBeGreaterThan(-40);
  });

  it("plays the stinger alone between the parts: the part after it starts later by its length and a gap", () => {
    const before = segments.find((s) => s.body.startsWith("They do."))!;
    const after = segments.find((s) => s.body.startsWith("The morning after"))!;
    // The usual gap (0.6 s), the stinger (2 s) and a gap after it; each clip starts on the mp3's frame grid (docs/build.md),
    // so a gap may be up to one frame (1152 samples at 44.1 kHz, 26 ms) longer.
    const gap = after.startTime - before.endTime;
    expect(gap).toBeGreaterThan(3.2 - 0.005);
    expect(gap).toBeLessThan(3.2 + 0.027);
    const stats = spawnSync(
      "ffmpeg",
      [
        "-v",
        "info",
        "-ss",
        String(before.endTime + 0.7),
        "-t",
        "1.5",
        "-i",
        file("with-cues.mp3"),
        "-af",
        "astats=measure_overall=RMS_level",
        "-f",
        "null",
        "-",
      ],
      { encoding: "utf8" },
    );
    expect(Number(/RMS level dB: (-?[\d.]+)/.exec(stats.stderr)?.[1])).toBeGreaterThan(-40);
  });

  it("is within 1 LU of its loudness target (-16 LUFS) with every cue in it", () => {
    expect(Math.abs(loudness(file("with-cues.mp3")).integrated + 16)).toBeLessThanOrEqual(1);
  });
});
