/*
 * The incremental build: after a one-line edit or a new Pick, `podc build` listens again only to the piece of audio
 * that changed (its loudness, where its turns start) and reads the rest from the episode's build cache; what it writes
 * is byte for byte what a build from nothing (`--force`, which measures everything again) writes of the same inputs.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { podc } from "../run/helpers.js";
import { exampleRepo, FFMPEG_AVAILABLE, FFMPEG_REQUIRED, SHELL_ENV } from "./helpers.js";

const repos: string[] = [];
afterAll(() => {
  for (const dir of repos) rmSync(dir, { recursive: true, force: true });
});

const SCRIPT = "examples/lighthouse-keepers.pod";
const NAME = "lighthouse-keepers";
const FILES = [`${NAME}.mp3`, `${NAME}.chapters.json`, `${NAME}.vtt`, `${NAME}.srt`, `${NAME}.transcript.json`, "index.html"];

const sha = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

/** The measurements a build says it made and kept: `(2 of 10 measurements made, the rest kept from the last build)`. */
function measurements(stderr: string): { made: number; total: number } | undefined {
  const found = /\((\d+) of (\d+) measurements made, the rest kept from the last build\)/.exec(stderr);
  return found ? { made: Number(found[1]), total: Number(found[2]) } : undefined;
}

/** The mp3 pieces kept in the build cache (mp3-pieces.ts), by name: a name is a hash of everything its bytes depend on. */
const mp3Pieces = (folder: string) => new Set(readdirSync(join(folder, "build-cache")).filter((name) => name.endsWith(".mp3")));

describe.runIf(FFMPEG_AVAILABLE || FFMPEG_REQUIRED)("the incremental build", () => {
  let dir: string;
  let folder: string;
  let script: string;
  let original: string;
  let edited: string;
  const written = () => Object.fromEntries(FILES.map((file) => [file, sha(join(folder, file))]));
  /** What a build from nothing writes of the inputs as they are now. */
  const fromNothing = async () => {
    const forced = await podc(["build", "--local", "--force", SCRIPT], dir, SHELL_ENV);
    expect(forced.code, forced.stderr).toBe(0);
    expect(measurements(forced.stderr)).toBeUndefined();
    return written();
  };

  beforeAll(async () => {
    expect(FFMPEG_AVAILABLE, "ffmpeg is not installed (apt-get install ffmpeg)").toBe(true);
    dir = exampleRepo(NAME, repos);
    folder = join(dir, "out", "local", NAME);
    script = join(dir, SCRIPT);
    original = readFileSync(script, "utf8");
    const first = await podc(["run", "--local", SCRIPT], dir, SHELL_ENV);
    expect(first.code, first.stderr).toBe(0);
    // The first build measured everything: nothing was kept.
    expect(measurements(first.stderr)).toBeUndefined();
  }, 300_000);

  it("after a one-line edit measures only the request it changed, and writes what a build from nothing writes", async () => {
    const piecesBefore = mp3Pieces(folder);
    edited = original.replace("HOST: Was it?", "HOST: Was it, really?");
    writeFileSync(script, edited);
    const run = await podc(["run", "--local", SCRIPT], dir, SHELL_ENV);
    expect(run.code, run.stderr).toBe(0);
    // The mp3 is joined from its pieces: only the edited request's is encoded again, although every piece after it moved.
    const piecesAfter = mp3Pieces(folder);
    expect(piecesBefore.size).toBeGreaterThan(4);
    expect([...piecesAfter].filter((name) => !piecesBefore.has(name))).toHaveLength(1);
    expect(piecesAfter.size).toBe(piecesBefore.size);
    expect(run.stderr).toContain("1 to send");
    // The changed request's loudness and its turns' starts: two measurements; every other piece's are read back.
    const counted = measurements(run.stderr);
    expect(counted?.made).toBe(2);
    expect(counted!.total).toBeGreaterThan(6);
    // The stages are shown as the build reaches them.
    expect(run.stderr).toMatch(/podc: lighthouse-keepers: measuring the loudness …\n[\s\S]*podc: lighthouse-keepers: making the episode \(mp3\) …\n/);
    const incremental = written();
    expect(await fromNothing()).toEqual(incremental);
    // The cache keeps what this episode uses, nothing of the audio before the edit.
    expect(readdirSync(join(folder, "build-cache")).filter((name) => name.endsWith(".json"))).toHaveLength(counted!.total);
  }, 300_000);

  it("after a new Pick measures only the new take, and writes what a build from nothing writes", async () => {
    // On top of the edit, whose audio is the one on disk.
    const piecesBefore = mp3Pieces(folder);
    writeFileSync(script, edited.replace("Style: folk, waltz", "Pick: 2\nStyle: folk, waltz"));
    const picked = await podc(["build", "--local", SCRIPT], dir, SHELL_ENV);
    expect(picked.code, picked.stderr).toBe(0);
    expect(measurements(picked.stderr)?.made).toBe(1);
    // The new take's piece is the one encoded.
    expect([...mp3Pieces(folder)].filter((name) => !piecesBefore.has(name))).toHaveLength(1);
    expect(await fromNothing()).toEqual(written());
  }, 300_000);

  it("builds the same episode when its build cache is deleted", async () => {
    const before = written();
    rmSync(join(folder, "build-cache"), { recursive: true });
    rmSync(join(folder, `${NAME}.mp3`));
    const again = await podc(["build", "--local", SCRIPT], dir, SHELL_ENV);
    expect(again.code, again.stderr).toBe(0);
    expect(measurements(again.stderr)).toBeUndefined();
    expect(written()).toEqual(before);
  }, 300_000);
});
