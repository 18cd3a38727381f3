import { describe, expect, it } from "vitest";
import { isLoopbackHost, refuseAudioLink, refuseInsecureUrl } from "../../src/contract/loopback.js";
import { redact } from "../../src/service/redact.js";
import {
  durationMs,
  ErrorBodySchema,
  PodcastResponseSchema,
  SongTaskCreatedSchema,
  SongTaskSchema,
  taskState,
  unixSeconds,
} from "../../src/contract/responses.js";

const task = (fields: Record<string, unknown>) => SongTaskSchema.parse({ id: "1436211123456789012", status: "running", ...fields });

describe("response shapes", () => {
  it("keep fields they do not know, and keep ids as strings", () => {
    const created = SongTaskCreatedSchema.parse({
      id: "1436211123456789012",
      created_at: 1_700_000_000,
      model: "mureka-8",
      status: "preparing",
      trace_id: "abc",
      region: "eu",
    });
    expect(created).toMatchObject({ id: "1436211123456789012", region: "eu" });
    expect(SongTaskCreatedSchema.parse({ id: 1436211, status: "preparing" }).id).toBe("1436211");
    // Past 2^53 JSON has already rounded the number: better no id than another task's.
    // eslint-disable-next-line no-loss-of-precision -- the rounding is what is tested
    expect(SongTaskCreatedSchema.safeParse({ id: 1436211123456789012, status: "preparing" }).success).toBe(false);
    const queried = task({ choices: [{ index: 0, url: "https://cdn.example/a.mp3", duration: 1000, lyrics_sections: [] }] });
    expect(queried.choices![0]).toHaveProperty("lyrics_sections");
    expect(PodcastResponseSchema.parse({ url: "https://x/a.mp3", expires_at: 1, extra: true })).toHaveProperty("extra");
    expect(ErrorBodySchema.parse({ error: { message: "m", code: "x" }, trace_id: "t" }).error).toHaveProperty("code");
  });
});

describe("task state", () => {
  it("treats every non-terminal status, known or not, as still going", () => {
    for (const status of ["preparing", "queued", "running", "streaming", "reviewing", "some-new-status"]) {
      expect(taskState(task({ status }))).toEqual({ state: "running", status });
    }
  });

  it("reads failed, timeouted and cancelled as failures with a reason", () => {
    expect(taskState(task({ status: "failed", failed_reason: "content policy" }))).toEqual({ state: "failed", status: "failed", reason: "content policy" });
    expect(taskState(task({ status: "timeouted" }))).toMatchObject({ state: "failed", reason: "task timeouted" });
    expect(taskState(task({ status: "cancelled" }))).toMatchObject({ state: "failed" });
  });

  it("counts succeeded without a usable url as a failure", () => {
    for (const choices of [undefined, [], [{ index: 0, url: "" }], [{ index: 0, url: null }], [{ index: 0, url: "ftp://cdn.example/a.mp3" }], "none", [7]]) {
      expect(taskState(task({ status: "succeeded", choices })).state).toBe("failed");
    }
  });

  it("keeps every usable choice, ordered by index", () => {
    const state = taskState(
      task({
        status: "succeeded",
        choices: [
          { index: 1, url: "https://c/b.mp3" },
          { index: 0, url: "https://c/a.mp3" },
          { index: 2, url: "" },
        ],
      }),
    );
    expect(state.state === "succeeded" && state.choices.map((c) => c.index)).toEqual([0, 1]);
  });
});

