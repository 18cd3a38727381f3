/*
 * A download link is data from the network: one that points into this machine or its network (a cloud's metadata
 * service at 169.254.169.254, 10/8, 192.168/16, fd00::/8, any 127.0.0.1 port) is refused — after DNS resolution, so
 * a name that resolves there is refused too — unless the service itself is on loopback. A real server on 127.0.0.1
 * counts what reaches it: nothing may. `localhost` stands in for a public name that resolves to a private address.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeWav } from "../../src/emulator/audio/wav.js";
import { ServiceClient } from "../../src/service/client.js";
import { KEY, scratchFolder } from "./helpers.js";

const WAV = encodeWav(new Float32Array(2205));
let server: Server;
let port: number;
let hits = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits++;
    res.writeHead(200, { "content-type": "audio/wav", "content-length": String(WAV.length) }).end(WAV);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

function client(baseUrl: string): ServiceClient {
  return new ServiceClient({ baseUrl, apiKey: KEY, retry: { maxAttempts: 1 }, connectTimeoutMs: 2000 });
}

describe("download links to private addresses, from a service on the internet", () => {
  const folder = scratchFolder("private-addresses");
  const cases = [
    ["loopback by address", () => `http://127.0.0.1:${port}/a.wav`],
    ["loopback by name, refused once resolved", () => `http://localhost:${port}/a.wav`],
    ["IPv6 loopback", () => `http://[::1]:${port}/a.wav`],
    ["IPv4-mapped IPv6 loopback", () => `http://[::ffff:127.0.0.1]:${port}/a.wav`],
    ["link-local (cloud metadata)", () => "https://169.254.169.254/latest/meta-data"],
    ["10/8", () => "https://10.1.2.3/a.wav"],
    ["172.16/12", () => "https://172.20.0.1/a.wav"],
    ["192.168/16", () => "https://192.168.1.10/a.wav"],
    ["unique-local IPv6", () => "https://[fd00::1]/a.wav"],
    ["link-local IPv6", () => "https://[fe80::1]/a.wav"],
    ["IPv4-mapped private", () => "https://[::ffff:10.0.0.1]/a.wav"],
  ] as const;

  it.each(cases)("%s: refused, nothing fetched, no file written", async (_, link) => {
    const api = client("https://api.example.invalid");
    const before = hits;
    const dest = join(folder, `${Math.random()}.wav`);
    try {
      const outcome = await api.download(link(), dest);
      expect(outcome.kind, JSON.stringify(outcome)).toBe("rejected");
      expect(outcome.kind === "rejected" && outcome.message).toMatch(/an address of this machine or a private network, where podc fetches no links/);
    } finally {
      await api.close();
    }
    expect(hits).toBe(before);
    expect(existsSync(dest)).toBe(false);
  });

  it("a service on loopback (the local emulator) may still hand out loopback links", async () => {
    const api = client(`http://127.0.0.1:${port}`);
    const before = hits;
    try {
      const outcome = await api.download(`http://localhost:${port}/a.wav`, join(folder, "ok.wav"));
      expect(outcome.kind, JSON.stringify(outcome)).toBe("accepted");
    } finally {
      await api.close();
    }
    expect(hits).toBe(before + 1);
  });
});
