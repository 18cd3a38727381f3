/**
 * The HTTP client of the Audio Generation Service. API:
 *
 *   const client = new ServiceClient({ baseUrl, apiKey, queryPath?, requestTimeoutMs?, connectTimeoutMs?,
 *                                      headersTimeoutMs?, bodyTimeoutMs?, maxResponseBytes?,
 *                                      maxDownloadBytes?, retry?, onEvent? });
 *   client.createSong(body, { idempotencyKey?, signal? })    → Outcome<SongTaskCreated>   (paid)
 *   client.createPodcast(body, { idempotencyKey?, signal? }) → Outcome<PodcastResponse>   (paid)
 *   client.queryTask(id, { signal? })                        → Outcome<SongTask>          (read)
 *   client.download(url, destPath, { signal?, maxBytes? })   → Outcome<Downloaded>        (read)
 *   await client.close();
 *
 * Every method resolves to an Outcome (see outcome.ts) and never rejects for anything the service or
 * the network does; the constructor throws ServiceConfigError for an unusable base URL or key, and
 * download throws LocalError when the destination cannot be written. Reads are retried on 429 (not
 * quota), 5xx, ambiguous and not-sent failures; paid calls only when the attempt provably never left
 * this machine. Reads share one keep-alive agent; paid calls take fresh connections (exchange.ts says why). The API key appears only in the
 * Authorization header of requests to the base URL's origin, never in an outcome, event or error.
 */
import type { Dispatcher } from "undici";
import type { z } from "zod";
import type { ServiceSettings } from "../config/schema.js";
import { PODCAST_PATH, PodcastRequestSchema, SONG_PATH, SongRequestSchema } from "../contract/requests.js";
import type { PodcastRequest, SongRequest } from "../contract/requests.js";
import {
  PodcastResponseSchema,
  SongTaskCreatedSchema,
  SongTaskSchema,
  type PodcastResponse,
  type SongTask,
  type SongTaskCreated,
} from "../contract/responses.js";
import { classifyHttpFailure, type Outcome, type OutcomeKind } from "./outcome.js";
import { DEFAULT_RETRY_POLICY, parseRetryAfter, withRetries, type CallClass, type RetryPolicy } from "./retry.js";
import { attempt, createDispatcher, headerValue, parseJson, readCapped, readErrorBody, transportOutcome, type AttemptResult } from "./exchange.js";
import { baseUrlProblem, isLoopbackHost } from "../contract/loopback.js";
import { publicOnlyLookup } from "./public-lookup.js";
import { apiKeyProblems } from "./api-key.js";
import { oneLine, redact } from "./redact.js";
import { downloadAudio, type Downloaded } from "./download.js";
import { rawAnswer, traceIdFromHeaders, type RawAnswer } from "./raw-answer.js";
import { DEFAULT_QUERY_PATH } from "../contract/paths.js";

export type { Downloaded } from "./download.js";

export type Operation = "createSong" | "createPodcast" | "queryTask" | "download";

/** What the client reports as it works, for progress and logs. Never carries the key. */
export type ServiceEvent =
  | { type: "attempt"; operation: Operation; method: "GET" | "POST"; url: string; attempt: number }
  | {
      type: "outcome";
      operation: Operation;
      attempt: number;
      kind: OutcomeKind;
      status?: number;
      traceId?: string;
      ms: number;
      message: string;
    }
  | { type: "retry"; operation: Operation; attempt: number; delayMs: number; reason: string };

export interface ServiceClientOptions {
  /** `https://…`, or `http://` to a loopback address; may carry a path prefix. */
  baseUrl: string;
  apiKey: string;
  /** Template of the task query path; `{id}` is replaced by the URL-encoded task id. */
  queryPath?: string;
  /** Deadline of one attempt, connect to last byte (default 120 000). */
  requestTimeoutMs?: number;
  /** Deadline of TCP connect and TLS handshake (default 10 000). */
  connectTimeoutMs?: number;
  /** Longest wait for response headers once sent (default: requestTimeoutMs). */
  headersTimeoutMs?: number;
  /** Longest silence inside a response body (default 30 000). */
  bodyTimeoutMs?: number;
  /** Cap on a JSON answer, in bytes (default 1 MiB). */
  maxResponseBytes?: number;
  /** Cap on a downloaded file, in bytes, unless a call gives its own (default 1 GiB). */
  maxDownloadBytes?: number;
  retry?: Partial<RetryPolicy>;
  /** Where HTTPS_PROXY, HTTP_PROXY and NO_PROXY are read (default: this process's environment). */
  env?: NodeJS.ProcessEnv;
  onEvent?: (event: ServiceEvent) => void;
}

