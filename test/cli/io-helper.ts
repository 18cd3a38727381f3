import { PassThrough } from "node:stream";
import type { Io } from "../../src/cli/io.js";
import { main } from "../../src/cli/command.js";

export interface Captured {
  code: number;
  stdout: string;
  stderr: string;
}

/** An in-memory Io: what a command writes is collected as text. */
export function memoryIo(cwd: string, env: NodeJS.ProcessEnv = {}, stdin?: string) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = "";
  let err = "";
  stdout.on("data", (c: Buffer) => (out += c.toString("utf8")));
  stderr.on("data", (c: Buffer) => (err += c.toString("utf8")));
  const controller = new AbortController();
  const io: Io = { stdout, stderr, env: { NO_COLOR: "1", ...env }, cwd, interrupted: controller.signal };
  if (stdin !== undefined) {
    const input = new PassThrough();
    input.end(stdin);
    io.stdin = input;
  }
  return { io, stdout: () => out, stderr: () => err, abort: () => controller.abort() };
}

/** Runs `podc ARGS` in-process in `cwd` and returns its exit code and output. */
export async function runPodc(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}, stdin?: string): Promise<Captured> {
  const m = memoryIo(cwd, env, stdin);
  const code = await main(args, m.io);
  await new Promise((r) => setImmediate(r));
  return { code, stdout: m.stdout(), stderr: m.stderr() };
}
