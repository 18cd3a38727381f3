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
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultConfig } from "../config/schema.js";
import { isLoopbackHost } from "../contract/loopback.js";
import { ffmpegOf, ffmpegRuns } from "./audio/encode.js";
import { espeakAvailable, type SpeechEngine } from "./audio/speech.js";
import { FaultPlan, type FaultRule } from "./faults.js";
import { AudioStore } from "./files.js";
import { Ledger, type LedgerEntry } from "./ledger.js";
import { ENCODING_QUIRKS } from "./quirks.js";
import { TaskStore } from "./tasks.js";
import { authorizationOf, header, MESSAGES, type EmulatorOptions, type Exchange, type RequestRecord, type State } from "./exchange.js";
import { errorReply, send } from "./replies.js";
import { route } from "./routes.js";

export type { EmulatorOptions, RequestRecord } from "./exchange.js";

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
  /** Where each turn starts (ms) in the podcast audio at `url`, as rendered; for tests and the bench, never served. */
  turnStarts(url: string): number[] | undefined;
  close(): Promise<void>;
}

const MAX_RECORDS = 10_000;

/** Starts the emulator on loopback and resolves once it listens. */
export async function startEmulator(options: EmulatorOptions): Promise<Emulator> {
  const host = options.host ?? "127.0.0.1";
  if (!isLoopbackHost(host)) throw new Error(`the emulator listens on loopback only, not ${host}`);
  if (options.apiKey.length === 0) throw new Error("the emulator needs an API key to accept");
  const speechEngine = await chooseEngine(options.speech ?? "auto", options.espeakCommand);
  const encoding = (options.quirks ?? []).filter((q) => ENCODING_QUIRKS.has(q));
  if (encoding.length > 0 && !(await ffmpegRuns(ffmpegOf(options)))) {
    throw new Error(`the quirk ${encoding[0]} serves audio encoded by ffmpeg, which is not installed: install ffmpeg, or set PODC_FFMPEG to its path`);
  }
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
    quirks: new Set(options.quirks ?? []),
    ledger: new Ledger(ledgerPath),
    tasks: new TaskStore(options.clockMs ?? 2000, options.now),
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
    turnStarts: (url) => state.audio.turnStarts(url),
    close: async () => {
      state.closed = true;
      await Promise.all([stop(api), stop(cdn)]);
      if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
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

async function serve(state: State, origin: "api" | "cdn", req: IncomingMessage, res: ServerResponse): Promise<void> {
  const traceId = randomBytes(16).toString("hex");
  res.setHeader(state.quirks.has("request-id-header") ? "x-request-id" : "x-trace-id", traceId);
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
    state.options.log?.(`${record.method} ${record.path} → ${status ?? "no answer"}${record.fault ? ` [fault ${record.fault}]` : ""} trace=${traceId}`);
  }
}
