import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../src/emulator/server.js";
import type { Quirk } from "../../src/emulator/quirks.js";
import { envFor, emulator, expectKeyAbsent, KEY, manifestOf, MULTI_SONG, podc, project, records, removeProjects, SMALL } from "./helpers.js";

/*
 * The matrix of answers real services give, one test per quirk of the emulator: each either works, or fails with a
 * clear message and a right next step. Across all of them: no paid result is lost, nothing polls past its budget, and
 * nothing already paid is advised to be paid for again.
 */

const started: Emulator[] = [];
afterAll(async () => {
  await Promise.all(started.map((emu) => emu.close()));
  removeProjects();
});

async function withQuirks(...quirks: Quirk[]): Promise<Emulator> {
  const emu = await emulator({ quirks });
  started.push(emu);
  return emu;
}

/** Paid POSTs the emulator billed, per Idempotency-Key: each must be 1. */
function billedPerKey(emu: Emulator): number[] {
  const counts = new Map<string, number>();
  for (const entry of emu.ledger()) if (entry.billed) counts.set(entry.idempotency_key ?? "", (counts.get(entry.idempotency_key ?? "") ?? 0) + 1);
  return [...counts.values()];
}

describe("answers that only look different: podc finishes the episode", () => {
  it.each<[string, Quirk[]]>([
    ["float timestamps", ["float-timestamps"]],
    ["ISO timestamps", ["iso-timestamps"]],
    ["a created task without status", ["no-status"]],
    ["choices without index", ["no-index"]],
    ["an unknown terminal status with links (completed)", ["completed-status"]],
    ["durations in seconds", ["seconds-duration"]],
    ["fields no document names", ["extra-fields"]],
    ["audio as binary/octet-stream", ["octet-stream"]],
    ["audio without a Content-Type", ["no-content-type"]],
    ["all of them at once", ["float-timestamps", "no-status", "no-index", "completed-status", "extra-fields", "octet-stream"]],
  ])("%s", async (_what, quirks) => {
    const emu = await withQuirks(...quirks);
    const p = project(SMALL);
    const run = await podc(["run", p.script], p.dir, envFor(emu));
    expect(run.code, run.stderr).toBe(0);
    const manifest = manifestOf(p.dir);
    expect(manifest.requests.map((r) => r.state)).toEqual(["done", "done"]);
    // Named after the bytes (wav), whatever the server called them.
    const files = manifest.requests.flatMap((r) => (r as { files: { path: string; durationMs?: number }[] }).files);
    expect(files.map((f) => f.path.slice(-4))).toEqual([".wav", ".wav", ".wav"]);
    for (const file of files) expect(file.durationMs).toBeGreaterThan(500);
    expect(billedPerKey(emu)).toEqual([1, 1]);
    expect(run.stderr).not.toMatch(/--retry-failed|--resubmit-ambiguous/);
  });
});

