/*
 * The emulator against raw HTTP (node:http, and curl where installed), written from
 * shared/spec/audio-service-interface.md and api-facts.md, never through our client: if the client and
 * the emulator shared a misunderstanding, these tests would not.
 */
import { execFile, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultConfig } from "../../src/config/schema.js";
import type { Emulator } from "../../src/emulator/server.js";
import { billedUnits, readLedger } from "../../src/emulator/ledger.js";
import { readTurnStarts } from "../../src/emulator/files.js";
import { wavDurationMs } from "../../src/emulator/audio/wav.js";
import { planSong } from "../../src/emulator/audio/song.js";
import {
  auth,
  emulator,
  eventually,
  hasCurl,
  hasEspeak,
  hasSox,
  jsonHeaders,
  KEY,
  raw,
  scratchFolder,
  sleep,
  soxDuration,
  type RawResponse,
} from "../service/helpers.js";

const LYRICS = "[Verse]\nNeon lights across the floor\nCoffee cups and closing doors\n\n[Chorus]\nWe're the night shift, we're alive";
const SONG = { lyrics: LYRICS, model: "auto", prompt: "synthwave, 110 bpm, melancholic, female vocals" };
const TURNS = [
  { text: "Welcome back to The Night Shift.", voice: "Ethan" },
  { text: "Thanks for having me.", voice: "Victoria" },
];

let emu: Emulator;
/**
 * Status sequences are asserted on a clock the test moves itself, half a step after each query, so that no
 * status can be skipped however slow a busy machine makes the queries.
 */
const SEQUENCE_CLOCK_MS = 300;
function handClock(): { now: () => number; tick: () => void } {
  let ms = Date.now();
  return { now: () => ms, tick: () => void (ms += SEQUENCE_CLOCK_MS / 2) };
}
const scratch = scratchFolder("emulator-test");

beforeAll(async () => {
  emu = await emulator({ linkTtlMs: 60_000 });
});
afterAll(async () => {
  await emu.close();
});

const post = (path: string, body: unknown, headers = jsonHeaders()): Promise<RawResponse> =>
  raw(`${emu.url}${path}`, { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) });
const get = (path: string, headers = auth()): Promise<RawResponse> => raw(`${emu.url}${path}`, { headers });

/** The interface's error body: {error: {message}, trace_id}, with the same trace id as the header. */
function expectErrorBody(res: RawResponse, status: number, message: RegExp): void {
  expect(res.status).toBe(status);
  const body = res.json as { error: { message: string }; trace_id: string };
  expect(body.error.message).toMatch(message);
  expect(body.trace_id).toMatch(/^[0-9a-f]{32}$/);
  expect(res.headers["x-trace-id"]).toBe(body.trace_id);
}

/** Polls a task to its end; `statuses` lists each status seen, starting with the one creation returned. */
async function pollUntilDone(id: string, on: Emulator = emu, tick?: () => void): Promise<{ statuses: string[]; task: Record<string, unknown> }> {
  const statuses: string[] = ["preparing"];
  const task = await eventually(
    async () => {
      const res = await raw(`${on.url}/v1/song/query/${encodeURIComponent(id)}`, { headers: auth() });
      tick?.();
      expect(res.status).toBe(200);
      const body = res.json as Record<string, unknown>;
      if (statuses[statuses.length - 1] !== body.status) statuses.push(body.status as string);
      return ["succeeded", "failed", "timeouted", "cancelled"].includes(body.status as string) ? body : undefined;
    },
    120_000,
    10,
  );
  return { statuses, task };
}

