// What the emulator answers and how it sends it: error bodies, refusals, the ledger's bill, and the breakages
// that faults ask for (cut bodies, endless streams).

import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { STATUS_CODES } from "node:http";
import { setTimeout as delay } from "node:timers/promises";
import type { FaultKind, FaultRule } from "./faults.js";
import type { StoredAudio } from "./files.js";
import { quirkAudioType, quirkBody, type Quirk } from "./quirks.js";
import { header, MAX_BODY_BYTES, MESSAGES, type Exchange, type Reply, type State, type StatusReply } from "./exchange.js";

export function errorReply(status: number, message: string): StatusReply {
  return { type: "json", status, body: { error: { message } } };
}

export function notFound(state: State): StatusReply {
  return state.options.plainTextNotFound ? { type: "text", status: 404, text: "404 page not found" } : errorReply(404, MESSAGES.notFound);
}

export function refusalReply(rule: FaultRule, quirks: ReadonlySet<Quirk> = new Set()): StatusReply {
  switch (rule.kind) {
    case "rate-limit":
      return {
        type: "json",
        status: 429,
        body: { error: { message: MESSAGES.rateLimit } },
        ...(rule.retryAfterS !== undefined ? { headers: { "retry-after": String(rule.retryAfterS) } } : {}),
      };
    case "quota":
      return errorReply(429, quirks.has("credit-wording") ? "Insufficient balance: your account has run out of points" : MESSAGES.quota);
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

export function overCapacity(state: State): boolean {
  const limit = state.options.concurrency ?? Number.POSITIVE_INFINITY;
  return state.tasks.activeCount() + state.podcastsInFlight >= limit;
}

export function parseJsonBody(ex: Exchange, body: Buffer): { ok: true; value: unknown } | { ok: false; reply: Reply } {
  if (body.length > MAX_BODY_BYTES) return { ok: false, reply: errorReply(413, `Invalid Request: the body exceeds ${MAX_BODY_BYTES} bytes`) };
  const type = (header(ex.req, "content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") return { ok: false, reply: errorReply(400, "Invalid Request: Content-Type must be application/json") };
  try {
    return { ok: true, value: JSON.parse(body.toString("utf8")) as unknown };
  } catch {
    return { ok: false, reply: errorReply(400, "Invalid Request: the body is not valid JSON") };
  }
}

export function bill(ex: Exchange, entry: { status: number; billed: boolean; units: number; body: Buffer; taskId?: string; fault?: string }): void {
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
export async function send(ex: Exchange, reply: Reply, breakage?: FaultKind): Promise<void> {
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
    const ok = reply.status >= 200 && reply.status < 300;
    const shaped = ok ? quirkBody(ex.record.route, reply.body, ex.state.quirks) : reply.body;
    const text = JSON.stringify(ex.state.quirks.has("request-id-header") ? shaped : { ...shaped, trace_id: traceId });
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
  const type = quirkAudioType(ex.state.quirks, file.contentType);
  const headers: Record<string, string> = type === undefined ? {} : { "content-type": type };
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
