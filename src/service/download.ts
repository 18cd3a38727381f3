import { createHash } from "node:crypto";
import { closeSync, mkdirSync, openSync, renameSync, writeSync, writevSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import type { Readable } from "node:stream";
import type { Dispatcher } from "undici";
import { removeQuietly, tempBeside } from "../files/durable.js";
import { attempt, ConsumeError, eachChunk, headerValue, LocalError, readCapped, readErrorBody, transportOutcome, type ResponseHead } from "./exchange.js";
import { refuseAudioLink } from "../contract/loopback.js";
import { isNonPublicAddress } from "../contract/private-address.js";
import { NON_PUBLIC_ADDRESS } from "./public-lookup.js";
import { sniffAudioType } from "../files/audio-type.js";
import { classifyHttpFailure, type Outcome } from "./outcome.js";
import { oneLine, redact } from "./redact.js";
import { traceIdFromHeaders } from "./raw-answer.js";
import { syncFolderSoon } from "../files/folder-sync.js";
import { fsyncInTurn } from "../files/fsync-later.js";

/*
 * A download's file is opened, written, closed and renamed on the main thread: in the page cache each step takes
 * microseconds, and a trip to the thread pool and back for each cost the runner more CPU than all of them together.
 * Only the fsync, which waits on the disk, goes off the main thread (fsyncInTurn).
 */

/** Bytes of a download held in memory before they are written to its temporary file. */
const WRITE_BATCH_BYTES = 1024 * 1024;

/** Bytes at the start of a download kept for the caller: enough for an audio file's headers. */
const HEAD_BYTES = 4096;

/** Why a link to an address of this machine or a private network is refused (its host is an IP address). */
function nonPublic(url: URL): string {
  return `${url.host} is an address of this machine or a private network, where podc fetches no links`;
}

/** A finished download: the file is complete, fsynced and in place. */
export interface Downloaded {
  path: string;
  bytes: number;
  sha256: string;
  contentType: string;
  /** The file's first bytes (HEAD_BYTES of them, or all), for a caller that reads its header. */
  head: Buffer;
  /** Where the bytes finally came from, after redirects. */
  url: string;
}

export interface DownloadContext {
  dispatcher: Dispatcher;
  /** Links to loopback and private addresses are refused (the dispatcher also checks names once resolved). */
  publicOnly: boolean;
  /** The only origin that may receive the API key: the base URL's. */
  keyOrigin: string;
  apiKey: string;
  timeouts: { totalMs: number; headersMs: number; bodyMs: number };
  onAttempt?: (url: string) => void;
}

const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const ERROR_BODY_BYTES = 64 * 1024;

type HopResult =
  | { type: "redirect"; location: string | undefined }
  | { type: "error"; text: string }
  | { type: "not-audio"; contentType: string }
  | { type: "too-big"; declared: number }
  | { type: "file"; bytes: number; sha256: string; contentType: string; head: Buffer };

/**
 * One download attempt: follows at most five redirects, each to `https:` or `http:`, sends the key only to `keyOrigin`,
 * requires bytes of an audio format (or an audio/* content type for a format podc cannot tell) and names the file after them,
 * enforces `maxBytes`, and streams into a temporary file beside `destPath` that is fsynced and renamed
 * into place only when complete (at `finalPath`'s name for its content type, in the same folder, when given). A 4xx other than 429 is "rejected" (an expired link is not a bad key);
 * throws LocalError only when the destination cannot be written.
 */
export async function downloadAudio(
  ctx: DownloadContext,
  url: string,
  destPath: string,
  options: { signal?: AbortSignal; maxBytes: number; finalPath?: (contentType: string) => string },
): Promise<Outcome<Downloaded>> {
  const secrets = [ctx.apiKey];
  const reject = (message: string, extra: { status?: number; traceId?: string } = {}): Outcome<Downloaded> => ({
    kind: "rejected",
    message: redact(message, secrets),
    attempts: 1,
    ...extra,
  });
  if (!URL.canParse(url)) return reject(`not a URL: ${oneLine(url, 200)}`);
  const folder = dirname(resolve(destPath));
  let current = new URL(url);
  for (let hop = 0; ; hop++) {
    const refusal = refuseAudioLink(current) ?? (ctx.publicOnly && isNonPublicAddress(current.hostname) ? nonPublic(current) : undefined);
    if (refusal) return reject(hop === 0 ? refusal : `redirected to a refused address: ${refusal}`);
    ctx.onAttempt?.(current.href);
    const temp = tempBeside(resolve(destPath), ".part");
    const headers: Record<string, string> = { accept: "audio/*, application/octet-stream", "user-agent": "podc" };
    // Once renamed, the temporary name is gone: unlinking it would only make (and throw away) an error.
    let moved = false;
    if (current.origin === ctx.keyOrigin) headers.authorization = `Bearer ${ctx.apiKey}`;
    try {
      const result = await attempt<HopResult>(
        ctx.dispatcher,
        {
          method: "GET",
          url: current,
          headers,
          headersTimeoutMs: ctx.timeouts.headersMs,
          bodyTimeoutMs: ctx.timeouts.bodyMs,
          totalMs: ctx.timeouts.totalMs,
          ...(options.signal ? { signal: options.signal } : {}),
          secrets,
        },
        (head, body) => consumeHop(head, body, temp, options.maxBytes),
      );
      if (!result.ok) {
        if (result.failure.code === NON_PUBLIC_ADDRESS)
          return reject(hop === 0 ? result.failure.message : `redirected to a refused address: ${result.failure.message}`);
        if (result.failure.code === "OVERSIZE") return reject(result.failure.message, statusOf(result.failure.head));
        return transportOutcome(result.failure, 1, secrets);
      }
      const { head, value } = result;
      const traceId = traceIdFromHeaders(head.headers, secrets);
      const extra = { status: head.status, ...(traceId ? { traceId } : {}) };
      switch (value.type) {
        case "redirect": {
          if (value.location === undefined) return reject(`HTTP ${head.status} redirect without a Location`, extra);
          if (hop >= MAX_REDIRECTS) return reject(`more than ${MAX_REDIRECTS} redirects`, extra);
          current = new URL(value.location, current);
          continue;
        }
        case "error":
          return downloadFailure(head, value.text, traceId, secrets);
        case "not-audio":
          return reject(`the link answered ${value.contentType || "no content type"}, not audio (its bytes are no audio format podc knows)`, extra);
        case "too-big":
          return reject(`the file is ${value.declared} bytes, more than the ${options.maxBytes} allowed`, extra);
        case "file": {
          // Straight to the name the content type gives, when the caller names it so: one rename and one folder fsync, not two.
          const dest = options.finalPath ? resolve(folder, basename(options.finalPath(value.contentType))) : resolve(destPath);
          localStepSync(`cannot move the download into ${dest}`, () => renameSync(temp, dest));
          moved = true;
          await syncFolderSoon(folder);
          return {
            kind: "accepted",
            status: head.status,
            message: `downloaded ${value.bytes} bytes`,
            attempts: 1,
            ...(traceId ? { traceId } : {}),
            value: { path: dest, bytes: value.bytes, sha256: value.sha256, contentType: value.contentType, head: value.head, url: current.href },
          };
        }
      }
    } finally {
      if (!moved) removeQuietly(temp);
    }
  }
}

async function consumeHop(head: ResponseHead, body: Readable, temp: string, maxBytes: number): Promise<HopResult> {
  if (REDIRECT_STATUSES.has(head.status)) return { type: "redirect", location: headerValue(head.headers, "location") };
  if (head.status < 200 || head.status >= 300) {
    return { type: "error", text: (await readCapped(body, ERROR_BODY_BYTES)).toString("utf8") };
  }
  const declaredType = (headerValue(head.headers, "content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  // A page or an error in JSON is refused before its bytes are written; anything else is judged by its bytes below.
  if (/^(text\/|application\/(json|xml|xhtml))/.test(declaredType)) return { type: "not-audio", contentType: declaredType };
  const declared = Number(headerValue(head.headers, "content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) return { type: "too-big", declared };
  let fd: number | undefined;
  try {
    const hash = createHash("sha256");
    let bytes = 0;
    // Chunks are written a batch at a time, not one write per network chunk.
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const head: Buffer[] = [];
    const writePending = (): number => {
      const file = (fd ??= localStepSync(`cannot create ${temp}`, () => openCreating(temp)));
      if (pending.length > 0) localStepSync(`cannot write ${temp}`, () => writeAll(file, pending, pendingBytes));
      pending = [];
      pendingBytes = 0;
      return file;
    };
    await eachChunk(body, (buffer) => {
      bytes += buffer.length;
      if (bytes > maxBytes) throw new ConsumeError("OVERSIZE", `the file exceeded the ${maxBytes} bytes allowed`);
      hash.update(buffer);
      if (bytes - buffer.length < HEAD_BYTES) head.push(buffer);
      pending.push(buffer);
      pendingBytes += buffer.length;
      if (pendingBytes >= WRITE_BATCH_BYTES) writePending();
    });
    const file = writePending();
    await localStep(`cannot flush ${temp}`, () => fsyncInTurn(file));
    // A copy of the first bytes only: the chunks are the network's, and may be small.
    const first = Buffer.concat(head, Math.min(bytes, HEAD_BYTES));
    // The bytes say what the file is; the header only when they are no format podc knows and it names audio.
    const contentType = sniffAudioType(first) ?? (declaredType.startsWith("audio/") ? declaredType : undefined);
    if (contentType === undefined) return { type: "not-audio", contentType: declaredType };
    return { type: "file", bytes, sha256: hash.digest("hex"), contentType, head: first };
  } finally {
    if (fd !== undefined) closeQuietly(fd);
  }
}

function downloadFailure(head: ResponseHead, text: string, traceHeader: string | undefined, secrets: readonly string[]): Outcome<Downloaded> {
  const said = readErrorBody(text, head.status, secrets);
  const traceId = said.traceId ?? traceHeader;
  const status = head.status;
  if (status >= 400 && status < 500 && status !== 429) {
    return { kind: "rejected", status, message: `HTTP ${status}: ${said.message}`, attempts: 1, ...(traceId ? { traceId } : {}) };
  }
  return classifyHttpFailure(status, said.message, traceId, 1);
}

function statusOf(head: ResponseHead | undefined): { status?: number } {
  return head ? { status: head.status } : {};
}

/** Opens a new file for writing, creating its folder only when it is missing. */
function openCreating(path: string): number {
  try {
    return openSync(path, "wx");
  } catch (error) {
    if ((error as { code?: unknown }).code !== "ENOENT") throw error;
  }
  mkdirSync(dirname(path), { recursive: true });
  return openSync(path, "wx");
}

/** Writes all of `chunks` (`total` bytes) at the file's position, going on after a short write. */
function writeAll(fd: number, chunks: Buffer[], total: number): void {
  const written = writevSync(fd, chunks);
  if (written === total) return;
  const rest = Buffer.concat(chunks, total).subarray(written);
  for (let done = 0; done < rest.length;) done += writeSync(fd, rest, done, rest.length - done);
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // A close that fails after the fsync loses nothing.
  }
}

/** Runs a file-system step, turning its failure into a LocalError that names the path but no secret. */
async function localStep<T>(what: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw localError(what, error);
  }
}

/** As localStep, for a synchronous step. */
function localStepSync<T>(what: string, step: () => T): T {
  try {
    return step();
  } catch (error) {
    throw localError(what, error);
  }
}

function localError(what: string, error: unknown): LocalError {
  const code = (error as { code?: unknown }).code;
  return new LocalError(`${what}${typeof code === "string" ? ` (${code})` : ""}`);
}
