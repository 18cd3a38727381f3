import { describe, expect, it } from "vitest";
import type { Outcome } from "../../src/service/outcome.js";
import { classifyHttpFailure } from "../../src/service/outcome.js";
import { DEFAULT_RETRY_POLICY, isRetryable, parseRetryAfter, retryDelayMs, withRetries } from "../../src/service/retry.js";

const failure = (kind: Outcome<unknown>["kind"], extra: Record<string, unknown> = {}): Outcome<unknown> =>
  ({ kind, message: "m", attempts: 1, status: 500, code: "X", ...extra }) as Outcome<unknown>;

describe("which failures are tried again", () => {
  it("repeats reads on rate limits, server errors, ambiguity and transient not-sent, never on input, auth or quota", () => {
    for (const kind of ["rate-limited", "server-error", "ambiguous"] as const) expect(isRetryable(failure(kind), "read")).toBe(true);
    for (const kind of ["rejected", "auth", "quota"] as const) expect(isRetryable(failure(kind), "read")).toBe(false);
    expect(isRetryable(failure("not-sent", { code: "ECONNREFUSED" }), "read")).toBe(true);
  });

  it("repeats a paid call only when it provably never left", () => {
    for (const kind of ["rate-limited", "server-error", "ambiguous", "rejected", "auth", "quota"] as const) {
      expect(isRetryable(failure(kind), "paid")).toBe(false);
    }
    for (const code of ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "UND_ERR_CONNECT_TIMEOUT", "DEADLINE"]) {
      expect(isRetryable(failure("not-sent", { code }), "paid")).toBe(true);
    }
    expect(isRetryable(failure("not-sent", { code: "ABORTED" }), "paid")).toBe(false);
    expect(isRetryable(failure("not-sent", { code: "CERT_HAS_EXPIRED" }), "paid")).toBe(false);
  });
});

describe("how long to wait", () => {
  it("grows exponentially with jitter up to the cap", () => {
    const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 1000 };
    const low = { ...policy, random: () => 0 };
    const high = { ...policy, random: () => 0.999 };
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(low, n, failure("server-error")))).toEqual([50, 100, 200, 400, 500]);
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(high, n, failure("server-error")))).toEqual([100, 200, 400, 800, 1000]);
  });

  it("honours Retry-After up to the policy's cap, and declines beyond it", () => {
    const policy = { ...DEFAULT_RETRY_POLICY, retryAfterCapMs: 5000 };
    expect(retryDelayMs(policy, 1, failure("rate-limited", { retryAfterMs: 3000 }))).toBe(3000);
    expect(retryDelayMs(policy, 1, failure("rate-limited", { retryAfterMs: 6000 }))).toBeUndefined();
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2025-01-01T00:00:00Z");
    expect(parseRetryAfter("7", now)).toBe(7000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
    expect(parseRetryAfter("Wed, 01 Jan 2025 00:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Tue, 31 Dec 2024 00:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});

describe("the loop", () => {
  it("counts attempts, stops at success or at the limit", async () => {
    const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 1, maxDelayMs: 1, maxAttempts: 4 };
    let calls = 0;
    const flaky = await withRetries(policy, "read", async () =>
      ++calls < 3 ? failure("server-error") : ({ kind: "accepted", status: 200, value: 1, message: "ok", attempts: 1 } as const),
    );
    expect(flaky).toMatchObject({ kind: "accepted", attempts: 3 });
    const never = await withRetries(policy, "read", async () => failure("ambiguous"));
    expect(never.attempts).toBe(4);
    const paid = await withRetries(policy, "paid", async () => failure("ambiguous"));
    expect(paid.attempts).toBe(1);
  });

  it("stops waiting when the caller cancels", async () => {
    const controller = new AbortController();
    const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 60_000, maxDelayMs: 60_000 };
    setTimeout(() => controller.abort(), 20);
    const started = Date.now();
    const outcome = await withRetries(policy, "read", async () => failure("server-error"), { signal: controller.signal });
    expect(outcome.attempts).toBe(1);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("neither retries nor reports as a failure a call cancelled by its caller (a run's deadline, Ctrl-C)", async () => {
    const controller = new AbortController();
    const notices: unknown[] = [];
    const outcome = await withRetries(
      DEFAULT_RETRY_POLICY,
      "read",
      async () => {
        controller.abort();
        return failure("ambiguous");
      },
      { signal: controller.signal, onRetry: (notice) => notices.push(notice) },
    );
    expect(outcome.attempts).toBe(1);
    expect(notices).toEqual([]);
  });
});

describe("classifying a status", () => {
  it("tells the two 429s apart by their message only", () => {
    expect(classifyHttpFailure(429, "Rate limit reached for requests", "t", 1).kind).toBe("rate-limited");
    expect(classifyHttpFailure(429, "You exceeded your current quota, please check your billing details", "t", 1).kind).toBe("quota");
    expect(classifyHttpFailure(429, "", undefined, 1).kind).toBe("rate-limited");
  });

  it("maps the documented statuses", () => {
    const kinds = [400, 401, 403, 404, 422, 451, 500, 503].map((s) => classifyHttpFailure(s, "m", undefined, 1).kind);
    expect(kinds).toEqual(["rejected", "auth", "auth", "rejected", "rejected", "rejected", "server-error", "server-error"]);
  });
});
