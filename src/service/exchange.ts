import { Agent, EnvHttpProxyAgent, type Dispatcher } from "undici";
import type { IncomingHttpHeaders } from "node:http";
import type { LookupFunction } from "node:net";
import { finished, type Readable } from "node:stream";
import { oneLine, redact } from "./redact.js";
import { classifyHttpFailure, type Outcome } from "./outcome.js";
import { parseRetryAfter } from "./retry.js";
import { ErrorBodySchema } from "../contract/responses.js";
import { traceIdFromHeaders } from "./raw-answer.js";

/*
 * One HTTP attempt over the shared keep-alive agent, and the single fact the money rules hinge on:
 * did any byte of this request reach a socket? An interceptor marks the attempt at the moment undici
 * hands it to a connected socket (`onRequestStart`); a failure before that mark provably never left
 * this machine, a failure after it is ambiguous, whatever the error says.
 */

const PROBE = Symbol("podc.exchange.probe");

interface Probe {
  written: boolean;
}

/**
 * Creates an agent for a client's requests. Reads share keep-alive connections; paid calls take `fresh`
 * connections, because a POST written to an idle socket the server has just closed fails after it was
 * "sent" and would be reported as an unknown outcome — a false alarm about money. `lookup` resolves the names
 * its sockets connect to (downloads use one that refuses addresses of private networks).
 */
export function createDispatcher(connectTimeoutMs: number, fresh = false, env: NodeJS.ProcessEnv = process.env, lookup?: LookupFunction): Dispatcher {
  const proxy = proxySettings(env);
  const connect = { timeout: connectTimeoutMs, ...(lookup ? { lookup } : {}) };
  const options = fresh ? { connect, pipelining: 0 } : { connect, keepAliveTimeout: 4_000 };
  const agent = proxy.httpProxy || proxy.httpsProxy ? new EnvHttpProxyAgent({ ...options, ...proxy }) : new Agent(options);
  return agent.compose((dispatch) => (opts, handler) => {
    const probe = (opts as { [PROBE]?: Probe })[PROBE];
    if (!probe) return dispatch(opts, handler);
    // A proxy rather than a wrapper class: undici still calls either handler API, and both must pass through untouched.
    // Each method is bound once per request, not at every call (undici looks one up for every chunk of a body).
    const bound = new Map<PropertyKey, { of: unknown; method: unknown }>();
    const marked = new Proxy(handler, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop);
        if (typeof value !== "function") return value;
        const known = bound.get(prop);
        if (known?.of === value) return known.method;
        const call = value as (...a: unknown[]) => unknown;
        const method =
          prop === "onRequestStart" || prop === "onConnect"
            ? (...args: unknown[]) => {
                probe.written = true;
                return call.apply(target, args);
              }
            : call.bind(target);
        bound.set(prop, { of: value, method });
        return method;
      },
    });
    return dispatch(opts, marked);
  });
}

/** Where requests go through a proxy: the usual environment variables' values ("" for none). */
interface ProxySettings {
  httpProxy: string;
  httpsProxy: string;
  noProxy: string;
}

/**
 * The proxy settings of an environment: HTTPS_PROXY, HTTP_PROXY and NO_PROXY, in upper or lower case (lower first, as
 * curl reads them). Only these are read, so a client made for a given environment never looks at another's.
 */
function proxySettings(env: NodeJS.ProcessEnv): ProxySettings {
  const read = (name: string): string => env[name.toLowerCase()] ?? env[name] ?? "";
  return { httpProxy: read("HTTP_PROXY"), httpsProxy: read("HTTPS_PROXY"), noProxy: read("NO_PROXY") };
}

export interface AttemptSpec {
  method: "GET" | "POST";
  url: URL;
  headers: Record<string, string>;
  body?: string;
  /** Longest wait for the status line and headers after sending. */
  headersTimeoutMs: number;
  /** Longest silence between two chunks of the response body. */
  bodyTimeoutMs: number;
  /** Deadline of the whole attempt, from dispatch to the last byte consumed. */
  totalMs: number;
  signal?: AbortSignal;
  /** Strings that must never appear in a message (the API key). */
  secrets: readonly string[];
}

/** The part of a response a consumer sees. */
export interface ResponseHead {
  status: number;
  headers: IncomingHttpHeaders;
}

export type AttemptResult<T> = { ok: true; head: ResponseHead; value: T } | { ok: false; failure: TransportFailure };

