import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { loadConfigFor, parseConfig, type LoadedConfig } from "../config/load.js";
import type { Config } from "../config/schema.js";
import { parseFaultSpec, type FaultRule } from "../emulator/faults.js";
import { startEmulator } from "../emulator/server.js";
import { quirkProblem, type Quirk } from "../emulator/quirks.js";
import { defineCommand, type Parsed } from "./command.js";
import { EXIT, UsageError, type Io } from "./io.js";

const OPTIONS = {
  port: { type: "string", default: "0", arg: "N", help: "port on 127.0.0.1 (0: any free port)" },
  key: { type: "string", arg: "KEY", help: "API key to accept (default: $PODC_API_KEY)" },
  host: { type: "string", default: "127.0.0.1", arg: "ADDR", help: "listen address; only 127.0.0.1 is allowed" },
  config: { type: "string", arg: "FILE", help: "podc.json whose limits, voices and query path to use (default: the nearest one)" },
  "clock-ms": { type: "string", default: "2000", arg: "MS", help: "length of each task status step (preparing, queued, running)" },
  "link-ttl-ms": { type: "string", default: "86400000", arg: "MS", help: "how long audio links stay valid" },
  "data-dir": { type: "string", arg: "DIR", help: "keep audio and the ledger here (default: a temporary folder, removed on exit)" },
  ledger: { type: "string", arg: "FILE", help: "write the ledger of paid requests here (default: DATA_DIR/ledger.jsonl)" },
  speech: {
    type: "string",
    default: "auto",
    choices: ["auto", "espeak-ng", "synth"],
    help: "how speech is made: espeak-ng when installed (auto), or tones (synth)",
  },
  concurrency: { type: "string", arg: "N", help: "most unfinished tasks at once; more get 429 (default: unlimited)" },
  "plain-404": { type: "boolean", help: "answer unknown paths in plain text, as the real service does" },
  "latency-ms": { type: "string", arg: "MS", help: "fault: delay every answer by MS" },
  fault: {
    type: "string",
    multiple: true,
    arg: "SPEC",
    help: "fault: KIND[,route=R][,times=N|always][,ms=N][,retry-after=S][,status=N] (see docs/emulator.md)",
  },
  quirk: {
    type: "string",
    multiple: true,
    arg: "NAME",
    help: "answer the way some real services do, e.g. float-timestamps, no-index, octet-stream, auth-400 (see docs/emulator.md)",
  },
  quiet: { type: "boolean", help: "do not log requests to stderr" },
} as const;

export const command = defineCommand(
  {
    name: "serve",
    usage: ["[options]"],
    description: `Runs a local emulator of the Audio Generation Service on 127.0.0.1 until Ctrl-C. The first line on stdout is
\`listening on http://127.0.0.1:PORT\`. It accepts the key in PODC_API_KEY (or --key), bills nothing, and
speaks the lines with espeak-ng when it is installed.`,
    options: OPTIONS,
    exit: "0 stopped by Ctrl-C or SIGTERM, 2 usage, a port in use or bad configuration.",
    docs: "docs/emulator.md",
    positionals: false,
  },
  serveParsed,
);

/** What `serve` needs of the outside world: the command line's Io, of which cwd and interrupted are optional. */
export type ServeIo = Pick<Io, "stdout" | "stderr" | "env"> & Partial<Pick<Io, "cwd" | "interrupted">>;

/**
 * `podc serve`: runs the emulator of the Audio Generation Service on 127.0.0.1 until SIGINT or
 * SIGTERM. The first stdout line is `listening on http://127.0.0.1:PORT`. Returns the exit code.
 */
export function serve(argv: string[], io: ServeIo): Promise<number> {
  return command.run(argv, { cwd: process.cwd(), ...io });
}

async function serveParsed({ values }: Parsed<typeof OPTIONS>, io: Io): Promise<number> {
  const apiKey = values.key ?? io.env.PODC_API_KEY ?? "";
  if (apiKey.length === 0) throw new UsageError("no API key to accept: set PODC_API_KEY, or pass --key KEY");
  if (values.host !== "127.0.0.1") throw new UsageError(`--host: podc serve listens on 127.0.0.1 only, not ${values.host}`);
  const faults: FaultRule[] = [];
  if (values["latency-ms"] !== undefined) {
    faults.push({ kind: "latency", ms: number("--latency-ms", values["latency-ms"], 0), times: Number.POSITIVE_INFINITY });
  }
  for (const spec of values.fault ?? []) {
    const rule = parseFaultSpec(spec);
    if (typeof rule === "string") throw new UsageError(`--fault: ${rule}`);
    faults.push(rule);
  }
  const quirks = (values.quirk ?? []).map((name) => {
    const problem = quirkProblem(name);
    if (problem) throw new UsageError(`--quirk: ${problem}`);
    return name as Quirk;
  });
  const speech = values.speech as "auto" | "espeak-ng" | "synth";
  const log = values.quiet ? undefined : (line: string) => io.stderr.write(`${line}\n`);
  const emulator = await startEmulator({
    apiKey,
    port: number("--port", values.port, 0, 65535),
    config: await configFor(values.config, io.cwd),
    clockMs: number("--clock-ms", values["clock-ms"], 1),
    linkTtlMs: number("--link-ttl-ms", values["link-ttl-ms"], 1),
    speech,
    plainTextNotFound: values["plain-404"],
    faults,
    quirks,
    ...(values["data-dir"] !== undefined ? { dataDir: values["data-dir"] } : {}),
    ...(values.ledger !== undefined ? { ledgerPath: values.ledger } : {}),
    ...(values.concurrency !== undefined ? { concurrency: number("--concurrency", values.concurrency, 1) } : {}),
    ...(log ? { log } : {}),
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "EADDRINUSE") throw new UsageError(`--port: port ${values.port} is already in use`);
    throw new UsageError(error.message);
  });
  io.stdout.write(`listening on ${emulator.url}\n`);
  io.stderr.write(`podc serve: speech ${emulator.speechEngine}, ledger ${emulator.ledgerPath}, audio in ${emulator.dataDir}; Ctrl-C stops\n`);
  await stopped(io.interrupted);
  await emulator.close();
  return EXIT.ok;
}

function stopped(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      process.off("SIGINT", done);
      process.off("SIGTERM", done);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    process.on("SIGINT", done);
    process.on("SIGTERM", done);
    if (signal?.aborted) return done();
    signal?.addEventListener("abort", done);
  });
}

function number(flag: string, text: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new UsageError(`${flag}: expected a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : " up"}, got ${text}`);
  }
  return value;
}

/** The project configuration: the file given, else the nearest podc.json, else the defaults; errors in it are usage errors. */
async function configFor(file: string | undefined, cwd: string): Promise<Config> {
  let loaded: LoadedConfig;
  if (file === undefined) {
    loaded = loadConfigFor(cwd);
  } else {
    const path = resolve(cwd, file);
    let text: string;
    try {
      text = await readFile(path, "utf8");
    } catch (error) {
      throw new UsageError(`--config: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? "error"})`);
    }
    loaded = { ...parseConfig(text, path), path };
  }
  const error = loaded.diagnostics.find((d) => d.severity === "error");
  if (error) throw new UsageError(`${loaded.path ?? "podc.json"}: ${error.message}`);
  return loaded.config;
}