describe("answers that podc cannot act on: a clear message, a right next step, nothing paid twice", () => {
  it("a task that ends with an unknown status and no link is reported once, not polled to the deadline, and never paid again", async () => {
    const emu = await withQuirks("completed-no-link");
    const p = project(SMALL, { timeoutMs: 600_000 });
    const first = await podc(["run", p.script], p.dir, envFor(emu));
    expect(first.code).toBe(1);
    expect(first.stderr).toMatch(/has ended with status "completed", which this podc does not know/);
    expect(first.stderr).toContain("nothing is sent again");
    expect(first.stderr).not.toMatch(/--retry-failed|--resubmit-ambiguous|deadline/);
    const song = [...records(p.dir).values()].find((r) => r.kind === "song")!;
    expect(song.raw?.body).toContain('"completed"');
    const again = await podc(["run", p.script], p.dir, envFor(emu));
    expect(again.code).toBe(1);
    expect(billedPerKey(emu)).toEqual([1, 1]);
  });

  it("a bad key answered 400 is a key problem, not a rejected script, and a rerun with the right key sends everything", async () => {
    const emu = await withQuirks("auth-400");
    const p = project(SMALL);
    const wrong = await podc(["run", p.script], p.dir, { ...envFor(emu), PODC_API_KEY: "sk-wrong-key-0123456789" });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("check PODC_API_KEY");
    expect(wrong.stderr).not.toMatch(/rejected|Fix the script/);
    const right = await podc(["run", p.script], p.dir, envFor(emu));
    expect(right.code, right.stderr).toBe(0);
    expect(billedPerKey(emu)).toEqual([1, 1]);
  });

  it("a 403 for the region says so, and does not blame the key", async () => {
    const emu = await withQuirks("region-403");
    const p = project(SMALL);
    const run = await podc(["run", p.script], p.dir, envFor(emu));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/region/);
    expect(run.stderr).toContain("the key is not the problem");
    expect(run.stderr).not.toContain("check PODC_API_KEY");
    expect([...records(p.dir).values()].every((r) => r.state === "ready" || r.state === "new")).toBe(true);
  });

  it("out of credit worded as a balance is out of credit, not a rate limit to wait out", async () => {
    const emu = await withQuirks("credit-wording");
    emu.inject({ kind: "quota", times: Number.POSITIVE_INFINITY });
    const p = project(SMALL);
    const run = await podc(["run", p.script], p.dir, envFor(emu));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("out of credit");
    expect(run.stderr).not.toMatch(/rate limit/i);
    // One POST, then the run stops sending.
    expect(emu.ledger()).toHaveLength(1);
  });

  it("a trace id sent only as X-Request-Id is shown", async () => {
    const emu = await withQuirks("request-id-header");
    emu.inject({ kind: "server-error", route: "song.generate" });
    const p = project(SMALL);
    const run = await podc(["run", p.script], p.dir, envFor(emu));
    expect(run.code).toBe(1);
    const trace = emu.requests().find((r) => r.route === "song.generate")!.traceId;
    expect(run.stderr).toContain(trace);
  });
});

describe("timed lyrics are kept like the audio", () => {
  it("lyrics_sections go into the manifest with each take, and come back from it when the journal is lost", async () => {
    const emu = await withQuirks("lyrics-sections");
    const p = project(SMALL);
    const first = await podc(["run", "--no-build", p.script], p.dir, envFor(emu));
    expect(first.code, first.stderr).toBe(0);
    const takes = () => manifestOf(p.dir).requests.find((r) => r.kind === "song")!.files as { lyricsSections?: { lines: { text: string }[] }[] }[];
    expect(takes().map((f) => f.lyricsSections?.[1]?.lines[0]?.text)).toEqual([expect.stringMatching(/^Neon lights/), expect.stringMatching(/^Neon lights/)]);
    const kept = takes();
    rmSync(join(p.dir, ".podc"), { recursive: true });
    const again = await podc(["run", "--no-build", p.script], p.dir, envFor(emu));
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain("taken back from them");
    expect(takes()).toEqual(kept);
    expect(billedPerKey(emu)).toEqual([1, 1]);
  });
});