describe("song generation", () => {
  it("creates a task at once, in seconds, with auto resolved, and moves it preparing → queued → running → succeeded", async () => {
    const clock = handClock();
    const slow = await emulator({ clockMs: SEQUENCE_CLOCK_MS, now: clock.now });
    try {
      await songJourney(slow, clock.tick);
    } finally {
      await slow.close();
    }
  });

  async function songJourney(on: Emulator, tick?: () => void): Promise<void> {
    const before = Math.floor(Date.now() / 1000);
    const res = await raw(`${on.url}/v1/song/generate`, { method: "POST", headers: jsonHeaders(), body: JSON.stringify(SONG) });
    expect(res.status).toBe(200);
    const task = res.json as Record<string, unknown>;
    expect(task).toMatchObject({ status: "preparing", model: "mureka-8" });
    expect(typeof task.id).toBe("string");
    expect(task.id as string).toMatch(/^\d{19}$/);
    expect(task.created_at).toBeGreaterThanOrEqual(before);
    expect(task.created_at).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(task.trace_id).toBe(res.headers["x-trace-id"]);

    const { statuses, task: done } = await pollUntilDone(task.id as string, on, tick);
    expect(statuses).toEqual(["preparing", "queued", "running", "succeeded"]);
    expect(done.finished_at).toBeGreaterThanOrEqual(task.created_at as number);
    const choices = done.choices as { index: number; url: string; duration: number }[];
    expect(choices.map((c) => c.index)).toEqual([0, 1]);
    const plan = planSong(SONG.lyrics, SONG.prompt);
    for (const choice of choices) {
      expect(choice.duration).toBe(plan.durationMs);
      const audio = await raw(choice.url);
      expect(audio.status).toBe(200);
      expect(audio.headers["content-type"]).toBe("audio/wav");
      expect(Math.abs(wavDurationMs(audio.body) - choice.duration)).toBeLessThanOrEqual(1);
    }
  }

  it("renders n choices when n is given, and keeps an explicit model name", async () => {
    const res = await post("/v1/song/generate", { ...SONG, model: "mureka-6", n: 3 });
    expect((res.json as { model: string }).model).toBe("mureka-6");
    const { task } = await pollUntilDone((res.json as { id: string }).id);
    expect((task.choices as unknown[]).length).toBe(3);
    const one = await pollUntilDone(((await post("/v1/song/generate", { ...SONG, n: 1 })).json as { id: string }).id);
    expect((one.task.choices as unknown[]).length).toBe(1);
  });

  it("refuses empty, missing and overlong lyrics, an overlong prompt and a bad n with the error body", async () => {
    expectErrorBody(await post("/v1/song/generate", { ...SONG, lyrics: "" }), 400, /^Invalid Request: lyrics must not be empty$/);
    expectErrorBody(await post("/v1/song/generate", { model: "auto", prompt: "x" }), 400, /lyrics is required/);
    expectErrorBody(await post("/v1/song/generate", { ...SONG, lyrics: "a".repeat(3001) }), 400, /3001 characters; at most 3000/);
    expectErrorBody(await post("/v1/song/generate", { ...SONG, prompt: "p".repeat(1025) }), 400, /at most 1024/);
    expectErrorBody(await post("/v1/song/generate", { ...SONG, n: 4 }), 400, /n must be/);
    expectErrorBody(await post("/v1/song/generate", "{not json"), 400, /not valid JSON/);
    expectErrorBody(await post("/v1/song/generate", SONG, { ...auth(), "content-type": "text/plain" }), 400, /Content-Type/);
  });

  it("answers an unknown task, the ?task_id= form and unknown paths with 404 and a trace_id", async () => {
    expectErrorBody(await get("/v1/song/query/123456"), 404, /not found/i);
    expectErrorBody(await get("/v1/song/query?task_id=123456"), 404, /not found/i);
    expectErrorBody(await get("/v2/anything"), 404, /not found/i);
    expectErrorBody(await raw(`${emu.url}/v1/song/generate`, { headers: auth() }), 405, /Method Not Allowed/);
  });
});

