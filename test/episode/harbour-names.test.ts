/*
 * The example that uses every sound feature of the script (examples/harbour-names/harbour-names.pod): the shared intro
 * it includes, an effect, a bed of a file, a stinger, a song as a bed, pauses ((pause 2s), (beat), (pause), (pause 3s)),
 * a direction that is not rendered, and the lexicon. Built with `podc run --local`, as written and once more without its
 * cues and its song bed (the same requests less the bed's song, so the same speech mixed the same way: nothing is sent
 * again); what the cues add is the first less the second. Measured in the built audio: the pauses in the mp3 (ffmpeg
 * silencedetect), the effect's start in the mp3s, both beds against the speech in short-term loudness (ffmpeg ebur128,
 * in FLAC, which the copy also asks for, since the mp3 encoder's noise on the speech would be counted as bed), the
 * episode's loudness, the stinger's place, and the transcript's words.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { podc } from "../run/helpers.js";
import { copyExample, difference, FFMPEG_AVAILABLE, FFMPEG_REQUIRED, loudness, SHELL_ENV, shortTerm, silences } from "./helpers.js";

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

describe.runIf(FFMPEG_AVAILABLE || FFMPEG_REQUIRED)("examples/harbour-names built with podc run --local", () => {
  let folder: string;
  let segments: Segment[];
  let page: string;
  const file = (name: string) => join(folder, name);
  const turn = (start: string) => segments.find((s) => s.body.startsWith(start))!;
  beforeAll(async () => {
    expect(FFMPEG_AVAILABLE, "ffmpeg is not installed (apt-get install ffmpeg)").toBe(true);
    const dir = mkdtempSync(join(tmpdir(), "podc-harbour-"));
    dirs.push(dir);
    mkdirSync(join(dir, ".git"));
    const example = join(dir, "examples", "harbour-names");
    copyExample("harbour-names", example);
    const config = JSON.parse(readFileSync(join(example, "podc.json"), "utf8"));
    writeFileSync(join(example, "podc.json"), JSON.stringify({ ...config, build: { formats: ["mp3", "flac"] } }));
    const script = join(example, "harbour-names.pod");
    const build = async () => {
      const run = await podc(["run", "--local", "examples/harbour-names/harbour-names.pod"], dir, SHELL_ENV);
      expect(run.code, run.stderr).toBe(0);
      return run;
    };
    await build();
    // The project is the example's folder: its podc.json holds the lexicon.
    folder = join(example, "out", "local", "harbour-names");
    segments = JSON.parse(readFileSync(file("harbour-names.transcript.json"), "utf8")).segments;
    for (const format of ["mp3", "flac"]) renameSync(file(`harbour-names.${format}`), file(`with-cues.${format}`));
    page = readFileSync(file("index.html"), "utf8");
    const text = readFileSync(script, "utf8");
    const bare = text.replace(/^(SFX|BED) .*$/gm, "").replace(/^SONG: Lamp Light$[\s\S]*?^END SONG$/m, "");
    expect(bare).not.toMatch(/Play: bed|SFX|BED/);
    writeFileSync(script, bare);
    const again = await build();
    // The same requests, less the bed's song: nothing is sent again, only mixed.
    expect(again.stderr).not.toMatch(/sent [1-9]/);
    const bareSegments: Segment[] = JSON.parse(readFileSync(file("harbour-names.transcript.json"), "utf8")).segments;
    // A song bed takes no place of its own: without it (and without the file bed and the effect) every turn is where it was.
    expect(bareSegments.map((s) => [s.body, s.startTime])).toEqual(segments.map((s) => [s.body, s.startTime]));
  }, 300_000);

  it("performs the included intro first, as the episode's own first chapter", () => {
    expect(segments[0]!.body).toMatch(/^This is Harbour Names/);
    const chapters = JSON.parse(readFileSync(file("harbour-names.chapters.json"), "utf8")).chapters.map((c: { title: string }) => c.title);
    expect(chapters).toEqual(["Intro", "Cold open", "The ferry", "After the storm", "The lamp"]);
  });

  it("has each pause as written, ± 50 ms: (pause 2s), (beat), (pause) opening a section, (pause 3s), and no other silence", () => {
    const found = silences(file("with-cues.mp3"), -50, 0.9);
    // Every silence of 0.9 s or more, by the turn it ends at: the four pauses, and the two changes of section that have
    // neither a pause, a stinger nor a bed (the usual gap, with the silence the voices leave at a request's edges).
    const expected: [string, number | "gap"][] = [
      ["Tonight, a harbour master", "gap"],
      ["Not all of them", 2],
      ["The one you never talk about", 1],
      ["Tell me about the ferry", 2],
      ["And then the lights went out", 3],
      ["Some nights", "gap"],
    ];
    expect(found.ends).toHaveLength(expected.length);
    for (const [i, [start, seconds]] of expected.entries()) {
      const at = turn(start).startTime;
      expect(Math.abs(found.ends[i]! - at), `silence ${i + 1} ends at ${found.ends[i]} s, "${start}" starts at ${at} s`).toBeLessThanOrEqual(0.05);
      if (seconds === "gap") expect(found.durations[i]!, `silence ${i + 1}`).toBeLessThan(1.5);
      else expect(Math.abs(found.durations[i]! - seconds), `pause before "${start}": ${found.durations[i]} s`).toBeLessThanOrEqual(0.05);
    }
  });

  it("starts the bell within 50 ms of HOST's turn it is written before", () => {
    difference(file("with-cues.mp3"), file("harbour-names.mp3"), file("cues.wav"));
    const onset = silences(file("cues.wav"), -60, 0.5).ends[0]!;
    const at = turn("And in Dún Laoghaire").startTime;
    expect(Math.abs(onset - at), `bell at ${onset} s, turn at ${at} s`).toBeLessThanOrEqual(0.05);
  });

  it("keeps both beds, the file's and the song's, at least 12 dB under the voices while they speak, and heard", () => {
    difference(file("with-cues.flac"), file("harbour-names.flac"), file("beds.wav"));
    const bed = shortTerm(file("beds.wav"));
    const speech = shortTerm(file("harbour-names.flac"));
    // Every moment whose short-term window (the 3 s before it) lies inside one turn of a bed's stretch.
    const inside = (turns: Segment[]) => turns.flatMap((s) => [...bed.keys()].filter((t) => t / 10 - 3 >= s.startTime && t / 10 <= s.endTime));
    const after = (first: string, last: string) => segments.slice(segments.indexOf(turn(first)), segments.indexOf(turn(last)) + 1);
    const stretches = { file: after("The morning after", "The ferry was tied up"), song: after("Some nights", "Saoirse Nguyen, harbour master") };
    for (const [which, turns] of Object.entries(stretches)) {
      const moments = inside(turns);
      expect(moments.length, which).toBeGreaterThan(30);
      for (const t of moments) expect(speech.get(t)! - bed.get(t)!, `${which} bed at ${t / 10} s`).toBeGreaterThanOrEqual(12);
      // And the bed is there under the voices, not silent.
      const levels = moments.map((t) => bed.get(t)!).sort((a, b) => a - b);
      expect(levels[levels.length >> 1], `${which} bed's median`).toBeGreaterThan(-50);
    }
    // The file's bed is heard where nobody speaks too, at its fade-in before the first turn of its part.
    const start = Math.round(turn("The morning after").startTime * 10);
    expect(Math.max(...[...bed.entries()].filter(([t]) => t > start && t < start + 260).map(([, s]) => s))).toBeGreaterThan(-40);
  });

  it("plays the stinger alone between the parts: the part after it starts later by its length and a gap", () => {
    const before = turn("They do.");
    const after = turn("The morning after");
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

  it("is within 1 LU of its loudness target (-16 LUFS) with every cue and the song bed in it", () => {
    expect(Math.abs(loudness(file("with-cues.mp3")).integrated + 16)).toBeLessThanOrEqual(1);
  });

  it("shows the written words of the lexicon in the transcript and captions, never the respelling", () => {
    const transcript = readFileSync(file("harbour-names.transcript.json"), "utf8");
    const captions = readFileSync(file("harbour-names.vtt"), "utf8");
    for (const text of [transcript, captions]) {
      expect(text).toContain("Saoirse Nguyen kept the port of Dún Laoghaire");
      expect(text).toContain("Nguyen the Lamp");
      expect(text).not.toMatch(/Sur-sha|Dun Leery|\bWin\b/);
    }
  });

  it("lists the song bed on the page with its take, named a bed, and never as a chapter or a line of the transcript", () => {
    expect(page).toContain("Lamp Light (bed)");
    expect(segments.some((s) => /Lamp Light|Instrumental/.test(s.body))).toBe(false);
  });
});