describe("what the account was told to wait for, and answers read later", () => {
  it("Retry-After holds every paid POST of the account, not only the one it answered", async () => {
    const emu = await withQuirks();
    emu.inject({ kind: "rate-limit", route: "paid", retryAfterS: 1 });
    const p = project(MULTI_SONG, { concurrency: 3 });
    const run = await podc(["run", p.script], p.dir, envFor(emu));
    expect(run.code, run.stderr).toBe(0);
    const posts = emu.ledger();
    const limited = posts.findIndex((e) => e.status === 429);
    const after = posts.slice(limited + 1).map((e) => Date.parse(e.at) - Date.parse(posts[limited]!.at));
    // Requests already on their way when the 429 came may land at once; none sent after it does.
    const inFlight = 2;
    expect(after.slice(inFlight).every((ms) => ms >= 950)).toBe(true);
    expect(billedPerKey(emu).every((n) => n === 1)).toBe(true);
  });

  it("an answer journaled unread is finished from by a podc that can read it, without paying again", async () => {
    const emu = await withQuirks();
    emu.inject({ kind: "malformed-json", route: "song.generate" });
    const p = project(SMALL);
    const first = await podc(["run", p.script], p.dir, envFor(emu));
    expect(first.code).toBe(1);
    expect(first.stderr).toContain("outcome unknown");
    // What a newer podc would make of the kept answer: here, the same bytes made whole.
    const journal = join(p.dir, ".podc", "journal.jsonl");
    const lines = readFileSync(journal, "utf8").split("\n");
    const at = lines.findIndex((line) => line.includes('"type":"ambiguous"'));
    const entry = JSON.parse(lines[at]!) as { raw: { body: string } };
    const id = /"id":"(\d+)"/.exec(entry.raw.body)![1]!;
    entry.raw.body = JSON.stringify({ id, status: "preparing" });
    lines[at] = JSON.stringify(entry);
    writeFileSync(journal, lines.join("\n"));
    const later = await podc(["run", p.script], p.dir, envFor(emu));
    expect(later.code, later.stderr).toBe(0);
    expect(manifestOf(p.dir).requests.find((r) => r.kind === "song")!.taskId).toBe(id);
    expect(billedPerKey(emu)).toEqual([1, 1]);
    expectKeyAbsent([first.stderr, later.stderr], [join(p.dir, ".podc")]);
    expect(readFileSync(journal, "utf8")).not.toContain(KEY);
  });
});

/*
 * Songs as the service sends them besides the emulator's WAV: mp3 bytes, FLAC masters, timed lyrics. Each run goes on
 * to the build, with the real ffmpeg, so the episode is proved to be made of what came.
 */
const FFMPEG = process.env.PODC_REQUIRE_FFMPEG === "1" || spawnSync("ffmpeg", ["-version"]).status === 0;

