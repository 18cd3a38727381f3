import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { processStdio, type WriteBytes } from "../../src/cli/stdio.js";

// podc's standard output and error write straight to their descriptors until a command needs a stream. Output must
// arrive whole and in order all the same, also when the reader is slow, stops early, or left the pipe non-blocking.

const CHILD = join(import.meta.dirname, "fixtures", "stdio-child.ts");
const SLOW = 300_000;

function child(...args: string[]) {
  return spawn(process.execPath, ["--import", "tsx", CHILD, ...args], { stdio: ["ignore", "pipe", "pipe"] });
}

function numbered(count: number): string {
  let text = "";
  for (let i = 0; i < count; i++) text += `${i}\n`;
  return text;
}

describe("standard output and error", () => {
  it(
    "print in order and report no terminal on a pipe",
    () => {
      const r = spawnSync(process.execPath, ["--import", "tsx", CHILD, "mixed"], { encoding: "utf8" });
      expect(r.status).toBe(0);
      const expectedOut = [...Array(100).keys()]
        .filter((i) => i % 3 !== 0)
        .map((i) => `line ${i}\n`)
        .join("");
      const expectedErr = [...Array(100).keys()]
        .filter((i) => i % 3 === 0)
        .map((i) => `line ${i}\n`)
        .join("");
      expect(r.stdout).toBe(expectedOut);
      expect(r.stderr).toBe(`${expectedErr}tty false false\n`);
    },
    SLOW,
  );

  it(
    "delivers everything, in order, to a slow reader",
    async () => {
      const proc = child("flood");
      const chunks: Buffer[] = [];
      let stderr = "";
      proc.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
      // Read in bursts with pauses, so the pipe fills up while the writer is still writing.
      proc.stdout.on("data", (d: Buffer) => {
        chunks.push(d);
        proc.stdout.pause();
        setTimeout(() => proc.stdout.resume(), 2);
      });
      const code = await new Promise<number | null>((resolve) => proc.on("close", resolve));
      expect(stderr).toBe("done\n");
      expect(code).toBe(0);
      expect(Buffer.concat(chunks).toString()).toBe(numbered(200_000));
    },
    SLOW,
  );

  it("stops quietly when the reader is gone, whether the pipe says EPIPE or its socket ECONNRESET", () => {
    for (const code of ["EPIPE", "ECONNRESET"]) {
      let calls = 0;
      const gone: WriteBytes = () => {
        calls++;
        throw Object.assign(new Error(`${code}: the reader is gone`), { code });
      };
      const node = new PassThrough();
      const out = processStdio(1, () => node as unknown as NodeJS.WriteStream, gone);
      expect(out.write("first\n"), code).toBe(true);
      expect(out.write("second\n"), code).toBe(true);
      expect(calls, code).toBe(1);
      // Once Node's stream is in use (a command that listens to it), its error says the same and is not thrown.
      out.on("close", () => {});
      expect(() => node.emit("error", Object.assign(new Error(code), { code })), code).not.toThrow();
    }
  });

  it("hands the rest to Node's stream when a non-blocking descriptor is full, and keeps the order", async () => {
    // What a full pipe that whoever started podc left non-blocking does: part of a write, then EAGAIN.
    const written: string[] = [];
    let room = 10;
    const full: WriteBytes = (_fd, bytes, offset, length) => {
      if (room === 0) throw Object.assign(new Error("EAGAIN: resource temporarily unavailable"), { code: "EAGAIN" });
      const n = Math.min(room, length);
      room -= n;
      written.push(Buffer.from(bytes.subarray(offset, offset + n)).toString());
      return n;
    };
    const node = new PassThrough();
    let made = 0;
    const out = processStdio(1, () => (made++, node as unknown as NodeJS.WriteStream), full);
    out.write("0123456789abcdef\n");
    out.write("after\n");
    node.end();
    expect(made).toBe(1);
    expect(written.join("") + (await text(node))).toBe("0123456789abcdef\nafter\n");
  });

  it(
    "stop quietly when the reader closes the pipe early",
    async () => {
      const proc = child("flood");
      let stderr = "";
      proc.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
      proc.stdout.once("data", () => proc.stdout.destroy());
      const code = await new Promise<number | null>((resolve) => proc.on("close", resolve));
      expect(code).toBe(0);
      expect(stderr).toBe("done\n");
    },
    SLOW,
  );
});