describe("quirks of a song's audio and lyrics", () => {
  const hasFfmpeg = spawnSync("ffmpeg", ["-version"], { stdio: "ignore" }).status === 0 || process.env.PODC_REQUIRE_FFMPEG === "1";

  async function finishedSong(on: Emulator): Promise<Record<string, unknown>[]> {
    const res = await raw(`${on.url}/v1/song/generate`, { method: "POST", headers: jsonHeaders(), body: JSON.stringify({ ...SONG, n: 1 }) });
    expect(res.status).toBe(200);
    const { task } = await pollUntilDone((res.json as { id: string }).id, on);
    expect(task.status).toBe("succeeded");
    return task.choices as Record<string, unknown>[];
  }

  it("refuses to start a quirk that serves encoded audio without ffmpeg, saying what to install", async () => {
    await expect(emulator({ quirks: ["mp3-audio"], ffmpegCommand: "/nonexistent/ffmpeg" })).rejects.toThrow(/mp3-audio .*install ffmpeg/);
  });

  it("answers lyrics_sections: each section's kind and times, and each sung line's text and times in ms", async () => {
    const on = await emulator({ quirks: ["lyrics-sections"], clockMs: 20 });
    try {
      const [choice] = await finishedSong(on);
      const sections = choice!.lyrics_sections as { section_type: string; start: number; end: number; lines: { start: number; end: number; text: string }[] }[];
      expect(sections.map((s) => s.section_type)).toEqual(["intro", "verse", "chorus", "outro"]);
      const bar = (4 * 60_000) / 110;
      // Two bars a line, after a two-bar intro (to the millisecond: each time is rounded once).
      const lines = sections[1]!.lines;
      expect(lines.map((l) => l.text)).toEqual(["Neon lights across the floor", "Coffee cups and closing doors"]);
      const expected = [2, 4, 4, 6].map((bars) => bars * bar);
      lines.flatMap((l) => [l.start, l.end]).forEach((ms, i) => expect(Math.abs(ms - expected[i]!)).toBeLessThanOrEqual(1));
      expect(sections[sections.length - 1]!.end).toBe(choice!.duration);
    } finally {
      await on.close();
    }
  });

  it.runIf(hasFfmpeg)("serves real mp3 bytes as url, and FLAC bytes as flac_url, with no wav_url", { timeout: 300_000 }, async () => {
    for (const quirk of ["mp3-audio", "flac-links"] as const) {
      const on = await emulator({ quirks: [quirk], clockMs: 20 });
      try {
        const [choice] = await finishedSong(on);
        expect(choice!.wav_url).toBeUndefined();
        const mp3 = await raw(choice!.url as string);
        expect(mp3.headers["content-type"]).toBe("audio/mpeg");
        // An ID3 tag or an MPEG frame sync.
        expect(mp3.body.subarray(0, 3).toString("latin1") === "ID3" || (mp3.body[0] === 0xff && (mp3.body[1]! & 0xe0) === 0xe0)).toBe(true);
        if (quirk === "flac-links") {
          const flac = await raw(choice!.flac_url as string);
          expect(flac.headers["content-type"]).toBe("audio/flac");
          expect(flac.body.subarray(0, 4).toString("latin1")).toBe("fLaC");
        } else expect(choice!.flac_url).toBeUndefined();
      } finally {
        await on.close();
      }
    }
  });
});

describe("authentication", () => {
  it("answers a wrong, missing or non-bearer key with 401 Invalid Authentication on every endpoint", async () => {
    expectErrorBody(await post("/v1/song/generate", SONG, jsonHeaders("sk-wrong")), 401, /^Invalid Authentication$/);
    expectErrorBody(await post("/v1/tts/podcast", { conversations: TURNS }, { "content-type": "application/json" }), 401, /^Invalid Authentication$/);
    expectErrorBody(await get("/v1/song/query/1", { authorization: `Basic ${KEY}` }), 401, /^Invalid Authentication$/);
  });
});

