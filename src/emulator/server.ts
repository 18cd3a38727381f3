/**
 * The local emulator of the Audio Generation Service (`podc serve`, and the tests' counterpart):
 *
 *   const emu = await startEmulator({ apiKey, config?, clockMs?, faults?, … });
 *   emu.url        http://127.0.0.1:PORT — POST /v1/song/generate, GET <queryPath>, POST /v1/tts/podcast
 *   emu.cdnUrl     a second origin that serves the same files (target of the redirect-audio fault)
 *   emu.inject(rule), emu.ledger(), emu.requests(), await emu.close()
 *
 * It answers with the interface's shapes and error body, a trace_id on every response (body and
 * X-Trace-Id header), the limits and voices of the given configuration, task statuses on a clock,
 * and real WAV audio. Faults happen only when asked for (faults.ts); every paid POST is written to a
 * JSONL ledger (ledger.ts) before its answer leaves.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { defaultConfig, type Config } from "../config/schema.js";
import { isLoopbackHost } from "../contract/loopback.js";
import { PODCAST_PATH, SONG_PATH } from "../contract/requests.js";
import { planSong, renderSongCooperatively } from "./audio/song.js";
import { espeakAvailable, renderSpeech, type SpeechEngine } from "./audio/speech.js";
import { encodeWav } from "./audio/wav.js";
import {
  BREAKAGE_KINDS,
  FaultPlan,
  REFUSAL_KINDS,
  TASK_FAULT_KINDS,
  type FaultKind,
  type FaultRule,
  type Route,
} from "./faults.js";
import { AudioStore, type StoredAudio } from "./files.js";
import { Ledger, type LedgerEntry } from "./ledger.js";
import { TaskStore, type TaskEnding } from "./tasks.js";
import { checkPodcast, checkSong } from "./validation.js";

export interface EmulatorOptions {
  /** The one key the emulator accepts as `Authorization: Bearer <key>`. */
  apiKey: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Loopback only; default 127.0.0.1. */
  host?: string;
  /** Limits, voices and the query path template; default `defaultConfig()`. */
  config?: Config;
  /** Length of one task status step (preparing, queued, running) in ms; default 2000. */
  clockMs?: number;
  /** Lifetime of audio links in ms; default one day. */
  linkTtlMs?: number;
  /** Folder for audio and the ledger; default a fresh temporary folder, removed on close. */
  dataDir?: string;
  /** Default `<dataDir>/ledger.jsonl`. */
  ledgerPath?: string;
  /** "auto" (default) uses espeak-ng when installed, else the synthesized voices. */
  speech?: "auto" | SpeechEngine;
  espeakCommand?: string;
  /** What "auto" resolves to; default "mureka-8". */
  autoModel?: string;
  /** Most unfinished song tasks plus podcasts in progress at once (an account's concurrency); default unlimited. */
  concurrency?: number;
  /** Answer unknown paths in plain text, as the real service does, instead of the JSON error body. */
  plainTextNotFound?: boolean;
  /** Faults to inject, in order; none by default. */
  faults?: readonly FaultRule[];
  /** One line per request and per notable event; never contains the key. */
  log?: (line: string) => void;
}

/** One request as the emulator saw it (tests inspect these). */
export interface RequestRecord {
  origin: "api" | "cdn";
  method: string;
  path: string;
  route?: Route;
  traceId: string;
  authorization: "none" | "valid" | "invalid";
  idempotencyKey?: string;
  status?: number;
  fault?: FaultKind;
}

