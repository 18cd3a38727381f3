/*
 * The client against the emulator and other real sockets on 127.0.0.1: one test (at least) per outcome
 * class, and at the end a search of everything the client produced for the API key.
 */
import { createServer as createTcpServer, type Server as TcpServer } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServiceClient, ServiceConfigError, type ServiceClientOptions, type ServiceEvent } from "../../src/service/client.js";
import type { Emulator } from "../../src/emulator/server.js";
import type { Outcome } from "../../src/service/outcome.js";
import { describeOutcome } from "../../src/service/outcome.js";
import { taskState } from "../../src/contract/responses.js";
import { emulator, eventually, KEY } from "./helpers.js";

const WRONG_KEY = "sk-wrong-K3Y-4417aa";
const SONG = { lyrics: "[Verse]\nNeon lights across the floor\n[Chorus]\nWe're the night shift", model: "auto", prompt: "synthwave, 110 bpm" };
const PODCAST = {
  conversations: [
    { text: "Welcome back to The Night Shift.", voice: "Ethan" },
    { text: "Thanks for having me.", voice: "Victoria" },
  ],
};
const FAST_RETRY = { baseDelayMs: 5, maxDelayMs: 20, retryAfterCapMs: 2_000, maxAttempts: 3 };

/** Everything the client said: outcomes, events and error messages. Searched for the key at the end. */
const transcript: unknown[] = [];
const clients: ServiceClient[] = [];
let emu: Emulator;

function client(options: Partial<ServiceClientOptions> = {}): ServiceClient {
  const made = new ServiceClient({
    baseUrl: emu.url,
    apiKey: KEY,
    requestTimeoutMs: 5_000,
    retry: FAST_RETRY,
    onEvent: (event: ServiceEvent) => transcript.push(event),
    ...options,
  });
  clients.push(made);
  return made;
}

function record<T>(outcome: Outcome<T>): Outcome<T> {
  transcript.push(outcome, describeOutcome(outcome));
  return outcome;
}

const billed = (): number => emu.ledger().filter((e) => e.billed).length;

beforeAll(async () => {
  emu = await emulator({ log: (line) => transcript.push(line) });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await emu.close();
});