// Each test runs and builds with ffmpeg, and the mp3 and FLAC quirks encode every take: minutes on a busy machine.
describe.runIf(FFMPEG)("songs as mp3, as FLAC, with timed lyrics: the episode is built from them", { timeout: 300_000 }, () => {
  const shell = { PATH: process.env.PATH ?? "" };

  /** The song's take files, the song's chapter start and its first lyric caption in the built episode. */
  function built(dir: string) {
    const manifest = manifestOf(dir);
    const song = manifest.requests.find((r) => r.kind === "song") as { files: { path: string; durationMs?: number; durationUnit?: string }[] };
    const out = join(dir, "out", "episode");
    const chapters = (JSON.parse(readFileSync(join(out, "episode.chapters.json"), "utf8")) as { chapters: { startTime: number; title: string }[] }).chapters;
    const songStartMs = chapters.find((c) => c.title === "Small Song")!.startTime * 1000;
    const transcript = JSON.parse(readFileSync(join(out, "episode.transcript.json"), "utf8")) as { segments: { startTime: number; body: string }[] };
    const lyric = transcript.segments.find((s) => s.body.startsWith("♪ Neon lights"))!;
    return {
      files: song.files,
      lyricAfterMs: Math.round(lyric.startTime * 1000 - songStartMs),
      lyricAtMs: Math.round(lyric.startTime * 1000),
      vtt: readFileSync(join(out, "episode.vtt"), "utf8"),
      page: readFileSync(join(out, "index.html"), "utf8"),
    };
  }

  /** SMALL's song as the emulator plays it: a two-bar intro, two lines of two bars, a two-bar outro, at 110 bpm. */
  const SMALL_SONG_MS = Math.round((8 * 4 * 60_000) / 110);
  /** Where the emulator sings the first line of SMALL's song: after a two-bar intro at 110 bpm. */
  const FIRST_LINE_MS = Math.round((2 * 4 * 60_000) / 110);

  it("mp3 bytes only (no wav_url): downloaded as .mp3 and built", async () => {
    const emu = await withQuirks("mp3-audio");
    const p = project(SMALL);
    const run = await podc(["run", p.script], p.dir, { ...envFor(emu), ...shell });
    expect(run.code, run.stderr).toBe(0);
    const { files } = built(p.dir);
    expect(files.map((f) => f.path.slice(-4))).toEqual([".mp3", ".mp3"]);
    // Not measured from the mp3: the answer's figure, in the unit it was read in.
    expect(files.map((f) => f.durationUnit)).toEqual(["ms", "ms"]);
    expect(existsSync(join(p.dir, "out", "episode", "episode.mp3"))).toBe(true);
    expect(billedPerKey(emu)).toEqual([1, 1]);
  });

  it("a FLAC master beside the mp3: the FLAC by default, the mp3 when service.songLinks says so", async () => {
    const emu = await withQuirks("flac-links");
    const lossless = project(SMALL);
    const first = await podc(["run", lossless.script], lossless.dir, { ...envFor(emu), ...shell });
    expect(first.code, first.stderr).toBe(0);
    const flac = built(lossless.dir).files;
    expect(flac.map((f) => f.path.slice(-5))).toEqual([".flac", ".flac"]);
    // Measured from the FLAC's own header, not taken from the answer.
    expect(flac.map((f) => f.durationUnit)).toEqual([undefined, undefined]);
    for (const file of flac) expect(Math.abs(file.durationMs! - SMALL_SONG_MS)).toBeLessThanOrEqual(50);
    const mp3 = project(SMALL, { songLinks: "mp3" });
    const second = await podc(["run", mp3.script], mp3.dir, { ...envFor(emu), ...shell });
    expect(second.code, second.stderr).toBe(0);
    expect(built(mp3.dir).files.map((f) => f.path.slice(-4))).toEqual([".mp3", ".mp3"]);
    expect(billedPerKey(emu)).toEqual([1, 1, 1, 1]);
  });

  it("lyrics_sections: the captions start when the line is sung, not at the song's start", async () => {
    const emu = await withQuirks("lyrics-sections");
    const p = project(SMALL);
    const run = await podc(["run", p.script], p.dir, { ...envFor(emu), ...shell });
    expect(run.code, run.stderr).toBe(0);
    const result = built(p.dir);
    expect(Math.abs(result.lyricAfterMs - FIRST_LINE_MS)).toBeLessThanOrEqual(2);
    expect(result.vtt).toContain("♪ Neon lights across the floor");
    // The preview page's transcript jumps to the same moment.
    expect(result.page).toMatch(new RegExp(`class="cue lyrics"><button type="button" data-start="${result.lyricAtMs}"`));
    expect(billedPerKey(emu)).toEqual([1, 1]);
  });

  it("lyrics_sections and durations in seconds, on mp3: read as seconds, said so, and timed the same", async () => {
    const emu = await withQuirks("lyrics-sections", "seconds-duration", "mp3-audio");
    const p = project(SMALL);
    const run = await podc(["run", p.script], p.dir, { ...envFor(emu), ...shell });
    expect(run.code, run.stderr).toBe(0);
    const result = built(p.dir);
    expect(result.files.map((f) => f.durationUnit)).toEqual(["s", "s"]);
    for (const file of result.files) expect(file.durationMs).toBeGreaterThan(10_000);
    expect(run.stderr).toMatch(
      /song "Small Song", take 1: the service gave its length as [\d.]+, which in the documented milliseconds is no song: read as seconds \(0:\d\d\)/,
    );
    expect(Math.abs(result.lyricAfterMs - FIRST_LINE_MS)).toBeLessThanOrEqual(2);
    const status = await podc(["status"], p.dir, envFor(emu));
    expect(status.stdout.match(/file: .*\.mp3 \(its length: the service's figure, read as seconds\)/g)).toHaveLength(2);
  });

  it("lyrics_sections of no usable shape: the lyrics are spread evenly and the episode is built", async () => {
    const emu = await withQuirks("lyrics-sections", "extra-fields");
    const p = project(SMALL);
    const run = await podc(["run", p.script], p.dir, { ...envFor(emu), ...shell });
    expect(run.code, run.stderr).toBe(0);
    expect(built(p.dir).lyricAfterMs).toBe(0);
  });
});