describe("answers as a real service gives them", () => {
  it("read a podcast's link whatever its expiry looks like: float, ISO, milliseconds, absent or nonsense", () => {
    const at = 1_796_148_537;
    for (const expires_at of [at + 0.123, new Date(at * 1000).toISOString(), at * 1000, String(at)]) {
      expect(PodcastResponseSchema.parse({ url: "https://x/a.mp3", expires_at }).expires_at).toBeCloseTo(at, 0);
    }
    for (const expires_at of [undefined, null, "soon", { at }, -1]) {
      expect(PodcastResponseSchema.parse({ url: "https://x/a.mp3", expires_at }).expires_at).toBeUndefined();
    }
    expect(unixSeconds("2026-12-01T00:00:00Z")).toBe(Date.parse("2026-12-01T00:00:00Z") / 1000);
  });

  it("keep a created task's id when everything else is missing or of the wrong type", () => {
    const created = SongTaskCreatedSchema.parse({ id: "77", created_at: "2026-01-01T00:00:00Z", model: 8, trace_id: ["t"] });
    expect([created.id, created.status, created.model, created.trace_id]).toEqual(["77", undefined, undefined, undefined]);
    expect(SongTaskCreatedSchema.safeParse({ status: "preparing" }).success).toBe(false);
  });

  it("number choices by position when the service sends no index (or repeats one)", () => {
    const noIndex = taskState(task({ status: "succeeded", finished_at: 1.5, choices: [{ url: "https://c/a.mp3" }, { url: "https://c/b.mp3" }] }));
    expect(noIndex.state === "succeeded" && noIndex.choices.map((c) => [c.index, c.url])).toEqual([
      [0, "https://c/a.mp3"],
      [1, "https://c/b.mp3"],
    ]);
    const twice = taskState(
      task({
        status: "succeeded",
        choices: [
          { index: 1, url: "https://c/a.mp3" },
          { index: 1, url: "https://c/b.mp3" },
        ],
      }),
    );
    expect(twice.state === "succeeded" && twice.choices.map((c) => c.index)).toEqual([0, 1]);
  });

  it("finish a task with a link whatever its status says, and never poll on one that has ended unreadably", () => {
    const link = [{ index: 0, url: "https://c/a.mp3" }];
    for (const status of ["completed", "success", undefined]) expect(taskState(task({ status, choices: link })).state).toBe("succeeded");
    // A known working status with a link is a stream in progress, not the end.
    expect(taskState(task({ status: "streaming", choices: link })).state).toBe("running");
    expect(taskState(task({ status: "completed" })).state).toBe("running");
    expect(taskState(task({ status: "completed", finished_at: 1_796_148_537.5 }))).toMatchObject({ state: "unrecognised", status: "completed" });
    expect(taskState(task({ status: "error", failed_reason: "no" }))).toMatchObject({ state: "unrecognised" });
  });

  it("prefer the lossless master when offered, unless told to take the mp3", () => {
    const choices = [{ index: 0, url: "https://c/a.mp3", flac_url: "https://c/a.flac", wav_url: "https://c/a.wav" }];
    const lossless = taskState(task({ status: "succeeded", choices }));
    expect(lossless.state === "succeeded" && lossless.choices[0]!.url).toBe("https://c/a.wav");
    const flacOnly = taskState(task({ status: "succeeded", choices: [{ index: 0, url: "https://c/a.mp3", flac_url: "https://c/a.flac" }] }));
    expect(flacOnly.state === "succeeded" && flacOnly.choices[0]!.url).toBe("https://c/a.flac");
    const mp3 = taskState(task({ status: "succeeded", choices }), "mp3");
    expect(mp3.state === "succeeded" && mp3.choices[0]!.url).toBe("https://c/a.mp3");
  });

  it("take a song link on plain http:// to a CDN as a link to download, never as a failure to pay for again", () => {
    const choices = [{ index: 0, url: "http://cdn.example.com/a.mp3" }];
    const state = taskState(task({ status: "succeeded", choices }));
    expect(state).toMatchObject({ state: "succeeded", choices: [{ url: "http://cdn.example.com/a.mp3" }] });
    expect(refuseAudioLink(new URL("http://cdn.example.com/a.mp3"))).toBeUndefined();
    // Only links of no web scheme are refused, and the job says so instead of advising a new request.
    expect(refuseAudioLink(new URL("ftp://cdn.example.com/a.mp3"))).toMatch(/scheme/);
  });

  it("read a duration in milliseconds or seconds by what a song's length can be", () => {
    expect(durationMs(184_000)).toEqual({ ms: 184_000, unit: "ms" });
    expect(durationMs(184.2)).toEqual({ ms: 184_200, unit: "s" });
    expect(durationMs(184, 184_050)).toEqual({ ms: 184_000, unit: "s" });
    expect(durationMs(undefined)).toBeUndefined();
  });

  it("never fail on deep or hostile JSON", () => {
    let deep: unknown = { url: "https://c/a.mp3" };
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(taskState(task({ status: "succeeded", choices: deep, extra: deep })).state).toBe("failed");
    expect(SongTaskSchema.safeParse([]).success).toBe(false);
    expect(taskState(task({ status: 7, choices: { 0: "x" }, finished_at: {} })).state).toBe("running");
  });
});

describe("loopback and secrets", () => {
  it("knows loopback addresses in their usual spellings", () => {
    for (const host of ["localhost", "127.0.0.1", "127.1.2.3", "[::1]", "::1", "[::ffff:7f00:1]", "::ffff:127.0.0.1"]) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ["example.com", "10.0.0.1", "128.0.0.1", "[::2]", "localhost.example.com", "[::ffff:a00:1]"]) expect(isLoopbackHost(host)).toBe(false);
  });

  it("allows https anywhere and http only to loopback", () => {
    expect(refuseInsecureUrl(new URL("https://api.example.com"))).toBeUndefined();
    expect(refuseInsecureUrl(new URL("http://127.0.0.1:8080"))).toBeUndefined();
    expect(refuseInsecureUrl(new URL("http://api.example.com"))).toMatch(/refused/);
    expect(refuseInsecureUrl(new URL("file:///etc/passwd"))).toMatch(/scheme/);
  });

  it("redacts every occurrence of a secret", () => {
    expect(redact("Bearer sk-12345678 and sk-12345678 again", ["sk-12345678"])).toBe("Bearer [redacted] and [redacted] again");
  });

  it("never garbles text with a secret too short to be a key (such keys are refused before use)", () => {
    expect(redact("a cat sat on a mat", ["a"])).toBe("a cat sat on a mat");
    expect(redact("Invalid Authentication", ["Invalid"])).toBe("Invalid Authentication");
  });
});