export interface Emulator {
  url: string;
  port: number;
  /** Another origin serving the same audio files; Authorization sent to it is refused with 400. */
  cdnUrl: string;
  dataDir: string;
  ledgerPath: string;
  speechEngine: SpeechEngine;
  /** Adds a fault behind the pending ones. */
  inject(rule: FaultRule): void;
  clearFaults(): void;
  pendingFaults(): FaultRule[];
  ledger(): LedgerEntry[];
  requests(): readonly RequestRecord[];
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;
const MAX_RECORDS = 10_000;

const MESSAGES = {
  auth: "Invalid Authentication",
  rateLimit: "Rate limit reached for requests",
  quota: "You exceeded your current quota, please check your billing details",
  server: "The server had an error while processing your request",
  overloaded: "The engine is currently overloaded, please try again later",
  notFound: "Not Found",
  expired: "Request has expired",
} as const;

/** Starts the emulator on loopback and resolves once it listens. */
export async function startEmulator(options: EmulatorOptions): Promise<Emulator> {
  const host = options.host ?? "127.0.0.1";
  if (!isLoopbackHost(host)) throw new Error(`the emulator listens on loopback only, not ${host}`);
  if (options.apiKey.length === 0) throw new Error("the emulator needs an API key to accept");
  const speechEngine = await chooseEngine(options.speech ?? "auto", options.espeakCommand);
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), "podc-emulator-")));
  const ledgerPath = options.ledgerPath ?? join(dataDir, "ledger.jsonl");
  const state: State = {
    options,
    config: options.config ?? defaultConfig(),
    clockMs: options.clockMs ?? 2000,
    linkTtlMs: options.linkTtlMs ?? 24 * 60 * 60 * 1000,
    speechEngine,
    faults: new FaultPlan(options.faults ?? []),
    ledger: new Ledger(ledgerPath),
    tasks: new TaskStore(options.clockMs ?? 2000),
    audio: new AudioStore(join(dataDir, "audio")),
    records: [],
    podcastsInFlight: 0,
    apiUrl: "",
    cdnUrl: "",
    closed: false,
  };
  const api = createServer((req, res) => void serve(state, "api", req, res));
  const cdn = createServer((req, res) => void serve(state, "cdn", req, res));
  const port = await listen(api, options.port ?? 0, host);
  const cdnPort = await listen(cdn, 0, host);
  const hostInUrl = host.includes(":") ? `[${host}]` : host;
  state.apiUrl = `http://${hostInUrl}:${port}`;
  state.cdnUrl = `http://${hostInUrl}:${cdnPort}`;
  return {
    url: state.apiUrl,
    port,
    cdnUrl: state.cdnUrl,
    dataDir,
    ledgerPath,
    speechEngine,
    inject: (rule) => state.faults.add(rule),
    clearFaults: () => state.faults.clear(),
    pendingFaults: () => state.faults.pending(),
    ledger: () => state.ledger.entries(),
    requests: () => state.records,
    close: async () => {
      state.closed = true;
      await Promise.all([stop(api), stop(cdn)]);
      if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

interface State {
  options: EmulatorOptions;
  config: Config;
  clockMs: number;
  linkTtlMs: number;
  speechEngine: SpeechEngine;
  faults: FaultPlan;
  ledger: Ledger;
  tasks: TaskStore;
  audio: AudioStore;
  records: RequestRecord[];
  podcastsInFlight: number;
  apiUrl: string;
  cdnUrl: string;
  closed: boolean;
}

async function chooseEngine(wanted: "auto" | SpeechEngine, command?: string): Promise<SpeechEngine> {
  if (wanted === "synth") return "synth";
  const available = await espeakAvailable(command);
  if (wanted === "espeak-ng" && !available) throw new Error("speech engine espeak-ng was asked for but is not installed (apt-get install espeak-ng)");
  return available ? "espeak-ng" : "synth";
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function stop(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    // Endless bodies and idle keep-alive connections would otherwise hold close() open.
    server.closeAllConnections();
  });
}

/* ----------------------------------------------------------------------------------------------- */

/** An answer with a status and a small body. */
type StatusReply =
  | { type: "json"; status: number; body: Record<string, unknown>; headers?: Record<string, string> }
  | { type: "text"; status: number; text: string };

/** What a handler decided to answer; sent by `send`, possibly broken by a fault. */
type Reply = StatusReply | { type: "file"; file: StoredAudio } | { type: "redirect"; location: string };

interface Exchange {
  state: State;
  origin: "api" | "cdn";
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  traceId: string;
  record: RequestRecord;
}

async function serve(state: State, origin: "api" | "cdn", req: IncomingMessage, res: ServerResponse): Promise<void> {
  const traceId = randomBytes(16).toString("hex");
  res.setHeader("x-trace-id", traceId);
  const url = new URL(req.url ?? "/", "http://emulator");
  const idempotencyKey = header(req, "idempotency-key");
  const record: RequestRecord = {
    origin,
    method: req.method ?? "GET",
    path: url.pathname + url.search,
    traceId,
    authorization: authorizationOf(req, state.options.apiKey),
    ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
  };
  state.records.push(record);
  if (state.records.length > MAX_RECORDS) state.records.shift();
  const ex: Exchange = { state, origin, req, res, url, traceId, record };
  try {
    await route(ex);
  } catch (error) {
    state.options.log?.(`${record.method} ${record.path} failed inside the emulator: ${(error as Error).message}`);
    if (!res.headersSent) await send(ex, errorReply(500, MESSAGES.server));
    else res.destroy();
  } finally {
    const status = record.status ?? (res.headersSent ? res.statusCode : undefined);
    state.options.log?.(
      `${record.method} ${record.path} → ${status ?? "no answer"}${record.fault ? ` [fault ${record.fault}]` : ""} trace=${traceId}`,
    );
  }
}

async function route(ex: Exchange): Promise<void> {
  const { state, req, url } = ex;
  const method = req.method ?? "GET";
  const files = /^\/files\/([0-9a-f]+)\/[^/]+$/.exec(url.pathname);
  if (files) {
    await drain(req);
    if (method !== "GET" && method !== "HEAD") return send(ex, errorReply(405, "Method Not Allowed"));
    return serveAudio(ex, files[1]!);
  }
  if (ex.origin === "cdn") {
    await drain(req);
    return send(ex, notFound(state));
  }
  const match = matchApiRoute(url, state.config.service.queryPath);
  if (!match) {
    await drain(req);
    return send(ex, notFound(state));
  }
  ex.record.route = match.route;
  const expected = match.route === "song.query" ? "GET" : "POST";
  const body = await readBody(req);
  if (method !== expected) return send(ex, errorReply(405, "Method Not Allowed"));
  const paid = match.route !== "song.query";
  if (ex.record.authorization !== "valid") {
    if (paid) bill(ex, { status: 401, billed: false, units: 0, body });
    return send(ex, errorReply(401, MESSAGES.auth));
  }
  const latency = state.faults.take(match.route, ["latency"]);
  const refusal = state.faults.take(match.route, REFUSAL_KINDS);
  if (refusal) {
    const reply = refusalReply(refusal);
    ex.record.fault = refusal.kind;
    if (paid) bill(ex, { status: reply.status, billed: false, units: 0, body, fault: refusal.kind });
    await delay(latency?.ms ?? 0);
    return send(ex, reply);
  }
  const work: Work =
    match.route === "song.query"
      ? { reply: query(ex, match.id), units: 0 }
      : match.route === "song.generate"
        ? createSong(ex, body)
        : await createPodcast(ex, body);
  const reply = work.reply;
  // Breakage applies to work actually done; a refused request stays a plain refusal.
  const breakage = reply.type === "json" && reply.status === 200 ? state.faults.take(match.route, BREAKAGE_KINDS) : undefined;
  if (breakage) ex.record.fault = breakage.kind;
  if (paid && reply.type === "json") {
    const billed = reply.status === 200;
    bill(ex, {
      status: reply.status,
      billed,
      units: billed ? work.units : 0,
      body,
      ...(work.taskId !== undefined ? { taskId: work.taskId } : {}),
      ...(breakage ? { fault: breakage.kind } : latency ? { fault: "latency" } : {}),
    });
  }
  await delay(latency?.ms ?? 0);
  return send(ex, reply, breakage?.kind);
}

/** A handler's answer and what it would cost the user. */
interface Work {
  reply: Reply;
  units: number;
  taskId?: string;
}

type ApiMatch = { route: "song.generate" | "podcast" } | { route: "song.query"; id: string };

/** Maps a request path to a route; the query path follows the configured template. */
function matchApiRoute(url: URL, queryTemplate: string): ApiMatch | undefined {
  if (url.pathname === SONG_PATH && url.search === "") return { route: "song.generate" };
  if (url.pathname === PODCAST_PATH && url.search === "") return { route: "podcast" };
  const withQuery = queryTemplate.includes("?");
  const target = withQuery ? url.pathname + url.search : url.pathname;
  if (!withQuery && url.search !== "") return undefined;
  const pattern = new RegExp(
    `^${queryTemplate
      .split("{id}")
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join("([^/?#&]+)")}$`,
  );
  const found = pattern.exec(target);
  if (!found) return undefined;
  try {
    return { route: "song.query", id: decodeURIComponent(found[1]!) };
  } catch {
    return undefined;
  }
}

function createSong(ex: Exchange, body: Buffer): Work {
  const { state } = ex;
  const parsed = parseJsonBody(ex, body);
  if (!parsed.ok) return { reply: parsed.reply, units: 0 };
  const checked = checkSong(parsed.value, state.config);
  if (!checked.ok) return { reply: errorReply(400, checked.message), units: 0 };
  if (overCapacity(state)) return { reply: errorReply(429, MESSAGES.rateLimit), units: 0 };
  const song = checked.value;
  const fault = state.faults.take("song.generate", TASK_FAULT_KINDS);
  const reviewing = fault?.kind === "task-reviewing";
  const ending: TaskEnding = fault && !reviewing ? (fault.kind.slice("task-".length) as TaskEnding) : "succeeded";
  const model = song.model === "auto" ? (state.options.autoModel ?? "mureka-8") : song.model;
  const task = state.tasks.create({ model, n: song.n, ending, reviewing });
  if (ending === "no-url") task.choices = [];
  if (ending === "succeeded") void renderChoices(state, task.id, song);
  return {
    reply: { type: "json", status: 200, body: { id: task.id, created_at: Math.floor(task.createdAtMs / 1000), model, status: "preparing" } },
    units: song.n,
    taskId: task.id,
  };
}

/** Renders the song's choices off the request path; the task reports "running" until they exist. */
async function renderChoices(state: State, id: string, song: { lyrics: string; prompt: string; n: number }): Promise<void> {
  const task = state.tasks.get(id)!;
  try {
    const plan = planSong(song.lyrics, song.prompt);
    const choices = [];
    for (let index = 0; index < song.n; index++) {
      const samples = await renderSongCooperatively(plan, index);
      if (state.closed) return;
      const wav = encodeWav(samples);
      const stored = await state.audio.put(wav, `song-${id}-${index}.wav`, Date.now() + state.linkTtlMs);
      choices.push({ index, id: `${id}-${index}`, url: `${state.apiUrl}${stored.urlPath}`, durationMs: plan.durationMs });
    }
    task.choices = choices;
    task.renderedAtMs = Date.now();
  } catch (error) {
    if (state.closed) return;
    task.renderError = MESSAGES.server;
    task.renderedAtMs = Date.now();
    state.options.log?.(`rendering song ${id} failed: ${(error as Error).message}`);
  }
}

function query(ex: Exchange, id: string): Reply {
  const task = ex.state.tasks.get(id);
  if (!task) return errorReply(404, "Task not found");
  return { type: "json", status: 200, body: ex.state.tasks.view(task) };
}

async function createPodcast(ex: Exchange, body: Buffer): Promise<Work> {
  const { state } = ex;
  const parsed = parseJsonBody(ex, body);
  if (!parsed.ok) return { reply: parsed.reply, units: 0 };
  const checked = checkPodcast(parsed.value, state.config);
  if (!checked.ok) return { reply: errorReply(400, checked.message), units: 0 };
  if (overCapacity(state)) return { reply: errorReply(429, MESSAGES.rateLimit), units: 0 };
  state.podcastsInFlight++;
  try {
    const samples = await renderSpeech(checked.value.conversations, {
      engine: state.speechEngine,
      configuredVoices: state.config.voices,
      ...(state.options.espeakCommand ? { espeakCommand: state.options.espeakCommand } : {}),
    });
    const expiresAtMs = Date.now() + state.linkTtlMs;
    const stored = await state.audio.put(encodeWav(samples), `podcast-${ex.traceId.slice(0, 12)}.wav`, expiresAtMs);
    return {
      reply: { type: "json", status: 200, body: { url: `${state.apiUrl}${stored.urlPath}`, expires_at: Math.floor(expiresAtMs / 1000) } },
      units: 1,
    };
  } catch (error) {
    state.options.log?.(`rendering a podcast failed: ${(error as Error).message}`);
    return { reply: errorReply(500, MESSAGES.server), units: 0 };
  } finally {
    state.podcastsInFlight--;
  }
}

async function serveAudio(ex: Exchange, token: string): Promise<void> {
  const { state, req } = ex;
  ex.record.route = "audio";
  if (ex.origin === "cdn" && header(req, "authorization") !== undefined) {
    return send(ex, errorReply(400, "Authorization must not be sent to this origin"));
  }
  const faults = ex.origin === "api";
  const latency = faults ? state.faults.take("audio", ["latency"]) : undefined;
  await delay(latency?.ms ?? 0);
  const refusal = faults ? state.faults.take("audio", REFUSAL_KINDS) : undefined;
  if (refusal) {
    ex.record.fault = refusal.kind;
    return send(ex, refusalReply(refusal));
  }
  const file = state.audio.get(token);
  if (!file || !ex.url.pathname.endsWith(`/${encodeURIComponent(file.name)}`)) return send(ex, errorReply(404, "File not found"));
  if (Date.now() >= file.expiresAtMs) return send(ex, errorReply(403, MESSAGES.expired));
  const redirect = faults ? state.faults.take("audio", ["redirect-audio"]) : undefined;
  if (redirect) {
    ex.record.fault = "redirect-audio";
    return send(ex, { type: "redirect", location: `${state.cdnUrl}${ex.url.pathname}` });
  }
  const breakage = faults ? state.faults.take("audio", ["reset", "truncate", "endless"]) : undefined;
  if (breakage) ex.record.fault = breakage.kind;
  return send(ex, { type: "file", file }, breakage?.kind);
}

/* ----------------------------------------------------------------------------------------------- */

function errorReply(status: number, message: string): StatusReply {
  return { type: "json", status, body: { error: { message } } };
}

function notFound(state: State): StatusReply {
  return state.options.plainTextNotFound ? { type: "text", status: 404, text: "404 page not found" } : errorReply(404, MESSAGES.notFound);
}

function refusalReply(rule: FaultRule): StatusReply {
  switch (rule.kind) {
    case "rate-limit":
      return {
        type: "json",
        status: 429,
        body: { error: { message: MESSAGES.rateLimit } },
        ...(rule.retryAfterS !== undefined ? { headers: { "retry-after": String(rule.retryAfterS) } } : {}),
      };
    case "quota":
      return errorReply(429, MESSAGES.quota);
    case "plain-text": {
      const status = rule.status ?? 404;
      return { type: "text", status, text: status === 404 ? "404 page not found" : `${status} ${STATUS_CODES[status] ?? "Error"}` };
    }
    default: {
      const status = rule.status ?? 503;
      const message = status === 503 ? MESSAGES.overloaded : status === 500 ? MESSAGES.server : (STATUS_CODES[status] ?? "Server Error");
      return errorReply(status, message);
    }
  }
}

function overCapacity(state: State): boolean {
  const limit = state.options.concurrency ?? Number.POSITIVE_INFINITY;
  return state.tasks.activeCount() + state.podcastsInFlight >= limit;
}

function parseJsonBody(ex: Exchange, body: Buffer): { ok: true; value: unknown } | { ok: false; reply: Reply } {
  if (body.length > MAX_BODY_BYTES) return { ok: false, reply: errorReply(413, `Invalid Request: the body exceeds ${MAX_BODY_BYTES} bytes`) };
  const type = (header(ex.req, "content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") return { ok: false, reply: errorReply(400, "Invalid Request: Content-Type must be application/json") };
  try {
    return { ok: true, value: JSON.parse(body.toString("utf8")) as unknown };
  } catch {
    return { ok: false, reply: errorReply(400, "Invalid Request: the body is not valid JSON") };
  }
}

function bill(
  ex: Exchange,
  entry: { status: number; billed: boolean; units: number; body: Buffer; taskId?: string; fault?: string },
): void {
  const route = ex.record.route;
  ex.state.ledger.append({
    at: new Date().toISOString(),
    trace_id: ex.traceId,
    path: ex.url.pathname,
    kind: route === "podcast" ? "podcast" : "song",
    status: entry.status,
    billed: entry.billed,
    units: entry.units,
    task_id: entry.taskId ?? null,
    idempotency_key: ex.record.idempotencyKey ?? null,
    body_sha256: createHash("sha256").update(entry.body).digest("hex"),
    fault: entry.fault ?? null,
  });
}

/** Sends a reply, or breaks it the way an injected fault says. */
async function send(ex: Exchange, reply: Reply, breakage?: FaultKind): Promise<void> {
  const { res, req, traceId } = ex;
  if (breakage === "reset") {
    // The work is done and recorded; the client sees only a dropped connection.
    req.socket.destroy();
    return;
  }
  if (reply.type === "redirect") {
    ex.record.status = 302;
    res.writeHead(302, { location: reply.location, "content-length": "0" }).end();
    return;
  }
  if (reply.type === "file") return sendFile(ex, reply.file, breakage);
  ex.record.status = reply.status;
  let payload: Buffer;
  let contentType: string;
  if (reply.type === "text") {
    payload = Buffer.from(reply.text, "utf8");
    contentType = "text/plain; charset=utf-8";
  } else {
    const text = JSON.stringify({ ...reply.body, trace_id: traceId });
    // Cut inside the object: never valid JSON, yet delivered whole, so only the parser can notice.
    payload = Buffer.from(breakage === "malformed-json" ? text.slice(0, Math.max(1, text.length - 12)) : text, "utf8");
    contentType = "application/json; charset=utf-8";
  }
  const headers = { "content-type": contentType, ...(reply.type === "json" ? reply.headers : {}) };
  if (breakage === "endless") return sendEndless(ex, reply.status, headers, payload.subarray(0, Math.min(payload.length, 16)));
  res.writeHead(reply.status, { ...headers, "content-length": String(payload.length) });
  if (breakage === "truncate") return sendTruncated(ex, payload);
  res.end(payload);
}

function sendFile(ex: Exchange, file: StoredAudio, breakage?: FaultKind): void {
  const { res, req } = ex;
  ex.record.status = 200;
  const headers = { "content-type": file.contentType };
  if (breakage === "endless") {
    void sendEndless(ex, 200, headers, Buffer.alloc(0));
    return;
  }
  res.writeHead(200, { ...headers, "content-length": String(file.bytes) });
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  if (breakage === "truncate") {
    const stream = createReadStream(file.path, { start: 0, end: Math.max(0, Math.floor(file.bytes / 2) - 1) });
    stream.on("data", (chunk) => res.write(chunk));
    stream.on("end", () => res.socket?.destroy());
    stream.on("error", () => res.destroy());
    return;
  }
  const stream = createReadStream(file.path);
  stream.on("error", () => res.destroy());
  stream.pipe(res);
}

function sendTruncated(ex: Exchange, payload: Buffer): void {
  const half = payload.subarray(0, Math.max(1, Math.floor(payload.length / 2)));
  ex.res.write(half, () => ex.res.socket?.destroy());
}

/** Streams `head` and then filler until the client gives up or the emulator closes. */
async function sendEndless(ex: Exchange, status: number, headers: Record<string, string>, head: Buffer): Promise<void> {
  const { res, state } = ex;
  res.writeHead(status, headers);
  if (head.length > 0) res.write(head);
  const filler = Buffer.alloc(16 * 1024, 0x20);
  while (!res.destroyed && !res.writableEnded && !state.closed) {
    if (!res.write(filler)) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          res.off("drain", done);
          res.off("close", done);
          resolve();
        };
        res.on("drain", done);
        res.on("close", done);
      });
    } else {
      await delay(1);
    }
  }
  if (!res.destroyed) res.destroy();
}

/* ----------------------------------------------------------------------------------------------- */

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Compares the bearer token in constant time; the key itself is never logged or echoed. */
function authorizationOf(req: IncomingMessage, apiKey: string): RequestRecord["authorization"] {
  const value = header(req, "authorization");
  if (value === undefined) return "none";
  const token = /^Bearer\s+(.+)$/i.exec(value.trim())?.[1] ?? "";
  const given = createHash("sha256").update(token).digest();
  const wanted = createHash("sha256").update(apiKey).digest();
  return timingSafeEqual(given, wanted) ? "valid" : "invalid";
}

/** Reads a request body, keeping at most one byte more than the cap so an oversized body is still noticed. */
async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let kept = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    if (kept <= MAX_BODY_BYTES) {
      chunks.push(buffer);
      kept += buffer.length;
    }
  }
  return Buffer.concat(chunks);
}

async function drain(req: IncomingMessage): Promise<void> {
  for await (const _ of req) {
    // discard: the body of a GET or of an unknown path means nothing here
  }
}