export interface PaidCallOptions {
  /** Sent as `Idempotency-Key`, identical on every attempt of this call. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  onEvent?: CallListener;
}

export interface ReadCallOptions {
  signal?: AbortSignal;
  onEvent?: CallListener;
}

export interface DownloadOptions {
  signal?: AbortSignal;
  maxBytes?: number;
  /** The file's final path, once its content type is known (in the folder of `destPath`, which then names only the temporary file). */
  finalPath?: (contentType: string) => string;
  onEvent?: CallListener;
}

/**
 * Told this call's events too, after the client's `onEvent`: how a caller with many calls in flight tells them apart
 * (the runner, by job) without tracking asynchronous context, which costs every promise of the process.
 */
export type CallListener = (event: ServiceEvent) => void;

/** The service cannot be used as configured (bad base URL, unusable key); the message says what to fix. */
export class ServiceConfigError extends Error {
  override name = "ServiceConfigError";
}

/** Client options from the project configuration's `service` block, plus the key and base URL from the environment. */
export function clientOptionsFromSettings(settings: ServiceSettings, apiKey: string, baseUrl: string): ServiceClientOptions {
  return { baseUrl, apiKey, queryPath: settings.queryPath, requestTimeoutMs: settings.requestTimeoutMs };
}

interface Resolved {
  base: URL;
  queryPath: string;
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  maxResponseBytes: number;
  maxDownloadBytes: number;
  retry: RetryPolicy;
}

export class ServiceClient {
  readonly #key: string;
  readonly #options: Resolved;
  readonly #dispatcher: Dispatcher;
  readonly #paidDispatcher: Dispatcher;
  /** For audio links: one that connects to public addresses only, unless the service itself is on loopback. */
  readonly #downloadDispatcher: Dispatcher;
  readonly #onEvent: ((event: ServiceEvent) => void) | undefined;

