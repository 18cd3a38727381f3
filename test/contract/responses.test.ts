import { describe, expect, it } from "vitest";
import { isLoopbackHost, refuseInsecureUrl } from "../../src/contract/loopback.js";
import { redact } from "../../src/service/redact.js";
import { ErrorBodySchema, PodcastResponseSchema, SongTaskCreatedSchema, SongTaskSchema, taskState } from "../../src/contract/responses.js";

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
    for (const choices of [undefined, [], [{ index: 0, url: "" }], [{ index: 0, url: null }], [{ index: 0, url: "http://cdn.example/a.mp3" }]]) {
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
