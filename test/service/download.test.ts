import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServiceClient, type ServiceEvent } from "../../src/service/client.js";
import { LocalError } from "../../src/service/exchange.js";
import type { Emulator } from "../../src/emulator/server.js";
import { describeOutcome, type Outcome } from "../../src/service/outcome.js";
import { emulator, hasSox, jsonHeaders, KEY, raw, scratchFolder, soxDuration } from "./helpers.js";

const TURNS = {
  conversations: [
    { text: "Welcome back to The Night Shift.", voice: "Ethan" },
    { text: "Thanks for having me.", voice: "Victoria" },
  ],
};

let emu: Emulator;
let api: ServiceClient;
const transcript: unknown[] = [];
const folder = scratchFolder("download-test");
let n = 0;
const dest = (): string => join(folder, `take-${++n}`, "audio.wav");

/** A fresh podcast link on the emulator. */
async function link(on: Emulator = emu): Promise<string> {
  const res = await raw(`${on.url}/v1/tts/podcast`, { method: "POST", headers: jsonHeaders(), body: JSON.stringify(TURNS) });
  return (res.json as { url: string }).url;
}

function record<T>(outcome: Outcome<T>): Outcome<T> {
  transcript.push(outcome, describeOutcome(outcome));
  return outcome;
}

/** No temporary file may be left beside a destination, whatever happened. */
function leftovers(path: string): string[] {
  const dir = join(path, "..");
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".part")) : [];
}

