import { createServer, request, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServiceClient } from "../../src/service/client.js";
import type { Emulator } from "../../src/emulator/server.js";
import { emulator, KEY, scratchFolder } from "./helpers.js";

/*
 * HTTPS_PROXY / HTTP_PROXY / NO_PROXY: a machine that reaches the service only through a proxy. A tiny forward proxy
 * on loopback sees every request it should carry, and none that NO_PROXY exempts.
 */

let emu: Emulator;
let proxy: Server;
let proxyUrl: string;
const seen: string[] = [];
const folder = scratchFolder("proxy-test");

beforeAll(async () => {
  emu = await emulator();
  proxy = createServer((req, res) => {
    // A forward proxy gets the absolute URL in the request line.
    seen.push(`${req.method} ${req.url}`);
    const onward = request(req.url!, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    onward.on("error", () => res.writeHead(502).end());
    req.pipe(onward);
  });
  // What undici sends a proxy, for http: targets as for https: ones: a CONNECT, then the request through the tunnel.
  proxy.on("connect", (req, socket, head) => {
    seen.push(`CONNECT ${req.url}`);
    const [host, port] = req.url!.split(":");
    const upstream = connect(Number(port), host, () => {
      socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  proxy.closeAllConnections();
  proxy.close();
  await emu.close();
});

const SONG = { lyrics: "[Verse]\nThrough the proxy tonight", prompt: "synthwave", model: "auto" };

describe("proxies from the environment", () => {
  it("sends paid calls, reads and downloads through HTTP_PROXY", async () => {
    seen.length = 0;
    const api = new ServiceClient({ baseUrl: emu.url, apiKey: KEY, env: { HTTP_PROXY: proxyUrl } });
    try {
      const created = await api.createSong(SONG);
      expect(created.kind).toBe("accepted");
      const id = created.kind === "accepted" ? created.value.id : "";
      expect((await api.queryTask(id)).kind).toBe("accepted");
      const podcast = await fetch(`${emu.url}/v1/tts/podcast`, {
        method: "POST",
        headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
        body: JSON.stringify({ conversations: [{ text: "Hello there.", voice: "Ethan" }] }),
      });
      const { url } = (await podcast.json()) as { url: string };
      expect((await api.download(url, join(folder, "a.wav"))).kind).toBe("accepted");
    } finally {
      await api.close();
    }
    // The paid call on its own fresh connection, the reads on a kept-alive one: at least two tunnels, all to the service.
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.every((line) => line === `CONNECT ${new URL(emu.url).host}` || line.includes(emu.url))).toBe(true);
  });

  it("goes straight to hosts NO_PROXY names, and without any proxy set", async () => {
    seen.length = 0;
    for (const env of [{ HTTP_PROXY: proxyUrl, NO_PROXY: "127.0.0.1" }, {}]) {
      const api = new ServiceClient({ baseUrl: emu.url, apiKey: KEY, env });
      try {
        expect((await api.createSong(SONG)).kind).toBe("accepted");
      } finally {
        await api.close();
      }
    }
    expect(seen).toEqual([]);
  });
});