  constructor(options: ServiceClientOptions) {
    // The client refuses only what would break a request (an empty key, one that splits the Authorization header);
    // how strict a front is beyond that (podc run also refuses odd characters and short keys) is its own choice.
    const keyProblem = apiKeyProblems(options.apiKey).find((p) => p.kind === "empty" || p.kind === "line-break");
    if (keyProblem?.kind === "empty") throw new ServiceConfigError("the API key is empty: set PODC_API_KEY");
    if (keyProblem?.kind === "line-break") throw new ServiceConfigError("the API key contains a line break or NUL character");
    const problem = baseUrlProblem(options.baseUrl);
    if (problem?.kind === "not-a-url") throw new ServiceConfigError(`the base URL is not a URL: ${oneLine(redact(options.baseUrl, [options.apiKey]), 200)}`);
    if (problem) throw new ServiceConfigError(`the base URL ${problem.text}`);
    const base = new URL(options.baseUrl);
    const queryPath = options.queryPath ?? DEFAULT_QUERY_PATH;
    if (!queryPath.includes("{id}")) throw new ServiceConfigError("the query path template must contain {id}");
    const requestTimeoutMs = options.requestTimeoutMs ?? 120_000;
    this.#key = options.apiKey;
    this.#options = {
      base,
      queryPath,
      requestTimeoutMs,
      headersTimeoutMs: options.headersTimeoutMs ?? requestTimeoutMs,
      bodyTimeoutMs: options.bodyTimeoutMs ?? 30_000,
      maxResponseBytes: options.maxResponseBytes ?? 1024 * 1024,
      maxDownloadBytes: options.maxDownloadBytes ?? 1024 * 1024 * 1024,
      retry: { ...DEFAULT_RETRY_POLICY, ...options.retry },
    };
    this.#dispatcher = createDispatcher(options.connectTimeoutMs ?? 10_000, false, options.env);
    this.#paidDispatcher = createDispatcher(options.connectTimeoutMs ?? 10_000, true, options.env);
    this.#downloadDispatcher = isLoopbackHost(base.hostname)
      ? this.#dispatcher
      : createDispatcher(options.connectTimeoutMs ?? 10_000, false, options.env, publicOnlyLookup);
    this.#onEvent = options.onEvent;
  }

  /** The origin that may receive the API key; audio links elsewhere are fetched without it. */
  get origin(): string {
    return this.#options.base.origin;
  }

  /** Creates a song task (billed per choice). Resends only when no attempt left this machine. */
  createSong(body: SongRequest, options: PaidCallOptions = {}): Promise<Outcome<SongTaskCreated>> {
    return this.#post("createSong", SONG_PATH, SongRequestSchema, body, SongTaskCreatedSchema, options);
  }

  /** Renders a podcast (billed) and returns its link. Resends only when no attempt left this machine. */
  createPodcast(body: PodcastRequest, options: PaidCallOptions = {}): Promise<Outcome<PodcastResponse>> {
    return this.#post("createPodcast", PODCAST_PATH, PodcastRequestSchema, body, PodcastResponseSchema, options);
  }

  /** Reads a song task through the configured query path; the id is used as an opaque string. */
  queryTask(id: string, options: ReadCallOptions = {}): Promise<Outcome<SongTask>> {
    const path = this.#options.queryPath.split("{id}").join(encodeURIComponent(id));
    return this.#call("queryTask", "read", "GET", this.#url(path), undefined, {}, SongTaskSchema, options.signal, options.onEvent);
  }

  /**
   * Downloads an audio link to `destPath` (written atomically: temporary file, fsync, rename) and
   * returns its size and sha256. See download.ts for the rules on schemes, redirects and the key.
   */
  download(url: string, destPath: string, options: DownloadOptions = {}): Promise<Outcome<Downloaded>> {
    const o = this.#options;
    return withRetries(
      o.retry,
      "read",
      (n) =>
        downloadAudio(
          {
            dispatcher: this.#downloadDispatcher,
            publicOnly: this.#downloadDispatcher !== this.#dispatcher,
            keyOrigin: o.base.origin,
            apiKey: this.#key,
            timeouts: { totalMs: o.requestTimeoutMs, headersMs: o.headersTimeoutMs, bodyMs: o.bodyTimeoutMs },
            onAttempt: (hop) => this.#emit({ type: "attempt", operation: "download", method: "GET", url: hop, attempt: n }, options.onEvent),
          },
          url,
          destPath,
          {
            maxBytes: options.maxBytes ?? o.maxDownloadBytes,
            ...(options.signal ? { signal: options.signal } : {}),
            ...(options.finalPath ? { finalPath: options.finalPath } : {}),
          },
        ),
      this.#retryHooks("download", options.signal, options.onEvent),
    );
  }

  /** Closes the keep-alive connections; pending calls finish first. */
  async close(): Promise<void> {
    await Promise.all([...new Set([this.#dispatcher, this.#paidDispatcher, this.#downloadDispatcher])].map((d) => d.close()));
  }

  #url(path: string): URL {
    const prefix = this.#options.base.pathname.replace(/\/+$/, "");
    return new URL(`${this.#options.base.origin}${prefix}${path}`);
  }

  #post<I, T>(
    operation: Operation,
    path: string,
    requestSchema: z.ZodType<I>,
    body: I,
    responseSchema: z.ZodType<T>,
    options: PaidCallOptions,
  ): Promise<Outcome<T>> {
    const checked = requestSchema.safeParse(body);
    if (!checked.success) {
      return Promise.resolve({ kind: "rejected", message: `not sent, the request body is invalid: ${describeIssues(checked.error)}`, attempts: 0 });
    }
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (options.idempotencyKey !== undefined) {
      if (/[\r\n\0]/.test(options.idempotencyKey)) {
        return Promise.resolve({ kind: "rejected", message: "not sent, the idempotency key contains a line break", attempts: 0 });
      }
      headers["idempotency-key"] = options.idempotencyKey;
    }
    return this.#call(operation, "paid", "POST", this.#url(path), JSON.stringify(checked.data), headers, responseSchema, options.signal, options.onEvent);
  }

  async #call<T>(
    operation: Operation,
    callClass: CallClass,
    method: "GET" | "POST",
    url: URL,
    body: string | undefined,
    extraHeaders: Record<string, string>,
    schema: z.ZodType<T>,
    signal: AbortSignal | undefined,
    onEvent: CallListener | undefined,
  ): Promise<Outcome<T>> {
    const o = this.#options;
    const headers = {
      authorization: `Bearer ${this.#key}`,
      accept: "application/json",
      "user-agent": "podc",
      ...extraHeaders,
    };
    return withRetries(
      o.retry,
      callClass,
      async (n) => {
        this.#emit({ type: "attempt", operation, method, url: url.href, attempt: n }, onEvent);
        const started = Date.now();
        const result = await attempt(
          callClass === "paid" ? this.#paidDispatcher : this.#dispatcher,
          {
            method,
            url,
            headers,
            ...(body !== undefined ? { body } : {}),
            headersTimeoutMs: o.headersTimeoutMs,
            bodyTimeoutMs: o.bodyTimeoutMs,
            totalMs: o.requestTimeoutMs,
            ...(signal ? { signal } : {}),
            secrets: [this.#key],
          },
          (_head, stream) => readCapped(stream, o.maxResponseBytes),
        );
        const outcome = this.#interpret(result, schema, n, callClass);
        this.#emit(
          {
            type: "outcome",
            operation,
            attempt: n,
            kind: outcome.kind,
            ...(outcome.status !== undefined ? { status: outcome.status } : {}),
            ...(outcome.traceId ? { traceId: outcome.traceId } : {}),
            ms: Date.now() - started,
            message: outcome.message,
          },
          onEvent,
        );
        return outcome;
      },
      this.#retryHooks(operation, signal, onEvent),
    );
  }

  #interpret<T>(result: AttemptResult<Buffer>, schema: z.ZodType<T>, attempts: number, callClass: CallClass): Outcome<T> {
    const secrets = [this.#key];
    if (!result.ok) return transportOutcome(result.failure, attempts, secrets);
    const { head, value: raw } = result;
    const text = raw.toString("utf8");
    const json = parseJson(text);
    const traceId = traceIdOf(json, secrets) ?? traceIdFromHeaders(head.headers, secrets);
    const withTrace = traceId ? { traceId } : {};
    if (head.status >= 200 && head.status < 300) {
      const parsed = schema.safeParse(json);
      const kept = (): RawAnswer => rawAnswer(head.status, head.headers, text, secrets);
      if (parsed.success) {
        return { kind: "accepted", status: head.status, value: parsed.data, message: `HTTP ${head.status}`, attempts, raw: kept, ...withTrace };
      }
      // The service took the request but podc cannot find in its answer what it needs: for a paid call the work may
      // exist and be billed, which is exactly "ambiguous". The answer itself is kept, for a podc that can read it.
      const why = json === undefined ? "is not JSON" : `lacks what podc needs (${oneLine(describeIssues(parsed.error), 200)})`;
      return { kind: "ambiguous", code: "BAD_BODY", status: head.status, message: `the answer ${why}`, attempts, raw: kept(), ...withTrace };
    }
    if (callClass === "paid" && head.status >= 300 && head.status < 400) {
      // Something at the service's address received the request and sent it elsewhere: whether it also
      // created (and billed) the task cannot be known, and a paid request is never followed to another place.
      const location = headerValue(head.headers, "location");
      const to = location ? ` to ${oneLine(redact(location, secrets), 200)}` : "";
      return {
        kind: "ambiguous",
        code: "REDIRECT",
        status: head.status,
        message:
          `the service's address answered with a redirect${to}, which podc never follows for a paid request; it may have been received and billed. ` +
          "A redirect usually means the address in PODC_BASE_URL (or service.baseUrl) is not exact: http: for https:, or a missing or extra path",
        attempts,
        ...withTrace,
      };
    }
    const retryAfterMs = parseRetryAfter(headerValue(head.headers, "retry-after"));
    return classifyHttpFailure(head.status, readErrorBody(text, head.status, secrets).message, traceId, attempts, retryAfterMs);
  }

  #retryHooks(operation: Operation, signal: AbortSignal | undefined, onEvent: CallListener | undefined) {
    return {
      ...(signal ? { signal } : {}),
      onRetry: ({ attempt: n, delayMs, outcome }: { attempt: number; delayMs: number; outcome: Outcome<unknown> }) =>
        this.#emit({ type: "retry", operation, attempt: n, delayMs, reason: `${outcome.kind}: ${outcome.message}` }, onEvent),
    };
  }

  #emit(event: ServiceEvent, onCall: CallListener | undefined): void {
    tell(this.#onEvent, event);
    tell(onCall, event);
  }
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ");
}

function traceIdOf(json: unknown, secrets: readonly string[]): string | undefined {
  if (typeof json !== "object" || json === null) return undefined;
  const id = (json as { trace_id?: unknown }).trace_id;
  return typeof id === "string" && id.length > 0 ? oneLine(redact(id, secrets), 200) : undefined;
}

function tell(listener: ((event: ServiceEvent) => void) | undefined, event: ServiceEvent): void {
  if (!listener) return;
  try {
    listener(event);
  } catch {
    // A failing listener must not turn a delivered answer into a failure.
  }
}
