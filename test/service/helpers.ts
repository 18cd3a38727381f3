import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { decodeWav, SAMPLE_RATE } from "../../src/emulator/audio/wav.js";
import { startEmulator, type Emulator, type EmulatorOptions } from "../../src/emulator/server.js";

/** A key that is easy to search for in captured output. */
export const KEY = "sk-podc-test-K3Y-9f2c1e";

/** Tests run the emulator on a fast clock: one status step every 40 ms. */
const FAST_CLOCK_MS = 40;

export function emulator(options: Partial<EmulatorOptions> = {}): Promise<Emulator> {
  return startEmulator({ apiKey: KEY, clockMs: FAST_CLOCK_MS, speech: "synth", ...options });
}

/** A temporary folder for one test file, removed after its last test. Call at the top level of the file. */
export function scratchFolder(name: string): string {
  const folder = mkdtempSync(join(tmpdir(), `podc-${name}-`));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

export const hasSox = spawnSync("sox", ["--version"], { stdio: "ignore" }).status === 0;
export const hasEspeak = spawnSync("espeak-ng", ["--version"], { stdio: "ignore" }).status === 0;
export const hasCurl = spawnSync("curl", ["--version"], { stdio: "ignore" }).status === 0;

/** Duration in seconds as `soxi -D` reads it, or undefined when sox is not installed. Throws when sox cannot read the file. */
export function soxDuration(file: string): number | undefined {
  if (!hasSox) return undefined;
  const result = spawnSync("soxi", ["-D", file], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`soxi cannot read ${file}: ${result.stderr}`);
  return Number(result.stdout.trim());
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
  json: unknown;
}

/** One HTTP request with node:http alone, written from the interface document rather than through our client. */
export function raw(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method ?? "GET", headers: init.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        const text = body.toString("utf8");
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text, json });
      });
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

export const auth = (key = KEY): Record<string, string> => ({ authorization: `Bearer ${key}` });
export const jsonHeaders = (key = KEY): Record<string, string> => ({ ...auth(key), "content-type": "application/json" });

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` returns a value or `timeoutMs` passes. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 120_000, everyMs = 25): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error("condition not met in time");
    await sleep(everyMs);
  }
}

/** Median fundamental frequency (Hz) of the loud frames of a mono signal, by autocorrelation. */
export function medianPitch(samples: Float32Array, sampleRate = SAMPLE_RATE): number {
  const frame = 1024;
  const found: number[] = [];
  const lo = Math.floor(sampleRate / 400);
  const hi = Math.floor(sampleRate / 70);
  for (let start = 0; start + frame + hi < samples.length; start += frame) {
    let energy = 0;
    for (let i = 0; i < frame; i++) energy += samples[start + i]! ** 2;
    if (energy / frame < 0.002) continue;
    const corr: number[] = [];
    let best = 0;
    for (let lag = lo; lag <= hi; lag++) {
      let c = 0;
      for (let i = 0; i < frame; i++) c += samples[start + i]! * samples[start + i + lag]!;
      corr[lag] = c;
      best = Math.max(best, c);
    }
    // The first strong peak, not the largest: the largest is often a multiple of the period.
    for (let lag = lo + 1; lag < hi; lag++) {
      if (corr[lag]! >= 0.8 * best && corr[lag]! >= corr[lag - 1]! && corr[lag]! >= corr[lag + 1]!) {
        found.push(sampleRate / lag);
        break;
      }
    }
  }
  found.sort((a, b) => a - b);
  return found[Math.floor(found.length / 2)] ?? 0;
}

/**
 * The strongest rhythmic period of a file between `minS` and `maxS` seconds: the lag at which the
 * rise of its loudness (frame to frame, 5 ms frames) best repeats itself.
 */
export function strongestPeriod(file: Buffer, minS = 0.3, maxS = 1.0): number {
  const { samples, sampleRate } = decodeWav(file);
  const hop = Math.round(sampleRate / 200);
  const energy: number[] = [];
  for (let start = 0; start + hop <= samples.length; start += hop) {
    let e = 0;
    for (let i = 0; i < hop; i++) e += samples[start + i]! ** 2;
    energy.push(e);
  }
  const flux = energy.map((e, i) => Math.max(0, e - (energy[i - 1] ?? e)));
  let bestLag = 0;
  let best = -1;
  for (let lag = Math.round(minS * 200); lag <= Math.round(maxS * 200); lag++) {
    let r = 0;
    for (let i = 0; i + lag < flux.length; i++) r += flux[i]! * flux[i + lag]!;
    r /= flux.length - lag;
    if (r > best) {
      best = r;
      bestLag = lag;
    }
  }
  return bestLag / 200;
}
