import { resolve } from "node:path";
import type { Config } from "../config/schema.js";
import type { SpeechEngine } from "../emulator/audio/speech.js";
import {
  apiKeyFrom,
  baseUrlFrom,
  dryRun,
  dryRunText,
  JsonReporter,
  LinesReporter,
  localKeyBase,
  runScripts,
  shownPath,
  type Reporter,
  type RunRequest,
  type StartedService,
  unreadableStateMessage,
} from "../run/index.js";
import { chooseStore, isStateStoreError } from "../state/open.js";
import { defineCommand, type Parsed } from "./command.js";
import { compileScripts } from "./compile-scripts.js";
import { EXIT, UsageError, useColor, type Io } from "./io.js";

const OPTIONS = {
  local: { type: "boolean", help: "run against the built-in emulator on this machine: no account, no key, no bill" },
  out: { type: "string", arg: "DIR", help: "where episodes go (default: out/ at the repository's root, whatever the current folder)" },
  "dry-run": { type: "boolean", help: "print the plan and what is already done; send nothing" },
  json: { type: "boolean", help: "progress as one JSON event per line on stdout (for editors and CI)" },
  "resubmit-ambiguous": { type: "boolean", help: "send again the requests whose outcome is unknown (they may be billed twice)" },
  "retry-failed": { type: "boolean", help: "send a new (paid) request for songs that failed and requests that were rejected" },
  "regenerate-lost": { type: "boolean", help: "send a new (paid) request when audio is gone from disk and its link expired" },
  "max-file-mb": { type: "string", arg: "N", default: "512", help: "largest audio file accepted, in megabytes" },
} as const;

export const command = defineCommand(
  {
    name: "run",
    usage: ["FILE… [options]"],
    description: `Compiles the scripts, sends their requests to the Audio Generation Service, waits for the songs, and
downloads every file into <out>/<episode>/ with a manifest.json. Interrupted or failed, run it again:
nothing that succeeded or is still running is sent twice.

The service: PODC_BASE_URL (or service.baseUrl in podc.json); the key: PODC_API_KEY (environment only).`,
    options: OPTIONS,
    exit: "0 every file is here; 1 script errors, or requests failed or unresolved; 2 usage, unreadable file, bad configuration.",
    docs: "docs/run.md",
  },
  run,
);

async function run({ values, positionals }: Parsed<typeof OPTIONS>, io: Io): Promise<number> {
  if (positionals.length === 0) throw new UsageError("podc run takes one or more FILE (see podc run --help)");
  const maxFileMb = Number(values["max-file-mb"]);
  if (!Number.isInteger(maxFileMb) || maxFileMb < 1) throw new UsageError(`--max-file-mb: expected a whole number of megabytes, at least 1, got ${values["max-file-mb"]}`);
  const files = positionals.map((p) => resolve(io.cwd, p));
  const compiled = await compileScripts(files, { out: values.out, local: values.local }, io);
  if ("exitCode" in compiled) return compiled.exitCode;
  const { scripts, config, root } = compiled;

  // Everything about the service is settled before any network I/O, and before the lock. A dry run checks the
  // same things: a wrong address stops it as it would stop the run; what is merely not set yet is reported.
  let keyBase: string | undefined;
  let remote: { baseUrl: string; apiKey: string } | undefined;
  let speech: SpeechEngine | undefined;
  const wouldStop: string[] = [];
  if (values.local) {
    // Loaded only here: a run against the real service never pays for loading the emulator and its audio.
    const { localVoice } = await import("./local-service.js");
    const voice = await localVoice();
    speech = voice.engine;
    keyBase = localKeyBase(voice.identity);
  } else {
    const target = baseUrlFrom(io.env, config.service);
    if ("error" in target) {
      if (!values["dry-run"] || !target.missing) return configError(io, target.error);
      wouldStop.push(target.error);
    } else {
      keyBase = target.keyBase;
    }
    const key = apiKeyFrom(io.env);
    if ("error" in key) {
      if (!values["dry-run"]) return configError(io, key.error);
      wouldStop.push(key.error);
    } else if (!("error" in target)) {
      remote = { baseUrl: target.baseUrl, apiKey: key.apiKey };
    }
  }
  // The shared store (PODC_STATE_URL) is for what is paid for; --local bills nothing and keeps to .podc/.
  const store = values.local ? ({ kind: "file" } as const) : chooseStore(io.env);
  if ("error" in store) return configError(io, store.error);
  if (values.local && io.env.PODC_STATE_URL) io.stderr.write("podc: --local keeps its state in .podc/; PODC_STATE_URL is not used (nothing local is billed)\n");
  const choices = { resubmitAmbiguous: values["resubmit-ambiguous"], retryFailed: values["retry-failed"], regenerateLost: values["regenerate-lost"] };

  if (values["dry-run"]) {
    let report;
    try {
      report = await dryRun(scripts, root, keyBase, { ...choices, local: values.local }, store, wouldStop);
    } catch (error) {
      if (isStateStoreError(error)) return configError(io, error.message);
      const unreadable = unreadableStateMessage(error);
      if (unreadable === undefined) throw error;
      return configError(io, unreadable);
    }
    io.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : dryRunText(report, io.cwd));
    return EXIT.ok;
  }

  const service: RunRequest["service"] = values.local ? { start: (state) => startLocal(state, config, speech!, io) } : remote!;
  const outcome = await runScripts({
    scripts,
    store,
    root,
    settings: config.service,
    keyBase: keyBase!,
    service,
    local: values.local,
    choices,
    maxDownloadBytes: maxFileMb * 1024 * 1024,
    ...(io.interrupted ? { interrupted: io.interrupted } : {}),
    reporter: () => reporterFor(values.json, io),
    onNotice: (message) => io.stderr.write(`podc: ${message}\n`),
    showPath: (path) => shownPath(path, io.cwd),
  });
  if ("error" in outcome) {
    io.stderr.write(`podc run: ${outcome.error}\n`);
    return outcome.exitCode;
  }
  if (!values.json) for (const path of outcome.manifests) io.stdout.write(`${shownPath(path, io.cwd)}\n`);
  return outcome.exitCode;
}

/** `--local`: the built-in emulator, loaded only here, so a run against the real service never pays for loading it. */
async function startLocal(state: string, config: Config, speech: SpeechEngine, io: Io): Promise<StartedService> {
  const { startLocalService, LOCAL_POLL_MS } = await import("./local-service.js");
  const local = await startLocalService(state, config, speech);
  io.stderr.write(`podc: --local: the built-in emulator runs on ${local.baseUrl}; nothing is billed (what would be: ${shownPath(local.ledgerPath, io.cwd)})\n`);
  return { baseUrl: local.baseUrl, apiKey: local.apiKey, pollIntervalMs: LOCAL_POLL_MS, close: () => local.close() };
}

async function reporterFor(json: boolean, io: Io): Promise<Reporter> {
  if (json) return new JsonReporter(io.stdout, io.stderr, io.cwd);
  if (!io.stderr.isTTY) return new LinesReporter(io.stderr, io.cwd);
  // Loaded only for a terminal: the live display's libraries would cost a run in CI or a pipe tens of milliseconds for nothing.
  const { TtyReporter } = await import("../run/progress/tty.js");
  return new TtyReporter(io.stderr, io.cwd, useColor(io.stderr, io.env));
}

function configError(io: Io, message: string): number {
  io.stderr.write(`podc run: ${message}\n`);
  return EXIT.usage;
}
