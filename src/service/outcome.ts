import type { RawAnswer } from "./raw-answer.js";

/*
 * Every call to the service ends in exactly one of these kinds; nothing is thrown for a failure the
 * service or the network can cause. The kind says what the caller may do next:
 *
 *   accepted      the service took the request; `value` is its validated answer
 *   rejected      the input (or the link) was refused: 400, 404, 422, 451, …; fix it, do not resend
 *   auth          the key is wrong (401, or any status whose message says so) or the account's region is refused (403);
 *                 stop and tell the user which (`cause`)
 *   rate-limited  429 "Rate limit…": too many at once; wait (retryAfterMs when the service said)
 *   quota         out of credit (402, or a message about quota, credit, balance or billing); never resend automatically
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
  /** The answer as received, without the key, for the journal when podc cannot act on it (made on demand). */
  raw?: () => RawAnswer;
}
export interface Rejected extends OutcomeBase {
  kind: "rejected";
}
export interface AuthFailed extends OutcomeBase {
  kind: "auth";
  status: number;
  /** "key": the key is wrong or missing; "region": the service refuses requests from where this machine is. */
  cause: "key" | "region";
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
  /** BAD_BODY: the answer as received, without the key, so that a later podc can read it. */
  raw?: RawAnswer;
}

export type Failure = Rejected | AuthFailed | RateLimited | QuotaExceeded | ServerError | NotSent | Ambiguous;
export type Outcome<T> = Accepted<T> | Failure;

/*
 * What an error answer means is read from its message as well as its status: the interface promises only "400 or
 * greater" and a message, the public record has one status (429) for two meanings, and services word them freely. A
 * misreading towards "key", "quota" or "rate limit" only ever keeps a request unsent; it never makes podc pay.
 */
const AUTH_PATTERN = /invalid[ _-]?(api[ _-]?)?key|api[ _-]?key|authenticat|unauthori[sz]ed|credential|bearer|access token|token (is )?(invalid|expired)/i;
const REGION_PATTERN = /region|countr(y|ies)|territor|not (available|supported|offered) (in|from) your|your location/i;
const QUOTA_PATTERN = /quota|billing|credit|balance|insufficient (fund|point)|payment|top.?up|recharge|out of (point|token)s/i;
const RATE_PATTERN = /rate.?limit|too many requests|slow down|concurren/i;

/** Classifies a non-2xx HTTP answer by its message and its status, as described above and in api-facts. */
export function classifyHttpFailure(status: number, message: string, traceId: string | undefined, attempts: number, retryAfterMs?: number): Failure {
  const base = { status, message, attempts, ...(traceId ? { traceId } : {}) };
  if (REGION_PATTERN.test(message) || (status === 403 && !AUTH_PATTERN.test(message) && !QUOTA_PATTERN.test(message))) {
    return { kind: "auth", cause: "region", ...base };
  }
  if (status === 401 || AUTH_PATTERN.test(message)) return { kind: "auth", cause: "key", ...base };
  if (status === 402 || QUOTA_PATTERN.test(message)) return { kind: "quota", ...base };
  if (status === 429 || (status < 500 && RATE_PATTERN.test(message))) {
    return { kind: "rate-limited", ...base, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
  }
  if (status >= 500) return { kind: "server-error", ...base };
  return { kind: "rejected", ...base };
}

/** What a person does about a refused request: the key, or where the request comes from. */
export function authAdvice(failure: Pick<AuthFailed, "cause">): string {
  return failure.cause === "region"
    ? "the service does not serve the region this request came from: run podc where the service is offered (or through a proxy there, with HTTPS_PROXY); the key is not the problem"
    : "check PODC_API_KEY (the key is created in the account's dashboard, under API keys)";
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