describe("podcast", () => {
  it("renders a two-voice script to a WAV link with expires_at, lasting as long as the text", async () => {
    const res = await post("/v1/tts/podcast", { conversations: TURNS });
    expect(res.status).toBe(200);
    const body = res.json as { url: string; expires_at: number; trace_id: string };
    expect(body.trace_id).toBe(res.headers["x-trace-id"]);
    expect(body.expires_at).toBeGreaterThan(Date.now() / 1000 + 50);
    const audio = await raw(body.url);
    expect(audio.status).toBe(200);
    expect(audio.headers["content-type"]).toBe("audio/wav");
    // 10 words at 150 a minute, and a pause between the turns.
    expect(wavDurationMs(audio.body)).toBe(10 * 400 + 400);
  });

  it("records where each turn starts in the audio, for tests and the bench only: never in its answer", async () => {
    const res = await post("/v1/tts/podcast", { conversations: TURNS });
    const body = res.json as { url: string };
    expect(Object.keys(body).sort()).toEqual(["expires_at", "trace_id", "url"]);
    // The synthesized voice: 6 words (2.4 s) for the first turn, then the 400 ms pause.
    expect(emu.turnStarts(body.url)).toEqual([0, 2800]);
    expect(readTurnStarts(join(emu.dataDir, "audio"), body.url)).toEqual([0, 2800]);
    expect(emu.turnStarts(`${emu.url}/files/0123abcd/none.wav`)).toBeUndefined();
  });

  it("refuses 11 turns, an overlong turn, an unknown voice, three voices and an empty script", async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => TURNS[i % 2]!);
    expectErrorBody(await post("/v1/tts/podcast", { conversations: eleven }), 400, /11 turns; at most 10/);
    expectErrorBody(await post("/v1/tts/podcast", { conversations: [{ text: "w ".repeat(201), voice: "Ethan" }] }), 400, /at most 400/);
    expectErrorBody(await post("/v1/tts/podcast", { conversations: [{ text: "Hi", voice: "Nobody" }] }), 400, /not an available voice/);
    const three = [...TURNS, { text: "And me.", voice: "Luna" }];
    expectErrorBody(await post("/v1/tts/podcast", { conversations: three }), 400, /3 voices; at most 2/);
    expectErrorBody(await post("/v1/tts/podcast", { conversations: [] }), 400, /must not be empty/);
    expectErrorBody(await post("/v1/tts/podcast", { conversations: [{ text: "", voice: "Ethan" }] }), 400, /text must not be empty/);
  });

  it("takes its limits and voices from the configuration", async () => {
    const config = defaultConfig();
    config.limits.turnsPerRequest = 2;
    config.voices = ["Robin", "Sam"];
    const strict = await emulator({ config });
    try {
      const three = [
        { text: "One.", voice: "Robin" },
        { text: "Two.", voice: "Sam" },
        { text: "Three.", voice: "Robin" },
      ];
      const res = await raw(`${strict.url}/v1/tts/podcast`, { method: "POST", headers: jsonHeaders(), body: JSON.stringify({ conversations: three }) });
      expectErrorBody(res, 400, /3 turns; at most 2/);
      const ok = await raw(`${strict.url}/v1/tts/podcast`, {
        method: "POST",
        headers: jsonHeaders(),
        body: JSON.stringify({ conversations: three.slice(0, 2) }),
      });
      expect(ok.status).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it.runIf(hasEspeak)("speaks the text with espeak-ng when it is installed (the offline table read)", async () => {
    const spoken = await emulator({ speech: "auto" });
    try {
      expect(spoken.speechEngine).toBe("espeak-ng");
      const res = await raw(`${spoken.url}/v1/tts/podcast`, { method: "POST", headers: jsonHeaders(), body: JSON.stringify({ conversations: TURNS }) });
      const audio = await raw((res.json as { url: string }).url);
      const file = join(scratch, "espeak-podcast.wav");
      writeFileSync(file, audio.body);
      const seconds = soxDuration(file) ?? wavDurationMs(audio.body) / 1000;
      // 10 words at about 150 a minute, plus the pause between turns; espeak-ng keeps its own pace.
      expect(seconds).toBeGreaterThan(2.5);
      expect(seconds).toBeLessThan(7);
    } finally {
      await spoken.close();
    }
  });

  it("refuses to start when espeak-ng is demanded but missing, and falls back on auto", async () => {
    await expect(emulator({ speech: "espeak-ng", espeakCommand: "/nonexistent/espeak-ng" })).rejects.toThrow(/espeak-ng/);
    const fallback = await emulator({ speech: "auto", espeakCommand: "/nonexistent/espeak-ng" });
    expect(fallback.speechEngine).toBe("synth");
    await fallback.close();
  });

  it("lets links really expire", async () => {
    const short = await emulator({ linkTtlMs: 300 });
    try {
      const res = await raw(`${short.url}/v1/tts/podcast`, { method: "POST", headers: jsonHeaders(), body: JSON.stringify({ conversations: TURNS }) });
      const { url, expires_at } = res.json as { url: string; expires_at: number };
      expect(expires_at).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 1);
      expect((await raw(url)).status).toBe(200);
      await sleep(350);
      expectErrorBody(await raw(url), 403, /expired/);
    } finally {
      await short.close();
    }
  });
});

