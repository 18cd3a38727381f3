/*
 * The script's pauses in the built episode, measured in the mp3 with ffmpeg's silencedetect: each pause is the silence
 * written, whether it sits between two turns of one request (the voices' own pause replaced at the aligned boundary) or
 * before a request (the gap replaced, the lead-in and tail trimmed); and the transcript's turns start after it.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { podc } from "../run/helpers.js";
import { FFMPEG_AVAILABLE, FFMPEG_REQUIRED, SHELL_ENV } from "./helpers.js";

const SCRIPT = `Title: Pauses
Cast:
    HOST: Ethan
    GUEST: Victoria

HOST: Good evening, and welcome to a night on the coast.
GUEST: (pause 2s) Thank you. It is good to be here tonight.
HOST: Tell me about the lighthouse.
(pause 3s)
I mean the old one, by the harbour.

# Part two

GUEST: (pause 2s) The sea was calm that night, and the lamp was turning.
HOST: And then?
`;

/** Stretches of the file quieter than -50 dBFS for at least 1.2 s, in seconds. */
function silences(file: string): number[] {
  const run = spawnSync("ffmpeg", ["-hide_banner", "-nostats", "-i", file, "-af", "silencedetect=noise=-50dB:d=1.2", "-f", "null", "-"], { encoding: "utf8" });
  return [...run.stderr.matchAll(/silence_duration: ([\d.]+)/g)].map((m) => Number(m[1]));
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.runIf(FFMPEG_AVAILABLE || FFMPEG_REQUIRED)("pauses in the built episode", () => {
  let dir: string;
  let folder: string;
  beforeAll(async () => {
    expect(FFMPEG_AVAILABLE, "ffmpeg is not installed (apt-get install ffmpeg)").toBe(true);
    dir = mkdtempSync(join(tmpdir(), "podc-pauses-"));
    dirs.push(dir);
    mkdirSync(join(dir, ".git"));
    writeFileSync(join(dir, "pauses.pod"), SCRIPT);
    const run = await podc(["run", "--local", "pauses.pod"], dir, SHELL_ENV);
    expect(run.code, run.stderr).toBe(0);
    folder = join(dir, "out", "local", "pauses");
  }, 180_000);

  it("each (pause Ns) is N s ± 50 ms of silence in the mp3, between turns of one request and before a request alike", () => {
    const found = silences(join(folder, "pauses.mp3"));
    expect(found).toHaveLength(3);
    for (const [i, seconds] of [2, 3, 2].entries()) expect(Math.abs(found[i]! - seconds), `pause ${i + 1}: ${found[i]} s`).toBeLessThanOrEqual(0.05);
  });

  it("the transcript's turns after a pause start where the pause ends", () => {
    const transcript = JSON.parse(readFileSync(join(folder, "pauses.transcript.json"), "utf8"));
    const segments: { speaker?: string; startTime: number; endTime: number; body: string }[] = transcript.segments;
    expect(segments.map((s) => s.body)).toEqual([
      "Good evening, and welcome to a night on the coast.",
      "Thank you. It is good to be here tonight.",
      "Tell me about the lighthouse.",
      "I mean the old one, by the harbour.",
      "The sea was calm that night, and the lamp was turning.",
      "And then?",
    ]);
    const run = spawnSync(
      "ffmpeg",
      ["-hide_banner", "-nostats", "-i", join(folder, "pauses.mp3"), "-af", "silencedetect=noise=-50dB:d=1.2", "-f", "null", "-"],
      {
        encoding: "utf8",
      },
    );
    const ends = [...run.stderr.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1]));
    for (const [k, turn] of [1, 3, 4].entries()) expect(Math.abs(segments[turn]!.startTime - ends[k]!), `turn ${turn}`).toBeLessThanOrEqual(0.1);
  });
});
