/*
 * Result links are data from the network, not instructions: a service (or whoever tampers with it)
 * that answers with a file: link, a link to another origin, a body that never ends, a redirect loop
 * or a web page must not get the key, fill the disk, or put a file where the script did not say.
 * A small hand-written service stands in for the real one here, since the emulator only gives good links.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeWav } from "../../src/emulator/audio/wav.js";
import { expectKeyAbsent, KEY, podc, project, removeProjects } from "./helpers.js";

const PODCAST_ONLY = `Title: Links
Cast:
    HOST: Ethan
    GUEST: Victoria

# Cold open

HOST: Welcome, {tag}.
GUEST: Hello.
`;

const SONG_ONLY = `Title: Links

SONG: Linked
Style: synthwave

[Verse]
Lines of light {tag}
END SONG
`;

const WAV = encodeWav(new Float32Array(2205));

interface FakeService {
  url: string;
  /** The link the next podcast answer carries. */
  podcastUrl: string;
  /** The links of the song task's choices. */
  songUrls: string[];
  /** Authorization headers each path received. */
  seen: { path: string; authorization?: string }[];
  server: Server;
}

function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

function audioRoutes(service: { seen: FakeService["seen"] }, req: IncomingMessage, res: ServerResponse, self: string): boolean {
  const path = new URL(req.url ?? "/", "http://x").pathname;
  service.seen.push({ path, ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}) });
  if (path === "/audio/ok.wav") {
    res.writeHead(200, { "content-type": "audio/wav", "content-length": String(WAV.length), "x-trace-id": "feedfacefeedfacefeedfacefeedface" }).end(WAV);
    return true;
  }
  if (path === "/audio/page") {
    res.writeHead(200, { "content-type": "text/html" }).end("<html>login</html>");
    return true;
  }
  if (path === "/audio/loop") {
    res.writeHead(302, { location: `${self}/audio/loop` }).end();
    return true;
  }
  if (path === "/audio/endless") {
    res.writeHead(200, { "content-type": "audio/wav" });
    const chunk = Buffer.alloc(64 * 1024, 1);
    const pump = (): void => {
      while (!res.destroyed && res.write(chunk));
      if (!res.destroyed) res.once("drain", pump);
    };
    pump();
    return true;
  }
  return false;
}

let api: FakeService;
let other: { server: Server; url: string; seen: FakeService["seen"] };

beforeAll(async () => {
  const seen: FakeService["seen"] = [];
  const started = await listen((req, res) => {
    req.resume();
    req.on("end", () => {
      if (audioRoutes(api, req, res, api.url)) return;
      const json = (body: unknown): void => {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ...(body as object), trace_id: "0123456789abcdef0123456789abcdef" }));
      };
      if (req.url === "/v1/tts/podcast") return json({ url: api.podcastUrl, expires_at: Math.floor(Date.now() / 1000) + 3600 });
      if (req.url === "/v1/song/generate") return json({ id: "4242", status: "preparing", model: "mureka-8" });
      if (req.url === "/v1/song/query/4242") {
        return json({ id: "4242", status: "succeeded", model: "mureka-8", choices: api.songUrls.map((url, index) => ({ index, url, duration: 100 })) });
      }
      res.writeHead(404, { "content-type": "text/plain" }).end("404 page not found");
    });
  });
  api = { ...started, podcastUrl: "", songUrls: [], seen };
  const otherSeen: FakeService["seen"] = [];
  const o = await listen((req, res) => {
    req.resume();
    req.on("end", () => {
      if (!audioRoutes(other, req, res, other.url)) res.writeHead(404).end();
    });
  });
  other = { ...o, seen: otherSeen };
});

afterAll(async () => {
  api.server.closeAllConnections();
  other.server.closeAllConnections();
  await Promise.all([new Promise((r) => api.server.close(r)), new Promise((r) => other.server.close(r))]);
});

const env = (): NodeJS.ProcessEnv => ({ PODC_BASE_URL: api.url, PODC_API_KEY: KEY });

/** Everything in out/episode except the manifest: what the links managed to write. */
function written(dir: string): string[] {
  try {
    return readdirSync(join(dir, "out", "episode")).filter((n) => n !== "manifest.json");
  } catch {
    return [];
  }
}

afterAll(removeProjects);

describe("hostile result links", () => {
  it.each([
    ["a file: link", "file:///etc/passwd", /unsupported URL scheme file:/, "the service gave a link podc does not follow"],
    ["an ftp: link", "ftp://example.com/audio.wav", /unsupported URL scheme ftp:/, "the service gave a link podc does not follow"],
    ["a web page instead of audio", "{api}/audio/page", /text\/html, not audio/, "download failed"],
    ["a redirect loop", "{api}/audio/loop", /more than 5 redirects/, "download failed"],
  ])("%s is refused and nothing is written", async (_what, link, message, said) => {
    const p = project(PODCAST_ONLY);
    api.podcastUrl = link.replace("{api}", api.url);
    const result = await podc(["run", p.script], p.dir, env());
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toContain(said);
    // A link podc never follows stays so: the message must not promise that running again helps.
    if (said !== "download failed") {
      expect(result.stderr).toContain("Running again will not help");
      expect(result.stderr).not.toMatch(/run again to retry/);
    }
    expect(written(p.dir)).toEqual([]);
    expectKeyAbsent([result.stdout, result.stderr], [join(p.dir, ".podc"), join(p.dir, "out")]);
  });

  it("an endless body is cut at the size cap, and no partial file is left", async () => {
    const p = project(PODCAST_ONLY);
    api.podcastUrl = `${api.url}/audio/endless`;
    const result = await podc(["run", p.script, "--max-file-mb", "1"], p.dir, env());
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/exceeded the 1048576 bytes allowed/);
    expect(written(p.dir)).toEqual([]);
  });

  it("a link to another origin is fetched without the key", async () => {
    const p = project(PODCAST_ONLY);
    api.podcastUrl = `${other.url}/audio/ok.wav`;
    const result = await podc(["run", p.script], p.dir, env());
    expect(result.code, result.stderr).toBe(0);
    expect(written(p.dir)).toEqual(["01-cold-open.wav"]);
    expect(other.seen.length).toBeGreaterThan(0);
    expect(other.seen.every((s) => s.authorization === undefined)).toBe(true);
    expectKeyAbsent([result.stdout, result.stderr], [join(p.dir, ".podc"), join(p.dir, "out")]);
  });

  it("a song whose every link is refused counts as failed, not as done", async () => {
    const p = project(SONG_ONLY);
    api.songUrls = ["file:///etc/passwd", "javascript:alert(1)"];
    const result = await podc(["run", p.script], p.dir, env());
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("no choice has a usable audio url");
    expect(written(p.dir)).toEqual([]);
  });

  it("file names come from the script, never from the link", async () => {
    const p = project(SONG_ONLY);
    api.songUrls = [`${api.url}/audio/ok.wav?name=../../evil.sh`];
    const result = await podc(["run", p.script], p.dir, env());
    expect(result.code, result.stderr).toBe(0);
    expect(written(p.dir)).toEqual(["01-linked-1.wav"]);
  });
});