describe("query path", () => {
  it("serves the query at the configured template", async () => {
    const config = defaultConfig();
    config.service.queryPath = "/v1/song/task/{id}/status";
    const custom = await emulator({ config });
    try {
      const created = await raw(`${custom.url}/v1/song/generate`, { method: "POST", headers: jsonHeaders(), body: JSON.stringify(SONG) });
      const id = (created.json as { id: string }).id;
      expect((await raw(`${custom.url}/v1/song/task/${id}/status`, { headers: auth() })).status).toBe(200);
      expect((await raw(`${custom.url}/v1/song/query/${id}`, { headers: auth() })).status).toBe(404);
    } finally {
      await custom.close();
    }
  });

  it("answers unknown paths in plain text when asked to behave like the real service", async () => {
    const plain = await emulator({ plainTextNotFound: true });
    try {
      const res = await raw(`${plain.url}/v1/song/query?task_id=1`, { headers: auth() });
      expect(res.status).toBe(404);
      expect(res.text).toBe("404 page not found");
      expect(res.headers["x-trace-id"]).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      await plain.close();
    }
  });
});

describe("ledger and limits", () => {
  it("records every paid POST: billed units, refusals, task ids and the Idempotency-Key", async () => {
    const own = await emulator();
    try {
      const send = (path: string, body: unknown, headers: Record<string, string>) =>
        raw(`${own.url}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
      const created = await send("/v1/song/generate", SONG, { ...jsonHeaders(), "idempotency-key": "plan-key-1" });
      await send("/v1/song/generate", { ...SONG, n: 1 }, jsonHeaders());
      await send("/v1/song/generate", { ...SONG, lyrics: "" }, jsonHeaders());
      await send("/v1/tts/podcast", { conversations: TURNS }, jsonHeaders("bad"));
      await send("/v1/tts/podcast", { conversations: TURNS }, jsonHeaders());
      await raw(`${own.url}/v1/song/query/${(created.json as { id: string }).id}`, { headers: auth() });
      const ledger = readLedger(own.ledgerPath);
      expect(ledger.map((e) => [e.kind, e.status, e.billed, e.units])).toEqual([
        ["song", 200, true, 2],
        ["song", 200, true, 1],
        ["song", 400, false, 0],
        ["podcast", 401, false, 0],
        ["podcast", 200, true, 1],
      ]);
      expect(ledger[0]).toMatchObject({ idempotency_key: "plan-key-1", task_id: (created.json as { id: string }).id });
      expect(ledger[1]!.idempotency_key).toBeNull();
      expect(ledger[0]!.trace_id).toBe((created.json as { trace_id: string }).trace_id);
      expect(ledger[0]!.body_sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(billedUnits(ledger)).toBe(4);
      expect(readFileSync(own.ledgerPath, "utf8")).not.toContain(KEY);
    } finally {
      await own.close();
    }
  });

  it("answers 429 Rate limit when the account's concurrency is used up", async () => {
    const trial = await emulator({ concurrency: 1, clockMs: 5_000 });
    try {
      const send = () => raw(`${trial.url}/v1/song/generate`, { method: "POST", headers: jsonHeaders(), body: JSON.stringify(SONG) });
      expect((await send()).status).toBe(200);
      expectErrorBody(await send(), 429, /^Rate limit reached for requests$/);
    } finally {
      await trial.close();
    }
  });
});

describe("fault injection", () => {
  let faulty: Emulator;
  beforeAll(async () => {
    faulty = await emulator();
  });
  afterAll(async () => {
    await faulty.close();
  });
  const create = () => raw(`${faulty.url}/v1/song/generate`, { method: "POST", headers: jsonHeaders(), body: JSON.stringify(SONG) });

  it("does nothing unusual unless asked", async () => {
    expect(faulty.pendingFaults()).toEqual([]);
    expect((await create()).status).toBe(200);
  });

  it("answers 503 to the next N queries, then recovers", async () => {
    const id = ((await create()).json as { id: string }).id;
    faulty.inject({ kind: "server-error", status: 503, route: "song.query", times: 2 });
    const query = () => raw(`${faulty.url}/v1/song/query/${id}`, { headers: auth() });
    expectErrorBody(await query(), 503, /overloaded/);
    expectErrorBody(await query(), 503, /overloaded/);
    expect((await query()).status).toBe(200);
  });

  it("answers 429 with Retry-After, and 429 quota, without billing", async () => {
    faulty.inject({ kind: "rate-limit", route: "song.generate", retryAfterS: 2 });
    faulty.inject({ kind: "quota" });
    const limited = await create();
    expectErrorBody(limited, 429, /^Rate limit reached for requests$/);
    expect(limited.headers["retry-after"]).toBe("2");
    expectErrorBody(await create(), 429, /quota/);
    const refused = faulty.ledger().slice(-2);
    expect(refused.map((e) => [e.billed, e.fault])).toEqual([
      [false, "rate-limit"],
      [false, "quota"],
    ]);
  });

  it("resets the connection after recording (and billing) the request", async () => {
    faulty.inject({ kind: "reset", route: "song.generate" });
    await expect(create()).rejects.toThrow(/socket hang up|ECONNRESET/);
    const last = faulty.ledger().at(-1)!;
    expect(last).toMatchObject({ billed: true, units: 2, fault: "reset" });
    expect(last.task_id).toMatch(/^\d+$/);
  });

  it("truncates a body, breaks JSON, and sends an endless body", async () => {
    faulty.inject({ kind: "truncate", route: "song.generate" });
    await expect(create()).rejects.toThrow(/aborted|ECONNRESET|socket/i);
    faulty.inject({ kind: "malformed-json", route: "song.generate" });
    const broken = await create();
    expect(broken.status).toBe(200);
    expect(broken.json).toBeUndefined();
    faulty.inject({ kind: "endless", route: "song.generate" });
    const bytes = await new Promise<number>((resolve, reject) => {
      import("node:http").then(({ request }) => {
        const req = request(`${faulty.url}/v1/song/generate`, { method: "POST", headers: jsonHeaders(), agent: false }, (res) => {
          let n = 0;
          res.on("data", (c: Buffer) => {
            n += c.length;
            if (n > 1_000_000) {
              res.destroy();
              resolve(n);
            }
          });
          res.on("end", () => reject(new Error("an endless body ended")));
        });
        req.on("error", reject);
        req.end(JSON.stringify(SONG));
      }, reject);
    });
    expect(bytes).toBeGreaterThan(1_000_000);
  });

  it("delays answers", async () => {
    faulty.inject({ kind: "latency", ms: 300, route: "song.query" });
    const started = Date.now();
    await raw(`${faulty.url}/v1/song/query/1`, { headers: auth() });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("redirects audio links to another origin, which refuses an Authorization header", async () => {
    const pod = await raw(`${faulty.url}/v1/tts/podcast`, { method: "POST", headers: jsonHeaders(), body: JSON.stringify({ conversations: TURNS }) });
    const url = (pod.json as { url: string }).url;
    faulty.inject({ kind: "redirect-audio", times: 2 });
    const redirect = await raw(url);
    expect(redirect.status).toBe(302);
    const location = redirect.headers.location!;
    expect(new URL(location).origin).toBe(faulty.cdnUrl);
    expect(new URL(location).origin).not.toBe(new URL(url).origin);
    expect((await raw(location)).status).toBe(200);
    expectErrorBody(await raw(location, { headers: auth() }), 400, /Authorization/);
  });

  it("ends song tasks as failed, timeouted or succeeded-without-url, or via reviewing", async () => {
    const endings: [string, string][] = [
      ["task-failed", "failed"],
      ["task-timeouted", "timeouted"],
      ["task-cancelled", "cancelled"],
    ];
    for (const [kind, status] of endings) {
      faulty.inject({ kind: kind as "task-failed" });
      const { task } = await pollUntilDone(((await create()).json as { id: string }).id, faulty);
      expect(task.status).toBe(status);
      expect(task.failed_reason).toEqual(expect.any(String));
    }
    faulty.inject({ kind: "task-no-url" });
    const noUrl = await pollUntilDone(((await create()).json as { id: string }).id, faulty);
    expect(noUrl.task.status).toBe("succeeded");
    expect((noUrl.task.choices as { url: string }[]).every((c) => c.url === "")).toBe(true);
    const clock = handClock();
    const slow = await emulator({ clockMs: SEQUENCE_CLOCK_MS, now: clock.now, faults: [{ kind: "task-reviewing" }] });
    try {
      const created = await raw(`${slow.url}/v1/song/generate`, { method: "POST", headers: jsonHeaders(), body: JSON.stringify(SONG) });
      const reviewed = await pollUntilDone((created.json as { id: string }).id, slow, clock.tick);
      expect(reviewed.statuses).toEqual(["preparing", "queued", "running", "reviewing", "succeeded"]);
    } finally {
      await slow.close();
    }
  });
});

describe.runIf(hasCurl)("curl, following only the interface document", () => {
  // Asynchronously: the emulator answers from this very process.
  const curl = async (...args: string[]): Promise<string> => (await promisify(execFile)("curl", ["-sS", ...args], { encoding: "utf8" })).stdout;

  it("creates a song, polls it to succeeded, downloads it, renders a podcast and downloads it", async () => {
    const bearer = `Authorization: Bearer ${KEY}`;
    const created = JSON.parse(
      await curl("-X", "POST", `${emu.url}/v1/song/generate`, "-H", bearer, "-H", "Content-Type: application/json", "-d", JSON.stringify(SONG)),
    ) as { id: string; status: string };
    expect(created.status).toBe("preparing");
    const done = await eventually(async () => {
      const task = JSON.parse(await curl(`${emu.url}/v1/song/query/${created.id}`, "-H", bearer)) as { status: string; choices?: { url: string }[] };
      return task.status === "succeeded" ? task : undefined;
    });
    const songFile = join(scratch, "song.wav");
    await curl("-o", songFile, done.choices![0]!.url);
    expect(wavDurationMs(readFileSync(songFile))).toBeGreaterThan(10_000);
    const seconds = soxDuration(songFile);
    if (hasSox) expect(seconds).toBeGreaterThan(10);

    const podcast = JSON.parse(
      await curl(
        "-X",
        "POST",
        `${emu.url}/v1/tts/podcast`,
        "-H",
        bearer,
        "-H",
        "Content-Type: application/json",
        "-d",
        JSON.stringify({ conversations: TURNS }),
      ),
    ) as { url: string; expires_at: number };
    const podcastFile = join(scratch, "podcast.wav");
    await curl("-o", podcastFile, podcast.url);
    expect(soxDuration(podcastFile) ?? wavDurationMs(readFileSync(podcastFile)) / 1000).toBeGreaterThan(3);

    const denied = JSON.parse(
      await curl("-X", "POST", `${emu.url}/v1/song/generate`, "-H", "Authorization: Bearer nope", "-H", "Content-Type: application/json", "-d", "{}"),
    ) as {
      error: { message: string };
      trace_id: string;
    };
    expect(denied.error.message).toBe("Invalid Authentication");
    expect(denied.trace_id).toBeTruthy();
  });
});
