/*
 * Every call to the service ends in exactly one of these kinds; nothing is thrown for a failure the
 * service or the network can cause. The kind says what the caller may do next:
 *
 *   accepted      the service took the request; `value` is its validated answer
 *   rejected      the input (or the link) was refused: 400, 404, 422, 451, …; fix it, do not resend
 *   auth          401/403: the key is wrong or not allowed; stop and tell the user
 *   rate-limited  429 "Rate limit…": too many at once; wait (retryAfterMs when the service said)
 *   quota         429 "…quota…": out of credit; never resend automatically
 *   server-error  5xx: the service failed; a paid request may or may not have been billed
 *   not-sent      the request provably never left this machine (refused, DNS, connect timeout, …)
 *   ambiguous     the request may have reached the service, but no usable answer came back
 *
 * `message` never contains the API key. `status` is the HTTP status when one arrived.
 */

export type OutcomeKind = "accepted" | "rejected" | "auth" | "rate-limited" | "quota" | "server-error" | "not-sent" | "ambiguous";

interface OutcomeBase {
  status?: number;
  /** The service's trace id for this exchange, for support; from the body's `trace_id` or the X-Trace-Id header. */
  traceId?: string;
  message: string;
  /** How many HTTP attempts the call made (retries included). */
  attempts: number;
}

export interface Accepted<T> extends OutcomeBase {
  kind: "accepted";
  status: number;
  value: T;
}
export interface Rejected extends OutcomeBase {
  kind: "rejected";
}
export interface AuthFailed extends OutcomeBase {
  kind: "auth";
  status: number;
}
export interface RateLimited extends OutcomeBase {
  kind: "rate-limited";
  status: number;
  /** From `Retry-After`, when the service sent one. */
  retryAfterMs?: number;
}
export interface QuotaExceeded extends OutcomeBase {
  kind: "quota";
  status: number;
}
export interface ServerError extends OutcomeBase {
  kind: "server-error";
  status: number;
}
export interface NotSent extends OutcomeBase {
  kind: "not-sent";
  /** The system or undici error code (ECONNREFUSED, ENOTFOUND, UND_ERR_CONNECT_TIMEOUT, DEADLINE, ABORTED, …). */
  code: string;
}
export interface Ambiguous extends OutcomeBase {
  kind: "ambiguous";
  /** What broke: an error code (UND_ERR_SOCKET, UND_ERR_HEADERS_TIMEOUT, DEADLINE, …), OVERSIZE, or BAD_BODY. */
  code: string;
}

export type Failure = Rejected | AuthFailed | RateLimited | QuotaExceeded | ServerError | NotSent | Ambiguous;
export type Outcome<T> = Accepted<T> | Failure;

/** Message fragment that marks the quota flavour of 429; the rate-limit flavour has the same status. */
const QUOTA_PATTERN = /quota|billing/i;

/** Classifies a non-2xx HTTP answer by status and (for 429) by message, as api-facts.md describes. */
export function classifyHttpFailure(status: number, message: string, traceId: string | undefined, attempts: number, retryAfterMs?: number): Failure {
  const base = { status, message, attempts, ...(traceId ? { traceId } : {}) };
  if (status === 401 || status === 403) return { kind: "auth", ...base };
  if (status === 429) {
    if (QUOTA_PATTERN.test(message)) return { kind: "quota", ...base };
    return { kind: "rate-limited", ...base, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
  }
  if (status >= 500) return { kind: "server-error", ...base };
  return { kind: "rejected", ...base };
}

/** One line for a person: kind, status, trace id and message, e.g. `rejected (HTTP 400, trace ab12): Invalid Request`. */
export function describeOutcome(outcome: Outcome<unknown>): string {
  const parts: string[] = [];
  if (outcome.status !== undefined) parts.push(`HTTP ${outcome.status}`);
  if (outcome.traceId) parts.push(`trace ${outcome.traceId}`);
  if ((outcome.kind === "not-sent" || outcome.kind === "ambiguous") && outcome.code) parts.push(outcome.code);
  if (outcome.attempts > 1) parts.push(`${outcome.attempts} attempts`);
  return `${outcome.kind}${parts.length > 0 ? ` (${parts.join(", ")})` : ""}: ${outcome.message}`;
}