/** A one-route HTTP server for situations the emulator has no reason to produce. */
async function tinyServer(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string; hits: () => number }> {
  let hits = 0;
  const server = createServer((req, res) => {
    hits++;
    handler!(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits: () => hits };
}

beforeAll(async () => {
  emu = await emulator();
  api = new ServiceClient({
    baseUrl: emu.url,
    apiKey: KEY,
    retry: { baseDelayMs: 5, maxDelayMs: 20, maxAttempts: 3, retryAfterCapMs: 1000 },
    onEvent: (e: ServiceEvent) => transcript.push(e),
  });
});
afterAll(async () => {
  await api.close();
  await emu.close();
});

describe("download", () => {
  it("streams a link to its destination, creating the folder, and returns size and sha256", async () => {
    const path = dest();
    const outcome = record(await api.download(await link(), path));
    expect(outcome.kind).toBe("accepted");
    if (outcome.kind !== "accepted") return;
    const bytes = readFileSync(path);
    expect(outcome.value).toMatchObject({ path, bytes: bytes.length, contentType: "audio/wav" });
    expect(outcome.value.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect(leftovers(path)).toEqual([]);
    const seconds = soxDuration(path);
    if (hasSox) expect(seconds).toBeGreaterThan(3);
    // Same origin as the base URL: the key may go there.
    expect(emu.requests().at(-1)).toMatchObject({ route: "audio", origin: "api", authorization: "valid" });
  });

  it("follows a redirect to another origin without sending it the key", async () => {
    const url = await link();
    emu.inject({ kind: "redirect-audio" });
    const outcome = record(await api.download(url, dest()));
    expect(outcome.kind).toBe("accepted");
    if (outcome.kind === "accepted") expect(new URL(outcome.value.url).origin).toBe(emu.cdnUrl);
    const cdn = emu.requests().filter((r) => r.origin === "cdn");
    expect(cdn.at(-1)).toMatchObject({ authorization: "none", status: 200 });
  });

  it("never sends the key to a link on another origin", async () => {
    const url = new URL(await link());
    const outcome = record(await api.download(`${emu.cdnUrl}${url.pathname}`, dest()));
    expect(outcome.kind).toBe("accepted");
    expect(emu.requests().at(-1)).toMatchObject({ origin: "cdn", authorization: "none" });
  });

  it("stops after five redirects", async () => {
    const loop = await tinyServer((req, res) => res.writeHead(302, { location: `/again${req.url}` }).end());
    try {
      const path = dest();
      const outcome = record(await api.download(`${loop.url}/a.wav`, path));
      expect(outcome).toMatchObject({ kind: "rejected", status: 302 });
      expect(outcome.message).toMatch(/more than 5 redirects/);
      expect(loop.hits()).toBe(6);
      expect(existsSync(path)).toBe(false);
    } finally {
      loop.server.close();
    }
  });

  it("refuses links that are not http(s), directly or by redirect", async () => {
    const direct = record(await api.download("ftp://cdn.example.com/a.wav", dest()));
    expect(direct).toMatchObject({ kind: "rejected", attempts: 1 });
    expect(direct.message).toMatch(/unsupported URL scheme ftp:/);
    const bounce = await tinyServer((_req, res) => res.writeHead(302, { location: "file:///etc/passwd" }).end());
    try {
      const outcome = record(await api.download(`${bounce.url}/a.wav`, dest()));
      expect(outcome).toMatchObject({ kind: "rejected" });
      expect(outcome.message).toMatch(/redirected to a refused address/);
    } finally {
      bounce.server.close();
    }
  });

  it("names a file after its bytes, whatever the server calls it, and refuses bytes that are no audio", async () => {
    const mp3 = Buffer.concat([Buffer.from("ID3\x04\x00\x00\x00\x00\x00\x00", "latin1"), Buffer.alloc(64, 0xaa)]);
    const flac = Buffer.concat([Buffer.from("fLaC", "latin1"), Buffer.alloc(64)]);
    const served = new Map<string, [string | undefined, Buffer]>([
      ["/octet.mp3", ["binary/octet-stream", mp3]],
      ["/none.flac", [undefined, flac]],
      ["/lies.wav", ["audio/wav", mp3]],
      ["/noise", ["application/octet-stream", Buffer.alloc(64, 7)]],
    ]);
    const cdn = await tinyServer((req, res) => {
      const [type, body] = served.get(req.url ?? "")!;
      res.writeHead(200, type ? { "content-type": type } : {}).end(body);
    });
    try {
      const named = (type: string): string => ({ "audio/mpeg": "a.mp3", "audio/flac": "a.flac" })[type] ?? "a.bin";
      for (const [path, type] of [
        ["/octet.mp3", "audio/mpeg"],
        ["/none.flac", "audio/flac"],
        ["/lies.wav", "audio/mpeg"],
      ] as const) {
        const target = dest();
        const outcome = record(await api.download(`${cdn.url}${path}`, target, { finalPath: (t) => join(target, "..", named(t)) }));
        expect(outcome.kind === "accepted" && [outcome.value.contentType, outcome.value.path.endsWith(named(type))]).toEqual([type, true]);
      }
      const noise = record(await api.download(`${cdn.url}/noise`, dest()));
      expect(noise.kind).toBe("rejected");
      expect(noise.message).toMatch(/not audio/);
    } finally {
      cdn.server.close();
    }
  });

  it("refuses what is not audio", async () => {
    const html = await tinyServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end("<html>Sign in</html>"));
    try {
      const path = dest();
      const outcome = record(await api.download(`${html.url}/a.wav`, path));
      expect(outcome).toMatchObject({ kind: "rejected", status: 200 });
      expect(outcome.message).toMatch(/text\/html, not audio/);
      expect(existsSync(path)).toBe(false);
      expect(leftovers(path)).toEqual([]);
    } finally {
      html.server.close();
    }
  });

  it("enforces the size cap, by Content-Length and while streaming an endless body", async () => {
    const url = await link();
    const path = dest();
    const declared = record(await api.download(url, path, { maxBytes: 1000 }));
    expect(declared).toMatchObject({ kind: "rejected", status: 200 });
    expect(declared.message).toMatch(/more than the 1000 allowed/);
    emu.inject({ kind: "endless", route: "audio" });
    const endless = record(await api.download(url, path, { maxBytes: 256 * 1024 }));
    expect(endless).toMatchObject({ kind: "rejected", status: 200, attempts: 1 });
    expect(endless.message).toMatch(/exceeded/);
    expect(existsSync(path)).toBe(false);
    expect(leftovers(path)).toEqual([]);
  });

  it("retries like a read: through a truncated body and a 503", async () => {
    const url = await link();
    emu.inject({ kind: "truncate", route: "audio" });
    emu.inject({ kind: "server-error", status: 503, route: "audio" });
    const path = dest();
    const outcome = record(await api.download(url, path));
    expect(outcome).toMatchObject({ kind: "accepted", attempts: 3 });
    expect(leftovers(path)).toEqual([]);
  });

  it("reports an expired link as rejected, not as a bad key", async () => {
    const short = await emulator({ linkTtlMs: 1 });
    try {
      const url = await link(short);
      await new Promise((r) => setTimeout(r, 5));
      const outcome = record(await api.download(url, dest()));
      expect(outcome).toMatchObject({ kind: "rejected", status: 403 });
      expect(outcome.message).toMatch(/expired/);
      expect(outcome.traceId).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      await short.close();
    }
  });

  it("throws LocalError when the destination cannot be written", async () => {
    const blocker = join(folder, "a-file");
    writeFileSync(blocker, "not a folder");
    await expect(api.download(await link(), join(blocker, "audio.wav"))).rejects.toThrow(LocalError);
  });

  it("keeps the key out of everything it reported", () => {
    expect(transcript.length).toBeGreaterThan(10);
    expect(JSON.stringify(transcript)).not.toContain(KEY);
  });
});
