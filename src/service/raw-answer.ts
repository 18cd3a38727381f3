import type { IncomingHttpHeaders } from "node:http";
import { redact } from "./redact.js";

/*
 * A paid answer exactly as it came, for the journal: when podc cannot read what the service sent, the bytes are kept,
 * so that a later podc that can read them finishes the job from them and never pays for it again. The key is removed
 * from the body and from every header (a service may echo it back); the body is cut at RAW_BODY_CHARS, far beyond any
 * answer the service documents, so that a hostile answer cannot fill the journal.
 */

/** Characters of a body kept: sixty-four thousand (a task with ten choices and their lyric timings is a few). */
const RAW_BODY_CHARS = 64 * 1024;

/** An answer as received: its status, headers and body text, without the key. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The body was longer than what is kept. */
  truncated?: boolean;
}

/** The answer `status`/`headers`/`text` as the journal keeps it, free of every secret. */
export function rawAnswer(status: number, headers: IncomingHttpHeaders, text: string, secrets: readonly string[]): RawAnswer {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    kept[name] = redact(Array.isArray(value) ? value.join(", ") : value, secrets);
  }
  const truncated = text.length > RAW_BODY_CHARS;
  const body = redact(truncated ? text.slice(0, RAW_BODY_CHARS) : text, secrets);
  return { status, headers: kept, body, ...(truncated ? { truncated } : {}) };
}

/** Response headers a service or its CDN puts a request's trace id in, most specific first. */
const TRACE_HEADERS = [
  "x-trace-id",
  "trace-id",
  "x-request-id",
  "request-id",
  "x-correlation-id",
  "x-amzn-trace-id",
  "x-amzn-requestid",
  "x-amz-request-id",
  "x-amz-cf-id",
  "x-cloud-trace-context",
  "x-b3-traceid",
  "traceparent",
  "cf-ray",
];

/** The trace id a response's headers carry (from the first of the usual headers present, without secrets); undefined when none does. */
export function traceIdFromHeaders(headers: IncomingHttpHeaders, secrets: readonly string[]): string | undefined {
  for (const name of TRACE_HEADERS) {
    const value = headers[name];
    const text = (Array.isArray(value) ? value[0] : value)?.trim();
    if (text)
      return redact(text, secrets)
        .replace(/[\u0000-\u001f\u007f]/g, "")
        .slice(0, 200);
  }
  return undefined;
}
