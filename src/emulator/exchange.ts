// One request to the emulator and its answer: the emulator's state that every handler reads, the shapes of what it
// answers, and how a request is read (headers, the key, the body).

import type { Quirk } from "./quirks.js";
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Config } from "../config/schema.js";
import type { SpeechEngine } from "./audio/speech.js";
import { FaultPlan, type FaultKind, type FaultRule, type Route } from "./faults.js";
import { AudioStore, type StoredAudio } from "./files.js";
import { Ledger } from "./ledger.js";
import { TaskStore } from "./tasks.js";

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
  /** The time task statuses follow, in ms; default `Date.now`. A test that asserts every status passes a clock it moves itself. */
  now?: () => number;
  /** Lifetime of audio links in ms; default one day. */
  linkTtlMs?: number;
  /** Folder for audio and the ledger; default a fresh temporary folder, removed on close. */
  dataDir?: string;
  /** Default `<dataDir>/ledger.jsonl`. */
  ledgerPath?: string;
  /** "auto" (default) uses espeak-ng when installed, else the synthesized voices. */
  speech?: "auto" | SpeechEngine;
  espeakCommand?: string;
  /** ffmpeg, for the quirks that serve compressed audio (mp3-audio, flac-links); default PODC_FFMPEG, else `ffmpeg`. */
  ffmpegCommand?: string;
  /** What "auto" resolves to; default "mureka-8". */
  autoModel?: string;
  /** Most unfinished song tasks plus podcasts in progress at once (an account's concurrency); default unlimited. */
  concurrency?: number;
  /** Answer unknown paths in plain text, as the real service does, instead of the JSON error body. */
  plainTextNotFound?: boolean;
  /** How its answers look, for its whole life (quirks.ts); none by default: the documented shapes. */
  quirks?: readonly Quirk[];
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

export const MAX_BODY_BYTES = 1024 * 1024;

export const MESSAGES = {
  auth: "Invalid Authentication",
  rateLimit: "Rate limit reached for requests",
  quota: "You exceeded your current quota, please check your billing details",
  server: "The server had an error while processing your request",
  overloaded: "The engine is currently overloaded, please try again later",
  notFound: "Not Found",
  expired: "Request has expired",
} as const;

export interface State {
  options: EmulatorOptions;
  config: Config;
  clockMs: number;
  linkTtlMs: number;
  speechEngine: SpeechEngine;
  faults: FaultPlan;
  quirks: ReadonlySet<Quirk>;
  ledger: Ledger;
  tasks: TaskStore;
  audio: AudioStore;
  records: RequestRecord[];
  podcastsInFlight: number;
  apiUrl: string;
  cdnUrl: string;
  closed: boolean;
}

/** An answer with a status and a small body. */
export type StatusReply =
  { type: "json"; status: number; body: Record<string, unknown>; headers?: Record<string, string> } | { type: "text"; status: number; text: string };

/** What a handler decided to answer; sent by `send`, possibly broken by a fault. */
export type Reply = StatusReply | { type: "file"; file: StoredAudio } | { type: "redirect"; location: string };

export interface Exchange {
  state: State;
  origin: "api" | "cdn";
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  traceId: string;
  record: RequestRecord;
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Compares the bearer token in constant time; the key itself is never logged or echoed. */
export function authorizationOf(req: IncomingMessage, apiKey: string): RequestRecord["authorization"] {
  const value = header(req, "authorization");
  if (value === undefined) return "none";
  const token = /^Bearer\s+(.+)$/i.exec(value.trim())?.[1] ?? "";
  const given = createHash("sha256").update(token).digest();
  const wanted = createHash("sha256").update(apiKey).digest();
  return timingSafeEqual(given, wanted) ? "valid" : "invalid";
}

/** Reads a request body, keeping at most one byte more than the cap so an oversized body is still noticed. */
export async function readBody(req: IncomingMessage): Promise<Buffer> {
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

export async function drain(req: IncomingMessage): Promise<void> {
  for await (const _ of req) {
    // discard: the body of a GET or of an unknown path means nothing here
  }
}
