import type { Outcome } from "./outcome.js";

/** How hard a call tries again. Delays grow 2× per attempt up to `maxDelayMs`, with jitter. */
export interface RetryPolicy {
  /** Attempts in all, the first one included; 1 turns retrying off. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Longest `Retry-After` honoured; a longer one ends the call with its 429 so the caller can decide. */
  retryAfterCapMs: number;
  /** Source of jitter in [0, 1); tests pin it. */
  random?: () => number;
}

export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  retryAfterCapMs: 30_000,
};

/**
 * "read": query and download, harmless to repeat. "paid": creating a song or podcast bills the user,
 * so it is repeated only when the previous attempt provably never left this machine.
 */
export type CallClass = "read" | "paid";

/**
 * Failures before a single byte was written that a later attempt can plausibly get past. A TLS
 * certificate error is also "not sent", but repeating it changes nothing; a cancelled call stays cancelled.
 */
const TRANSIENT_BEFORE_SEND = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_SOCKET",
  "DEADLINE",
]);

/** Whether a failed attempt may be made again automatically, given what kind of call it was. */
export function isRetryable(outcome: Outcome<unknown>, callClass: CallClass): boolean {
  if (outcome.kind === "not-sent") return TRANSIENT_BEFORE_SEND.has(outcome.code);
  if (callClass === "paid") return false;
  return outcome.kind === "rate-limited" || outcome.kind === "server-error" || outcome.kind === "ambiguous";
}

/**
 * Milliseconds to wait after failed attempt number `attempt` (1-based), or undefined when the service
 * asked for a longer pause than the policy honours.
 */
export function retryDelayMs(policy: RetryPolicy, attempt: number, outcome: Outcome<unknown>): number | undefined {
  if (outcome.kind === "rate-limited" && outcome.retryAfterMs !== undefined) {
    return outcome.retryAfterMs <= policy.retryAfterCapMs ? outcome.retryAfterMs : undefined;
  }
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  // Half fixed, half random: spreads clients apart without ever retrying at once.
  const random = policy.random ?? Math.random;
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Reads a `Retry-After` header (delay in seconds, or an HTTP date) as milliseconds from `nowMs`. */
export function parseRetryAfter(value: string | undefined, nowMs: number = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

/** Waits `ms`, or less when `signal` aborts; resolves false in that case. */
export function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const onAbort = (): void => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** What a retry loop reports before each pause. */
export interface RetryNotice {
  attempt: number;
  delayMs: number;
  outcome: Outcome<unknown>;
}

/**
 * Runs `attempt` until it is accepted, fails in a way `callClass` may not repeat, or the policy's
 * attempts run out; returns the last outcome with `attempts` set to the number made.
 */
export async function withRetries<T>(
  policy: RetryPolicy,
  callClass: CallClass,
  attempt: (n: number) => Promise<Outcome<T>>,
  options: { signal?: AbortSignal; onRetry?: (notice: RetryNotice) => void } = {},
): Promise<Outcome<T>> {
  for (let n = 1; ; n++) {
    const outcome = { ...(await attempt(n)), attempts: n };
    if (outcome.kind === "accepted" || n >= policy.maxAttempts || !isRetryable(outcome, callClass)) return outcome;
    // A call its own caller cancelled (Ctrl-C, a run's deadline) did not fail: there is nothing to retry or report.
    if (options.signal?.aborted) return outcome;
    const delayMs = retryDelayMs(policy, n, outcome);
    if (delayMs === undefined) return outcome;
    options.onRetry?.({ attempt: n, delayMs, outcome });
    if (!(await sleep(delayMs, options.signal))) return outcome;
  }
}
