/*
 * The API key never reaches anything podc writes or prints, whatever field of a service's answer echoes it: the
 * trace id (in the body or a header), the task id, the model, a failed task's reason, a link. A small hand-written
 * service that echoes the key it was sent stands in for a careless (or hostile) one; podc runs as a real process, so
 * its standard output and error are the ones a terminal or a CI log would show.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeWav } from "../../src/emulator/audio/wav.js";
import { expectKeyAbsent, KEY, project, removeProjects, spawnPodc } from "./helpers.js";

const EPISODE = `Title: Echoes
Cast:
    HOST: Ethan
    GUEST: Victoria

# Cold open

HOST: Welcome, {tag}.
GUEST: Hello.

SONG: Echo
Style: synthwave

[Verse]
Lines of light {tag}
END SONG
`;

const WAV = encodeWav(new Float32Array(2205));

let server: Server;
let url: string;
/** What the service uses as the song's task id: a plain one, or the key it was sent. */
let taskIdOf: (key: string) => string;

function answer(req: IncomingMessage, res: ServerResponse): void {
  const key = (req.headers.authorization ?? "").replace(/^Bearer /, "");
  const path = new URL(req.url ?? "/", "http://x").pathname;
  const json = (body: object): void => {
    res.writeHead(200, { "content-type": "application/json", "x-trace-id": key }).end(JSON.stringify({ ...body, trace_id: `trace-${key}` }));
  };
  if (path.startsWith("/audio/")) {
    res.writeHead(200, { "content-type": "audio/wav", "content-length": String(WAV.length), "x-trace-id": key }).end(WAV);
    return;
  }
  if (path === "/v1/tts/podcast")
    return json({ url: `${url}/audio/talk.wav?key=${encodeURIComponent(key)}&k2=${key}`, expires_at: Math.floor(Date.now() / 1000) + 3600 });
  if (path === "/v1/song/generate") return json({ id: taskIdOf(key), status: "preparing", model: `mureka-${key}` });
  if (path.startsWith("/v1/song/query/")) {
    return json({
      id: decodeURIComponent(path.slice("/v1/song/query/".length)),
      status: "failed",
      model: `mureka-${key}`,
      failed_reason: `the key ${key} is odd`,
    });
  }
  res.writeHead(404, { "content-type": "text/plain" }).end(`no such thing for ${key}`);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on("end", () => answer(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
afterAll(removeProjects);

async function runEchoed(): Promise<{ output: string; dir: string }> {
  const p = project(EPISODE);
  const run = spawnPodc(["run", "--no-build", p.script], p.dir, { PODC_BASE_URL: url, PODC_API_KEY: KEY });
  await run.exited;
  const json = spawnPodc(["status", "--json"], p.dir, { PODC_BASE_URL: url, PODC_API_KEY: KEY });
  await json.exited;
  return { output: `${run.output()}\n${json.output()}`, dir: p.dir };
}

describe("a service that echoes the key", () => {
  it("in the trace id, a header, the model, a failed task's reason and a link: none of it reaches stderr, the journal or the manifest", async () => {
    taskIdOf = () => "4242";
    const { output, dir } = await runEchoed();
    expect(output).toContain("[redacted]");
    expect(output).toContain("the key [redacted] is odd");
    expectKeyAbsent([output], [join(dir, ".podc"), join(dir, "out")]);
  });

  it("as the task id: the id is written redacted, never as the key", async () => {
    taskIdOf = (key) => key;
    const { output, dir } = await runEchoed();
    expectKeyAbsent([output], [join(dir, ".podc"), join(dir, "out")]);
  });
});