export interface TransportFailure {
  /** True when no byte of the request reached a socket. */
  beforeSend: boolean;
  code: string;
  message: string;
  /** Present when the failure came after the status line (a truncated or oversized body). */
  head?: ResponseHead;
}

/** Raised by a body consumer to stop reading; the attempt reports it with this code and message. */
export class ConsumeError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Raised by a body consumer for trouble on this machine (a full disk); the attempt rethrows it untouched. */
export class LocalError extends Error {}

/**
 * Sends one request and lets `consume` read the body. Never throws for network or server trouble: every
 * such failure comes back as a TransportFailure whose message is free of `spec.secrets`. A LocalError
 * thrown by `consume` is not the network's and is rethrown.
 */
export async function attempt<T>(
  dispatcher: Dispatcher,
  spec: AttemptSpec,
  consume: (head: ResponseHead, body: Readable) => Promise<T>,
): Promise<AttemptResult<T>> {
  if (spec.signal?.aborted) {
    return { ok: false, failure: { beforeSend: true, code: "ABORTED", message: "cancelled before sending" } };
  }
  const probe: Probe = { written: false };
  // One controller, one timer and one listener, all let go when the attempt ends. AbortSignal.any would tie a signal
  // per attempt to the run's long-lived one, where they pile up until a collection, and each costs the next attempt.
  const controller = new AbortController();
  const deadline = { aborted: false };
  const timer = setTimeout(() => {
    deadline.aborted = true;
    controller.abort();
  }, spec.totalMs);
  const cancel = (): void => controller.abort();
  spec.signal?.addEventListener("abort", cancel, { once: true });
  const signal = controller.signal;
  let head: ResponseHead | undefined;
  try {
    const options = {
      origin: spec.url.origin,
      path: `${spec.url.pathname}${spec.url.search}`,
      method: spec.method,
      headers: spec.headers,
      body: spec.body ?? null,
      headersTimeout: spec.headersTimeoutMs,
      bodyTimeout: spec.bodyTimeoutMs,
      signal,
      [PROBE]: probe,
    } as Dispatcher.RequestOptions;
    const response = await dispatcher.request(options);
    head = { status: response.statusCode, headers: response.headers };
    try {
      const value = await consume(head, response.body);
      return { ok: true, head, value };
    } finally {
      if (!response.body.destroyed) {
        // Destroying an unread body makes undici emit an abort error that nobody else would listen to.
        response.body.on("error", () => undefined);
        response.body.destroy();
      }
    }
  } catch (error) {
    if (error instanceof LocalError) throw error;
    return { ok: false, failure: describeFailure(error, probe.written, spec, deadline, head) };
  } finally {
    clearTimeout(timer);
    spec.signal?.removeEventListener("abort", cancel);
  }
}

function describeFailure(
  error: unknown,
  written: boolean,
  spec: AttemptSpec,
  deadline: { aborted: boolean },
  head: ResponseHead | undefined,
): TransportFailure {
  const withHead = head ? { head } : {};
  const where = spec.url.host;
  if (error instanceof ConsumeError) {
    return { beforeSend: false, code: error.code, message: redact(error.message, spec.secrets), ...withHead };
  }
  if (spec.signal?.aborted) {
    return { beforeSend: !written, code: "ABORTED", message: written ? "cancelled after sending" : "cancelled before sending", ...withHead };
  }
  if (deadline.aborted) {
    const message = `no complete answer from ${where} within ${spec.totalMs} ms`;
    return { beforeSend: !written, code: "DEADLINE", message, ...withHead };
  }
  const code = errorCode(error);
  const known: Record<string, string> = {
    ECONNREFUSED: `connection to ${where} refused`,
    ENOTFOUND: `host ${spec.url.hostname} not found (DNS)`,
    EAI_AGAIN: `host ${spec.url.hostname} could not be resolved right now (DNS)`,
    UND_ERR_CONNECT_TIMEOUT: `could not connect to ${where} in time`,
    UND_ERR_HEADERS_TIMEOUT: `no response headers from ${where} within ${spec.headersTimeoutMs} ms`,
    UND_ERR_BODY_TIMEOUT: `the response body from ${where} stalled for ${spec.bodyTimeoutMs} ms`,
    UND_ERR_SOCKET: `the connection to ${where} closed before the answer was complete`,
    ECONNRESET: `the connection to ${where} was reset`,
    UND_ERR_RES_CONTENT_LENGTH_MISMATCH: `the response from ${where} was shorter than its Content-Length`,
  };
  const detail = error instanceof Error ? oneLine(error.message, 200) : oneLine(String(error), 200);
  const message = redact(known[code] ?? `${detail || "request failed"}`, spec.secrets);
  return { beforeSend: !written, code, message, ...withHead };
}

