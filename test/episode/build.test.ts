/*
 * `podc run --local` on the README's example ends with the finished episode: what a writer opens — the mp3 with its
 * chapters and tags at podcast loudness, the transcripts, the other formats — and the chapters of scripts that repeat
 * a song or number their scenes. How a build again reacts to what changed on disk: rebuild.test.ts.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readLedger } from "../../src/emulator/ledger.js";
import type { Captured } from "../cli/io-helper.js";
import { podc } from "../run/helpers.js";
import {
  EXAMPLE_CHAPTERS as CHAPTERS,
  EXAMPLE_SCRIPT as SCRIPT,
  exampleRepo,
  exampleRun,
  FFMPEG_AVAILABLE,
  FFMPEG_REQUIRED,
  leftovers,
  loudness,
  probe,
  SHELL_ENV,
} from "./helpers.js";

const repos: string[] = [];
afterAll(() => {
  for (const dir of repos) rmSync(dir, { recursive: true, force: true });
});

describe.runIf(FFMPEG_AVAILABLE || FFMPEG_REQUIRED)("podc build", () => {
  let dir: string;
  let folder: string;
  let first: Captured;
  beforeAll(async () => {
    expect(FFMPEG_AVAILABLE, "ffmpeg is not installed (apt-get install ffmpeg)").toBe(true);
    ({ dir, folder, first } = await exampleRun(repos));
  }, 300_000);

  it("podc run --local ends with the episode: an mp3 with ID3v2.3 tags and a chapter per section and song", () => {
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toBe("out/local/lighthouse-keepers/manifest.json\n");
    expect(first.stderr).toMatch(/podc: built out\/local\/lighthouse-keepers\/lighthouse-keepers\.mp3 \(2:\d\d, 6 chapters\)/);
    const mp3 = join(folder, "lighthouse-keepers.mp3");
    expect(readFileSync(mp3).subarray(0, 4)).toEqual(Buffer.from([0x49, 0x44, 0x33, 3])); // "ID3" version 2.3
    const { chapters, format } = probe(mp3);
    expect(chapters.map((c) => c.tags.title)).toEqual(CHAPTERS);
    expect(Number(chapters[0]!.start_time)).toBe(0);
    for (let i = 1; i < chapters.length; i++) expect(chapters[i]!.start_time).toBe(chapters[i - 1]!.end_time);
    expect(Number(chapters.at(-1)!.end_time)).toBeCloseTo(Number(format.duration), 0);
    expect(format.tags).toMatchObject({ title: "The Lighthouse Keepers", artist: "Mara Quinn", track: "7" });
    for (const file of [
      "lighthouse-keepers.chapters.json",
      "lighthouse-keepers.vtt",
      "lighthouse-keepers.srt",
      "lighthouse-keepers.transcript.json",
      "index.html",
    ]) {
      expect(existsSync(join(folder, file)), file).toBe(true);
    }
    expect(leftovers(folder)).toEqual([]);
  });

  it("is at podcast loudness: -16 LUFS integrated (±1 LU), true peak at most -1 dBTP", () => {
    const { integrated, truePeak } = loudness(join(folder, "lighthouse-keepers.mp3"));
    expect(Math.abs(integrated + 16)).toBeLessThanOrEqual(1);
    expect(truePeak).toBeLessThanOrEqual(-0.7);
  });

  it("writes chapters and transcripts that name the speakers, in time order, with the lyrics during the songs", () => {
    const duration = Number(probe(join(folder, "lighthouse-keepers.mp3")).format.duration);
    const chapters = JSON.parse(readFileSync(join(folder, "lighthouse-keepers.chapters.json"), "utf8"));
    expect(chapters.version).toBe("1.2.0");
    expect(chapters.chapters.map((c: { title: string }) => c.title)).toEqual(CHAPTERS);
    const transcript = JSON.parse(readFileSync(join(folder, "lighthouse-keepers.transcript.json"), "utf8"));
    expect(transcript.version).toBe("1.0.0");
    const segments: { speaker?: string; startTime: number; endTime: number; body: string }[] = transcript.segments;
    const spoken = segments.filter((s) => s.speaker !== undefined);
    expect(spoken).toHaveLength(13); // one per turn of the plan (a speech continued after a direction is one turn)
    expect(new Set(spoken.map((s) => s.speaker))).toEqual(new Set(["HOST", "GUEST"]));
    expect(spoken[0]).toMatchObject({ speaker: "HOST", startTime: 0, body: expect.stringContaining("Some jobs disappear so slowly") });
    for (let i = 0; i < segments.length; i++) {
      expect(segments[i]!.endTime).toBeGreaterThan(segments[i]!.startTime);
      expect(segments[i]!.endTime).toBeLessThanOrEqual(duration + 0.05);
      if (i > 0) expect(segments[i]!.startTime).toBeGreaterThanOrEqual(segments[i - 1]!.endTime);
    }
    const waltz = chapters.chapters[2];
    const lyric = segments.find((s) => s.body.includes("Ninety-nine steps to the lamp room"))!;
    expect(lyric.speaker).toBeUndefined();
    expect(lyric.startTime).toBeGreaterThanOrEqual(waltz.startTime);
    expect(lyric.endTime).toBeLessThanOrEqual(waltz.endTime);

    const vtt = readFileSync(join(folder, "lighthouse-keepers.vtt"), "utf8");
    expect(vtt.startsWith("WEBVTT\n\n1\n00:00:00.000 --> ")).toBe(true);
    expect(vtt).toContain("<v HOST>Some jobs disappear so slowly");
    expect(vtt).toContain("<v GUEST>The last night the lamp turned by hand, yes.");
    expect(vtt).toMatch(/♪ Ninety-nine steps to the lamp room\nNinety-nine steps back down ♪/);
    const srt = readFileSync(join(folder, "lighthouse-keepers.srt"), "utf8");
    expect(srt).toMatch(/^1\n00:00:00,000 --> 00:00:\d\d,\d{3}\nHOST: Some jobs disappear/);
    expect(srt.trim().split(/\n\n/)).toHaveLength(segments.length);
  });

  it("measures audio the manifest gives no duration for, as the service's mp3s", async () => {
    const manifestPath = join(folder, "manifest.json");
    const manifest = readFileSync(manifestPath, "utf8");
    const wav = join(folder, "06-outro.wav");
    const mp3 = join(folder, "06-outro.mp3");
    expect(spawnSync("ffmpeg", ["-v", "error", "-i", wav, "-c:a", "libmp3lame", "-b:a", "64k", "-y", mp3]).status).toBe(0);
    const bytes = readFileSync(mp3);
    const json = JSON.parse(manifest);
    const request = json.requests.find((r: { files: { path: string }[] }) => r.files[0]!.path === "06-outro.wav");
    request.files = [{ path: "06-outro.mp3", bytes: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") }];
    writeFileSync(manifestPath, JSON.stringify(json));
    try {
      const built = await podc(["build", "--local", SCRIPT], dir, SHELL_ENV);
      expect(built.code, built.stderr).toBe(0);
      const outro = probe(join(folder, "lighthouse-keepers.mp3")).chapters.at(-1)!;
      expect(outro.tags.title).toBe("Outro");
      // The outro lasts as long as its audio (3.92 s), give or take the mp3's padding (a few frames).
      const seconds = Number(outro.end_time) - Number(outro.start_time);
      expect(seconds).toBeGreaterThanOrEqual(3.9);
      expect(seconds).toBeLessThan(4.1);
    } finally {
      writeFileSync(manifestPath, manifest);
      rmSync(mp3);
    }
  }, 300_000);

  it("writes m4a (with chapters), opus and flac too when build.formats asks", async () => {
    writeFileSync(join(dir, "podc.json"), JSON.stringify({ build: { formats: ["mp3", "m4a", "opus", "flac"] } }));
    try {
      const built = await podc(["build", "--local", SCRIPT], dir, SHELL_ENV);
      expect(built.code, built.stderr).toBe(0);
      const mp3 = Number(probe(join(folder, "lighthouse-keepers.mp3")).format.duration);
      const m4a = probe(join(folder, "lighthouse-keepers.m4a"));
      expect(m4a.chapters.map((c) => c.tags.title)).toEqual(CHAPTERS);
      expect(m4a.format.tags).toMatchObject({ title: "The Lighthouse Keepers", artist: "Mara Quinn" });
      for (const format of ["m4a", "opus", "flac"]) {
        expect(Number(probe(join(folder, `lighthouse-keepers.${format}`)).format.duration), format).toBeCloseTo(mp3, 0);
      }
      expect(probe(join(folder, "lighthouse-keepers.opus")).chapters.map((c) => c.tags.title)).toEqual(CHAPTERS);
      expect(leftovers(folder)).toEqual([]);
    } finally {
      rmSync(join(dir, "podc.json"));
    }
  }, 300_000);
});

describe.runIf(FFMPEG_AVAILABLE || FFMPEG_REQUIRED)("podc build of a script that repeats a request", () => {
  it("places the jingle each time the script uses it, paid for once", async () => {
    const dir = exampleRepo("lighthouse-keepers", repos);
    const jingle = "SONG: Jingle\nStyle: synthwave, 110 bpm\nTakes: 1\n[Verse]\nShort and sweet\nEND SONG\n";
    writeFileSync(join(dir, "jingles.pod"), `Title: Jingles\nCast:\n    HOST: Ethan\n\n${jingle}\n# News\n\nHOST: Here is the news.\n\n${jingle}`);
    const run = await podc(["run", "--local", "jingles.pod"], dir, SHELL_ENV);
    expect(run.code, run.stderr).toBe(0);
    const ledger = readLedger(join(dir, ".podc", "local", "ledger.jsonl"));
    expect(ledger.filter((e) => e.billed)).toHaveLength(2); // the jingle once, the news once
    const { chapters, format } = probe(join(dir, "out", "local", "jingles", "jingles.mp3"));
    expect(chapters.map((c) => c.tags.title)).toEqual(["Jingle", "News", "Jingle"]);
    const lengths = chapters.map((c) => Number(c.end_time) - Number(c.start_time));
    expect(lengths[2]).toBeCloseTo(lengths[0]! - 1, 1); // the first is followed by its 1 s song gap, the last by nothing
    expect(Number(format.duration)).toBeCloseTo(Number(chapters[2]!.end_time), 0);
  }, 300_000);
});

describe.runIf(FFMPEG_AVAILABLE || FFMPEG_REQUIRED)("podc build with scene numbers", () => {
  it("leaves a heading's scene number out of the chapters by default, and puts it first with build.sceneNumbers", async () => {
    const dir = exampleRepo("lighthouse-keepers", repos);
    writeFileSync(
      join(dir, "scenes.pod"),
      "Title: Scenes\nCast:\n    HOST: Ethan\n\n# Cold open #1#\n\nHOST: Good evening.\n\n# The news #2A#\n\nHOST: Here is the news.\n",
    );
    const folder = join(dir, "out", "local", "scenes");
    const titles = () => JSON.parse(readFileSync(join(folder, "scenes.chapters.json"), "utf8")).chapters.map((c: { title: string }) => c.title);
    const run = await podc(["run", "--local", "scenes.pod"], dir, SHELL_ENV);
    expect(run.code, run.stderr).toBe(0);
    expect(titles()).toEqual(["Cold open", "The news"]);

    writeFileSync(join(dir, "podc.json"), JSON.stringify({ build: { sceneNumbers: true } }));
    const build = await podc(["build", "--local", "scenes.pod"], dir, SHELL_ENV);
    expect(build.code, build.stderr).toBe(0);
    expect(titles()).toEqual(["1. Cold open", "2A. The news"]);
    expect(probe(join(folder, "scenes.mp3")).chapters.map((c) => c.tags.title)).toEqual(["1. Cold open", "2A. The news"]);
  }, 300_000);
});