describe("accepted", () => {
  it("creates a song, polls it to succeeded and sees both choices", async () => {
    const api = client();
    const created = record(await api.createSong(SONG, { idempotencyKey: "song-key-1" }));
    expect(created).toMatchObject({ kind: "accepted", status: 200, attempts: 1 });
    if (created.kind !== "accepted") return;
    expect(created.value.status).toBe("preparing");
    expect(created.value.model).toBe("mureka-8");
    expect(created.traceId).toBe(created.value.trace_id);
    expect(emu.ledger().at(-1)).toMatchObject({ idempotency_key: "song-key-1", task_id: created.value.id, billed: true });

    const done = await eventually(async () => {
      const polled = record(await api.queryTask(created.value.id));
      if (polled.kind !== "accepted") throw new Error(polled.message);
      const state = taskState(polled.value);
      return state.state === "running" ? undefined : state;
    });
    expect(done.state).toBe("succeeded");
    if (done.state === "succeeded") expect(done.choices.map((c) => c.index)).toEqual([0, 1]);
  });

  it("renders a podcast and returns its link and expiry", async () => {
    const outcome = record(await client().createPodcast(PODCAST, { idempotencyKey: "pod-1" }));
    expect(outcome.kind).toBe("accepted");
    if (outcome.kind !== "accepted") return;
    expect(outcome.value.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\//);
    expect(outcome.value.expires_at).toBeGreaterThan(Date.now() / 1000);
  });
});

describe("rejected", () => {
  it("classifies 400 with the service's message and trace id, and never resends", async () => {
    const before = emu.ledger().length;
    const tooLong = record(await client().createSong({ ...SONG, lyrics: "a".repeat(3001) }));
    expect(tooLong).toMatchObject({ kind: "rejected", status: 400, attempts: 1 });
    expect(tooLong.message).toMatch(/^Invalid Request: lyrics is 3001 characters/);
    expect(tooLong.traceId).toMatch(/^[0-9a-f]{32}$/);
    const eleven = { conversations: Array.from({ length: 11 }, (_, i) => PODCAST.conversations[i % 2]!) };
    const podcast = record(await client().createPodcast(eleven));
    expect(podcast).toMatchObject({ kind: "rejected", status: 400 });
    expect(podcast.message).toMatch(/at most 10/);
    expect(emu.ledger().length).toBe(before + 2);
  });

  it("classifies 422 given as plain text, with the trace id from the header", async () => {
    emu.inject({ kind: "plain-text", status: 422, route: "song.generate" });
    const outcome = record(await client().createSong(SONG));
    expect(outcome).toMatchObject({ kind: "rejected", status: 422, message: "422 Unprocessable Entity" });
    expect(outcome.traceId).toMatch(/^[0-9a-f]{32}$/);
  });

  it("reads a plain-text 404 from a wrong query path", async () => {
    const plain = await emulator({ plainTextNotFound: true });
    try {
      const api = client({ baseUrl: plain.url, queryPath: "/v1/song/query?task_id={id}" });
      const outcome = record(await api.queryTask("1436211"));
      expect(outcome).toMatchObject({ kind: "rejected", status: 404, message: "404 page not found", attempts: 1 });
      expect(outcome.traceId).toBe(plain.requests().at(-1)!.traceId);
    } finally {
      await plain.close();
    }
  });

  it("refuses a body that breaks the request schema without sending it", async () => {
    const before = emu.requests().length;
    const outcome = record(await client().createSong({ ...SONG, lyrics: "" }));
    expect(outcome).toMatchObject({ kind: "rejected", attempts: 0 });
    expect(outcome.status).toBeUndefined();
    expect(emu.requests().length).toBe(before);
  });
});

describe("auth", () => {
  it("classifies 401 Invalid Authentication, for a paid call and a read, without retrying", async () => {
    const api = client({ apiKey: WRONG_KEY });
    const paid = record(await api.createSong(SONG));
    expect(paid).toMatchObject({ kind: "auth", status: 401, message: "Invalid Authentication", attempts: 1 });
    expect(paid.traceId).toMatch(/^[0-9a-f]{32}$/);
    const read = record(await api.queryTask("1"));
    expect(read).toMatchObject({ kind: "auth", status: 401, attempts: 1 });
  });

  it("classifies 403", async () => {
    emu.inject({ kind: "plain-text", status: 403, route: "podcast" });
    expect(record(await client().createPodcast(PODCAST))).toMatchObject({ kind: "auth", status: 403, message: "403 Forbidden" });
  });
});

describe("rate-limited and quota", () => {
  it("returns 429 Rate limit on a paid call with Retry-After, without resending or billing", async () => {
    const before = billed();
    emu.inject({ kind: "rate-limit", route: "song.generate", retryAfterS: 1 });
    const outcome = record(await client().createSong(SONG));
    expect(outcome).toMatchObject({ kind: "rate-limited", status: 429, retryAfterMs: 1000, attempts: 1 });
    expect(billed()).toBe(before);
  });

  it("waits out Retry-After on a read, then succeeds", async () => {
    emu.inject({ kind: "rate-limit", route: "song.query", retryAfterS: 1 });
    const retries: ServiceEvent[] = [];
    const api = client({ onEvent: (e) => (e.type === "retry" ? retries.push(e) : transcript.push(e)) });
    const started = Date.now();
    const outcome = record(await api.queryTask("1"));
    expect(outcome).toMatchObject({ kind: "rejected", status: 404, attempts: 2 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(retries).toMatchObject([{ type: "retry", delayMs: 1000, operation: "queryTask" }]);
    transcript.push(...retries);
  });

  it("gives up at once when Retry-After exceeds the cap", async () => {
    emu.inject({ kind: "rate-limit", route: "song.query", retryAfterS: 60 });
    const outcome = record(await client().queryTask("1"));
    expect(outcome).toMatchObject({ kind: "rate-limited", retryAfterMs: 60_000, attempts: 1 });
  });

  it("classifies 429 quota, and never retries it, not even a read", async () => {
    emu.inject({ kind: "quota", route: "song.generate" });
    emu.inject({ kind: "quota", route: "song.query" });
    const paid = record(await client().createSong(SONG));
    expect(paid).toMatchObject({ kind: "quota", status: 429, attempts: 1 });
    expect(paid.message).toMatch(/quota/);
    expect(record(await client().queryTask("1"))).toMatchObject({ kind: "quota", attempts: 1 });
  });
});

describe("server-error", () => {
  it("does not resend a paid call after a 500", async () => {
    const before = emu.ledger().length;
    emu.inject({ kind: "server-error", status: 500, route: "song.generate" });
    const outcome = record(await client().createSong(SONG));
    expect(outcome).toMatchObject({ kind: "server-error", status: 500, attempts: 1 });
    expect(outcome.message).toMatch(/server had an error/);
    expect(
      emu
        .ledger()
        .slice(before)
        .map((e) => e.billed),
    ).toEqual([false]);
  });

  it("retries a read through two 503s, and reports server-error when they outlast the attempts", async () => {
    const created = record(await client().createSong(SONG));
    if (created.kind !== "accepted") throw new Error(created.message);
    emu.inject({ kind: "server-error", status: 503, route: "song.query", times: 2 });
    expect(record(await client().queryTask(created.value.id))).toMatchObject({ kind: "accepted", attempts: 3 });
    emu.inject({ kind: "server-error", status: 503, route: "song.query", times: 3 });
    const outcome = record(await client().queryTask(created.value.id));
    expect(outcome).toMatchObject({ kind: "server-error", status: 503, attempts: 3 });
  });
});

describe("not-sent", () => {
  it("resends a paid call refused at connect, because it provably never left", async () => {
    const closed = createTcpServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const events: ServiceEvent[] = [];
    const api = client({ baseUrl: `http://127.0.0.1:${port}`, onEvent: (e) => events.push(e) });
    const outcome = record(await api.createSong(SONG));
    expect(outcome).toMatchObject({ kind: "not-sent", code: "ECONNREFUSED", attempts: 3 });
    expect(events.filter((e) => e.type === "retry")).toHaveLength(2);
    transcript.push(...events);
  });

  it("resends a paid call whose connection timed out (a TLS server that never answers)", async () => {
    const silent = await silentServer();
    try {
      // undici's connect timer ticks about once a second, so two attempts are enough to show the resend.
      const api = client({ baseUrl: `https://127.0.0.1:${silent.port}`, connectTimeoutMs: 100, retry: { ...FAST_RETRY, maxAttempts: 2 } });
      const outcome = record(await api.createSong(SONG));
      expect(outcome).toMatchObject({ kind: "not-sent", code: "UND_ERR_CONNECT_TIMEOUT", attempts: 2 });
      expect(silent.connections()).toBe(2);
    } finally {
      silent.server.close();
    }
  });

  it("does not send, or resend, a call cancelled before it starts", async () => {
    const before = emu.requests().length;
    const outcome = record(await client().createSong(SONG, { signal: AbortSignal.abort() }));
    expect(outcome).toMatchObject({ kind: "not-sent", code: "ABORTED", attempts: 1 });
    expect(emu.requests().length).toBe(before);
  });
});

describe("ambiguous", () => {
  it("a paid call that timed out after sending: billed once, never resent", async () => {
    const before = billed();
    emu.inject({ kind: "latency", ms: 1_000, route: "song.generate" });
    const outcome = record(await client({ requestTimeoutMs: 300 }).createSong(SONG));
    expect(outcome).toMatchObject({ kind: "ambiguous", code: "DEADLINE", attempts: 1 });
    expect(billed()).toBe(before + 1);
  });

  it("a response whose headers never come in time", async () => {
    emu.inject({ kind: "latency", ms: 800, route: "podcast" });
    const outcome = record(await client({ headersTimeoutMs: 200 }).createPodcast(PODCAST));
    expect(outcome).toMatchObject({ kind: "ambiguous", code: "UND_ERR_HEADERS_TIMEOUT", attempts: 1 });
  });

  it("a connection reset after the service recorded the request: billed once, never resent", async () => {
    const before = emu.ledger().length;
    emu.inject({ kind: "reset", route: "song.generate" });
    const outcome = record(await client().createSong(SONG, { idempotencyKey: "reset-1" }));
    expect(outcome).toMatchObject({ kind: "ambiguous", attempts: 1 });
    expect(outcome.status).toBeUndefined();
    const entries = emu.ledger().slice(before);
    expect(entries.map((e) => [e.billed, e.fault, e.idempotency_key])).toEqual([[true, "reset", "reset-1"]]);
  });

  it("a truncated body", async () => {
    emu.inject({ kind: "truncate", route: "podcast" });
    const outcome = record(await client().createPodcast(PODCAST));
    expect(outcome).toMatchObject({ kind: "ambiguous", status: 200, attempts: 1 });
  });

  it("an endless body, cut at the response-size cap", async () => {
    emu.inject({ kind: "endless", route: "song.generate" });
    const outcome = record(await client({ maxResponseBytes: 64 * 1024 }).createSong(SONG));
    expect(outcome).toMatchObject({ kind: "ambiguous", code: "OVERSIZE", status: 200, attempts: 1 });
  });

  it("malformed JSON in a 200", async () => {
    emu.inject({ kind: "malformed-json", route: "song.generate" });
    const outcome = record(await client().createSong(SONG));
    expect(outcome).toMatchObject({ kind: "ambiguous", code: "BAD_BODY", status: 200, attempts: 1 });
    expect(outcome.traceId).toMatch(/^[0-9a-f]{32}$/);
  });

  it("is retried when it is a read", async () => {
    const created = record(await client().createSong(SONG));
    if (created.kind !== "accepted") throw new Error(created.message);
    emu.inject({ kind: "reset", route: "song.query" });
    emu.inject({ kind: "malformed-json", route: "song.query" });
    const outcome = record(await client().queryTask(created.value.id));
    expect(outcome).toMatchObject({ kind: "accepted", status: 200, attempts: 3 });
  });
});

describe("configuration", () => {
  it("refuses plain http:// except to loopback, and odd schemes", () => {
    const make = (baseUrl: string) => () => new ServiceClient({ baseUrl, apiKey: KEY });
    expect(make("http://api.example.com")).toThrow(ServiceConfigError);
    expect(make("http://api.example.com")).toThrow(/plain http:\/\/ is refused/);
    expect(make("ftp://127.0.0.1")).toThrow(/scheme/);
    expect(make("not a url")).toThrow(/not a URL/);
    expect(() => new ServiceClient({ baseUrl: "https://api.example.com", apiKey: "a\nb" })).toThrow(/line break/);
    for (const ok of ["http://127.0.0.1:1", "http://localhost:1", "http://[::1]:1", "https://api.example.com/prefix"]) {
      const made = new ServiceClient({ baseUrl: ok, apiKey: KEY });
      clients.push(made);
    }
    try {
      new ServiceClient({ baseUrl: `http://evil.example/${KEY}`, apiKey: KEY });
    } catch (error) {
      transcript.push((error as Error).message);
    }
  });
});

describe("the key", () => {
  it("appears nowhere in any outcome, event, message or log line", () => {
    const text = JSON.stringify(transcript);
    expect(transcript.length).toBeGreaterThan(50);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(WRONG_KEY);
  });
});

/** A TCP server that accepts connections and never says a word: a TLS handshake against it can only time out. */
async function silentServer(): Promise<{ server: TcpServer; port: number; connections: () => number }> {
  let count = 0;
  const sockets: import("node:net").Socket[] = [];
  const server = createTcpServer((socket) => {
    count++;
    sockets.push(socket);
    socket.on("error", () => undefined);
  });
  server.on("close", () => sockets.forEach((s) => s.destroy()));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port, connections: () => count };
}
