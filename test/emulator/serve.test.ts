import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { serve } from "../../src/cli/serve.js";
import { readLedger } from "../../src/emulator/ledger.js";
import { childEntry } from "../child-entries.js";
import { auth, eventually, jsonHeaders, KEY, raw, scratchFolder } from "../service/helpers.js";

const scratch = scratchFolder("serve-test");

function capture() {
  const stream = new PassThrough();
  let text = "";
  stream.on("data", (c: Buffer) => (text += c.toString("utf8")));
  return { stream, text: () => text };
}

async function run(argv: string[], env: NodeJS.ProcessEnv = {}, cwd = scratch) {
  const stdout = capture();
  const stderr = capture();
  const code = await serve(argv, { stdout: stdout.stream, stderr: stderr.stream, env, cwd });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

/** Starts `serve` in this process; resolves with its address once the first line is out. */
async function start(argv: string[], env: NodeJS.ProcessEnv = {}, cwd = scratch) {
  const stdout = capture();
  const stderr = capture();
  const controller = new AbortController();
  const exit = serve(argv, { stdout: stdout.stream, stderr: stderr.stream, env, cwd, interrupted: controller.signal });
  const url = await eventually(async () => /^listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(stdout.text())?.[1]);
  return { url, exit, stop: () => controller.abort(), stdout: stdout.text, stderr: stderr.text };
}

const SONG = { lyrics: "[Verse]\nla la", model: "auto", prompt: "pop" };

describe("podc serve", () => {
  it("refuses to start without a key, saying what to set", async () => {
    const result = await run([]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/PODC_API_KEY/);
    expect(result.stdout).toBe("");
  });

  it("refuses other hosts, bad numbers, bad faults, unknown options and arguments with exit code 2", async () => {
    const env = { PODC_API_KEY: KEY };
    for (const argv of [
      ["--host", "0.0.0.0"],
      ["--port", "-1"],
      ["--clock-ms", "soon"],
      ["--fault", "meteor"],
      ["--fault", "latency"],
      ["--speech", "robot"],
      ["--nope"],
      ["extra"],
    ]) {
      const result = await run(argv, env);
      expect(result.code, argv.join(" ")).toBe(2);
      expect(result.stderr).toMatch(/^podc serve: /);
    }
  });

  it("refuses a broken configuration with exit code 2", async () => {
    const broken = join(scratch, "broken.json");
    writeFileSync(broken, JSON.stringify({ limits: { turnsPerRequest: "ten" } }));
    const result = await run(["--config", broken], { PODC_API_KEY: KEY });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/broken\.json/);
    expect((await run(["--config", join(scratch, "missing.json")], { PODC_API_KEY: KEY })).stderr).toMatch(/cannot read/);
  });

  it("explains itself with --help", async () => {
    const result = await run(["--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/--port N/);
    expect(result.stdout).toMatch(/--fault SPEC/);
  });

  it("prints its address first, serves the interface with the key from --key, and stops when interrupted", async () => {
    const ledger = join(scratch, "ledger.jsonl");
    const server = await start(["--key", KEY, "--port", "0", "--clock-ms", "20", "--ledger", ledger, "--speech", "synth"]);
    const created = await raw(`${server.url}/v1/song/generate`, { method: "POST", headers: jsonHeaders(), body: JSON.stringify(SONG) });
    expect(created.status).toBe(200);
    expect((await raw(`${server.url}/v1/song/generate`, { method: "POST", headers: jsonHeaders("other"), body: "{}" })).status).toBe(401);
    expect(readLedger(ledger)).toHaveLength(2);
    server.stop();
    expect(await server.exit).toBe(0);
    expect(server.stdout().split("\n")[0]).toBe(`listening on ${server.url}`);
    expect(server.stderr()).toMatch(/POST \/v1\/song\/generate → 200/);
    expect(server.stdout() + server.stderr()).not.toContain(KEY);
  });

  it("injects faults only when the flags ask, and takes limits from the nearest podc.json", async () => {
    const project = join(scratch, "project");
    mkdirSync(join(project, "episodes"), { recursive: true });
    writeFileSync(join(project, "podc.json"), JSON.stringify({ limits: { turnsPerRequest: 1 } }));
    const server = await start(["--fault", "server-error,route=song.query,times=1,status=503", "--quiet"], { PODC_API_KEY: KEY }, join(project, "episodes"));
    try {
      expect((await raw(`${server.url}/v1/song/query/1`, { headers: auth() })).status).toBe(503);
      expect((await raw(`${server.url}/v1/song/query/1`, { headers: auth() })).status).toBe(404);
      const two = {
        conversations: [
          { text: "a", voice: "Ethan" },
          { text: "b", voice: "Victoria" },
        ],
      };
      const res = await raw(`${server.url}/v1/tts/podcast`, { method: "POST", headers: jsonHeaders(), body: JSON.stringify(two) });
      expect((res.json as { error: { message: string } }).error.message).toMatch(/at most 1 are allowed/);
    } finally {
      server.stop();
      await server.exit;
    }
    expect(server.stderr()).not.toMatch(/GET /);
  });

  it("exits 0 on SIGTERM when run as its own process", async () => {
    const child = spawn(process.execPath, [...childEntry("serve-main"), "--port", "0"], {
      env: { ...process.env, PODC_API_KEY: KEY },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString("utf8")));
    const url = await eventually(async () => /^listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(out)?.[1], 120_000);
    expect((await raw(`${url}/v1/song/query/1`, { headers: auth() })).status).toBe(404);
    child.kill("SIGTERM");
    const [code] = await once(child, "exit");
    expect(code).toBe(0);
  }, 300_000);
});