function errorCode(error: unknown): string {
  if (typeof error === "object" && error !== null) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && code.length > 0) return code;
    const cause = (error as { cause?: unknown }).cause;
    if (cause !== undefined && cause !== error) return errorCode(cause);
    if ((error as { name?: unknown }).name === "AbortError") return "ABORTED";
  }
  return "EUNKNOWN";
}

/** One header as a string (the first value when repeated). */
export function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** Maps a transport failure to an outcome: before sending is "not-sent", after is "ambiguous" unless a status already told. */
export function transportOutcome<T>(failure: TransportFailure, attempts: number, secrets: readonly string[]): Outcome<T> {
  const message = redact(failure.message, secrets);
  if (failure.beforeSend) return { kind: "not-sent", code: failure.code, message, attempts };
  const head = failure.head;
  const traceId = head ? traceIdFromHeaders(head.headers, secrets) : undefined;
  if (head && head.status >= 300) {
    // The status line arrived before the body broke: the service's verdict is known even if its words are not.
    const retryAfterMs = parseRetryAfter(headerValue(head.headers, "retry-after"));
    return classifyHttpFailure(head.status, `HTTP ${head.status} (${message})`, traceId, attempts, retryAfterMs);
  }
  return {
    kind: "ambiguous",
    code: failure.code,
    message,
    attempts,
    ...(head ? { status: head.status } : {}),
    ...(traceId ? { traceId } : {}),
  };
}

/**
 * Hands each chunk of `stream` to `onChunk` as it arrives and resolves at the end. A throw from `onChunk` stops the
 * reading and rejects with what it threw (the attempt then destroys the body). Listening for data, not iterating: an
 * async iterator joins the buffered chunks into a new buffer at every step, a copy of each download.
 */
export function eachChunk(stream: Readable, onChunk: (chunk: Buffer) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (error?: unknown): void => {
      if (settled) return;
      settled = true;
      stream.off("data", onData);
      if (error === undefined) resolve();
      else reject(error instanceof Error ? error : new Error(String(error)));
    };
    const onData = (chunk: Buffer): void => {
      try {
        onChunk(chunk);
      } catch (error) {
        settle(error);
      }
    };
    stream.on("data", onData);
    // finished() tells an end from a close before the end (an aborted or cut-off body), which then fails.
    finished(stream, (error) => settle(error ?? undefined));
  });
}

/** Reads a whole body, refusing to hold more than `maxBytes` of it. */
export async function readCapped(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  await eachChunk(stream, (buffer) => {
    total += buffer.length;
    if (total > maxBytes) throw new ConsumeError("OVERSIZE", `the answer exceeded ${maxBytes} bytes`);
    chunks.push(buffer);
  });
  return Buffer.concat(chunks, total);
}

/** JSON.parse that answers undefined instead of throwing. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The words of an error answer: the documented body's `error.message` and `trace_id` when the service sent JSON (or
 * the usual variants: `error` as a string, a top-level `message` or `detail`), else the plain text itself (a wrong path
 * gets plain text), on one line and without secrets.
 */
export function readErrorBody(text: string, status: number, secrets: readonly string[]): { message: string; traceId?: string } {
  const json = parseJson(text);
  const parsed = ErrorBodySchema.safeParse(json);
  const raw = parsed.success ? parsed.data.error.message : (looseMessage(json) ?? text);
  const message = oneLine(redact(raw, secrets), 300) || `HTTP ${status} with an empty body`;
  const given = typeof json === "object" && json !== null ? (json as { trace_id?: unknown }).trace_id : undefined;
  const traceId = typeof given === "string" && given !== "" ? oneLine(redact(given, secrets), 200) : undefined;
  return traceId ? { message, traceId } : { message };
}

function looseMessage(json: unknown): string | undefined {
  if (typeof json !== "object" || json === null) return undefined;
  const body = json as { error?: unknown; message?: unknown; detail?: unknown };
  for (const value of [body.error, body.message, body.detail]) if (typeof value === "string" && value !== "") return value;
  return undefined;
}
