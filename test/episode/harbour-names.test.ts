/*
 * The example that uses every sound feature of the script (examples/harbour-names): built with `podc run --local`,
 * its pauses are measured in the mp3 (ffmpeg silencedetect), its transcript keeps the lexicon's written words, and
 * the episode is at its loudness target.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { podc, ROOT } from "../run/helpers.js";
import { FFMPEG_AVAILABLE, FFMPEG_REQUIRED, loudness, SHELL_ENV } from "./helpers.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.runIf(FFMPEG_AVAILABLE || FFMPEG_REQUIRED)("examples/harbour-names built with podc run --local", () => {
  let folder: string;
  beforeAll(async () => {
    expect(FFMPEG_AVAILABLE, "ffmpeg is not installed (apt-get install ffmpeg)").toBe(true);
    const dir = mkdtempSync(join(tmpdir(), "podc-harbour-"));
    dirs.push(dir);
    mkdirSync(join(dir, ".git"));
    cpSync(join(ROOT, "examples", "harbour-names"), join(dir, "examples", "harbour-names"), { recursive: true });
    const run = await podc(["run", "--local", "examples/harbour-names/harbour-names.pod"], dir, SHELL_ENV);
    expect(run.code, run.stderr).toBe(0);
    // The project is the example's folder: its podc.json holds the lexicon.
    folder = join(dir, "examples", "harbour-names", "out", "local", "harbour-names");
  }, 180_000);

  it("has each pause as written, ± 50 ms: (pause 2s), (beat), (pause 2s) opening a section, (pause 3s)", () => {
    const run = spawnSync(
      "ffmpeg",
      ["-hide_banner", "-nostats", "-i", join(folder, "harbour-names.mp3"), "-af", "silencedetect=noise=-50dB:d=0.9", "-f", "null", "-"],
      {
        encoding: "utf8",
      },
    );
    const found = [...run.stderr.matchAll(/silence_duration: ([\d.]+)/g)].map((m) => Number(m[1]));
    expect(found).toHaveLength(4);
    for (const [i, seconds] of [2, 1, 2, 3].entries()) expect(Math.abs(found[i]! - seconds), `pause ${i + 1}: ${found[i]} s`).toBeLessThanOrEqual(0.05);
  });

  it("shows the written words of the lexicon in the transcript and captions, never the respelling", () => {
    const transcript = readFileSync(join(folder, "harbour-names.transcript.json"), "utf8");
    const captions = readFileSync(join(folder, "harbour-names.vtt"), "utf8");
    for (const text of [transcript, captions]) {
      expect(text).toContain("Saoirse Nguyen kept the port of Dún Laoghaire");
      expect(text).toContain("Nguyen the Lamp");
      expect(text).not.toMatch(/Sur-sha|Dun Leery|\bWin\b/);
    }
  });

  it("is within 1 LU of its loudness target (-16 LUFS)", () => {
    expect(Math.abs(loudness(join(folder, "harbour-names.mp3")).integrated + 16)).toBeLessThanOrEqual(1);
  });
});
