/*
 * build.json: what decides that a build would write the same episode again. Every input the build reads changes the
 * key, and a file of the episode changed or gone since it was written means building again — without ffmpeg, on
 * files written here.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildKey, recordBuild, upToDate } from "../../src/episode/build-record.js";
import type { PlacedAudio } from "../../src/episode/episode-audio.js";
import type { PlannedRequest } from "../../src/lower/plan.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const outDir = "/episodes/out/ep01";
const request = { kind: "song", path: "/v1/song/generate", method: "POST", key: "k", origin: { line: 3 }, body: { lyrics: "la" } } as unknown as PlannedRequest;
const piece = (sha256: string, file = "01-song-1.wav"): PlacedAudio => ({
  request,
  path: join(outDir, file),
  sha256,
  durationMs: 1000,
  takes: [{ path: "01-song-1.wav", bytes: 10, sha256, choice: 0 }],
});
const inputs = {
  version: "1.0.0",
  name: "ep01",
  outDir,
  requests: [request],
  tags: { title: "One" },
  settings: { formats: ["mp3"] },
  wordsPerMinute: 150,
  pieces: [piece("a".repeat(64))],
};

describe("the key of a build", () => {
  it("is the same for the same inputs, and another when any one of them changes", () => {
    const key = buildKey(inputs);
    expect(buildKey({ ...inputs, pieces: [piece("a".repeat(64))] })).toBe(key);
    const changed = [
      { ...inputs, version: "1.0.1" },
      { ...inputs, name: "ep02" },
      { ...inputs, requests: [{ ...request, body: { lyrics: "lo" } }] },
      { ...inputs, tags: { title: "Two" } },
      { ...inputs, settings: { formats: ["mp3", "flac"] } },
      { ...inputs, wordsPerMinute: 160 },
      { ...inputs, pieces: [piece("b".repeat(64))] },
      { ...inputs, requests: [{ ...request, pick: 2 }] },
      { ...inputs, pieces: [piece("a".repeat(64), "01-song-2.wav")] },
    ];
    for (const other of changed) expect(buildKey(other), JSON.stringify(other)).not.toBe(key);
  });
});

describe("an episode up to date", () => {
  it("is one whose record has the key and whose every file is still as written", async () => {
    const dir = mkdtempSync(join(tmpdir(), "podc-build-record-"));
    dirs.push(dir);
    const mp3 = join(dir, "ep01.mp3");
    const vtt = join(dir, "ep01.vtt");
    writeFileSync(mp3, "audio bytes");
    writeFileSync(vtt, "WEBVTT\n");
    const chapters = [{ title: "Song", kind: "song" as const, startMs: 0, endMs: 1000 }];
    await recordBuild(dir, "key-1", { files: [mp3, vtt], durationMs: 1000, chapters });

    const record = await upToDate(dir, "key-1");
    expect(record?.files.map((f) => f.path)).toEqual(["ep01.mp3", "ep01.vtt"]);
    expect(record).toMatchObject({ durationMs: 1000, chapters });
    expect(await upToDate(dir, "key-2")).toBeUndefined();

    // Edited in place, the same size: only its sha256 tells.
    writeFileSync(vtt, "WEBVTX\n");
    expect(await upToDate(dir, "key-1")).toBeUndefined();
    writeFileSync(vtt, "WEBVTT\n");
    expect(await upToDate(dir, "key-1")).toBeDefined();
    rmSync(mp3);
    expect(await upToDate(dir, "key-1")).toBeUndefined();
  });

  it("is none where no build was recorded, or the record cannot be read", async () => {
    const dir = mkdtempSync(join(tmpdir(), "podc-build-record-"));
    dirs.push(dir);
    expect(await upToDate(dir, "key-1")).toBeUndefined();
    writeFileSync(join(dir, "build.json"), "{ not json");
    expect(await upToDate(dir, "key-1")).toBeUndefined();
    writeFileSync(join(dir, "build.json"), "null");
    expect(await upToDate(dir, "key-1")).toBeUndefined();
  });
});
