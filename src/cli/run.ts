import { join, resolve } from "node:path";
import { displayPath } from "../files/display-path.js";
import type { Config } from "../config/schema.js";
import type { SpeechEngine } from "../emulator/audio/speech.js";
import type { PlannedSong } from "../compile.js";
import {
  apiKeyFrom,
  baseUrlFrom,
  capWithoutPrices,
  dryRun,
  dryRunText,
  jobKey,
  JsonReporter,
  LinesReporter,
  localKeyBase,
  MANIFEST_FILE,
  runScripts,
  terminalReporter,
  type Reporter,
  type RunRequest,
  type StartedService,
  unreadableStateMessage,
} from "../run/index.js";
import { journalCopyDir } from "../state/journal.js";
import { chooseStore, isStateStoreError } from "../state/store.js";
import { defineCommand, type Parsed } from "./command.js";
import { compileScripts, keepWhatWasSent, type TaggedScript } from "./compile-scripts.js";
import { LOCK_FILE, mixedModels, readLock, recordModels } from "./model-lock.js";
import { RunTally } from "./run-summary.js";
import { EXIT, UsageError, useColor, type Io } from "./io.js";
import { fittedToTerminal } from "./terminal-lines.js";

const OPTIONS = {
  local: { type: "boolean", help: "run against the built-in emulator on this machine: no account, no key, no bill" },
  out: { type: "string", arg: "DIR", help: "where episodes go (default: out/ at the repository's root, whatever the current folder)" },
  "dry-run": { type: "boolean", help: "print the plan and what is already done; send nothing" },
  json: { type: "boolean", help: "progress as one JSON event per line on stdout (for editors and CI)" },
  "resubmit-ambiguous": { type: "boolean", help: "send again the requests whose outcome is unknown (they may be billed twice)" },
  "retry-failed": { type: "boolean", help: "send a new (paid) request for songs that failed and requests that were rejected" },
  "regenerate-lost": { type: "boolean", help: "send a new (paid) request when audio is gone from disk and its link expired" },
  "max-cost": {
    type: "string",
    arg: "AMOUNT",
    help: "send nothing if the requests this run would send are estimated to cost more (in pricing.currency; overrides service.maxCost)",
  },
  "no-build": { type: "boolean", help: "stop once the audio is here: do not assemble the finished episode (podc build)" },
  "update-models": { type: "boolean", help: "songs yet to be made ask for auto, not the model podc.lock says the episode's songs were made with" },
  "max-file-mb": { type: "string", arg: "N", default: "512", help: "largest audio file accepted, in megabytes" },
} as const;

export const command = defineCommand(
  {
    name: "run",
    usage: ["FILE… [options]"],
    description: `Compiles the scripts, sends their requests to the Audio Generation Service, waits for the songs, and
downloads every file into <out>/<episode>/ with a manifest.json, then builds the finished episode there (as
podc build does) when every request is done and ffmpeg is installed. Interrupted or failed, run it again:
nothing that succeeded or is still running is sent twice.

The service: PODC_BASE_URL (or service.baseUrl in podc.json); the key: PODC_API_KEY (environment only).`,
    options: OPTIONS,
    exit: "0 every file is here (and the episode built, when ffmpeg is installed); 1 script errors, requests failed or unresolved, or the build failed; 2 usage, unreadable file, bad configuration.",
    docs: "docs/run.md",
  },
  run,
);

async function run({ values, positionals }: Parsed<typeof OPTIONS>, given: Io): Promise<number> {
  // Every line it prints for good fits a terminal's width (terminal-lines.ts).
  const io = fittedToTerminal(given);
  if (positionals.length === 0) throw new UsageError("podc run takes one or more FILE (see podc run --help)");
  const maxFileMb = Number(values["max-file-mb"]);
  if (!Number.isInteger(maxFileMb) || maxFileMb < 1)
    throw new UsageError(`--max-file-mb: expected a whole number of megabytes, at least 1, got ${values["max-file-mb"]}`);
  const maxCostFlag = values["max-cost"] === undefined ? undefined : parseAmount(values["max-cost"]);
  const files = positionals.map((p) => resolve(io.cwd, p));
  const compiled = await compileScripts(files, { out: values.out, local: values.local, updateModels: values["update-models"] }, io);
  if ("exitCode" in compiled) return compiled.exitCode;
  const { scripts, config, root } = compiled;
  // A cap is about money: --local bills nothing, so it never applies there.
  const cap =
    maxCostFlag !== undefined
      ? { maxCost: maxCostFlag, from: "--max-cost" }
      : config.service.maxCost !== undefined
        ? { maxCost: config.service.maxCost, from: "service.maxCost in podc.json" }
        : undefined;
  if (cap && !config.pricing && !values.local && !values["dry-run"]) {
    const refusal = capWithoutPrices(cap.from);
    return configError(io, `${refusal.reason}: nothing was sent. ${refusal.advice[0]!.toUpperCase()}${refusal.advice.slice(1)}.`);
  }
  const money = { ...(config.pricing ? { pricing: config.pricing } : {}), ...(cap ? { cap } : {}) };

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

  if (keyBase !== undefined) await keepWhatWasSent(scripts, root, keyBase, store);
  if (values["dry-run"]) {
    let report;
    try {
      report = await dryRun(scripts, root, keyBase, { ...choices, local: values.local }, store, wouldStop, money);
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
  const copyDir = journalCopyDir(root, io.env);
  const tally = new RunTally();
  const outcome = await runScripts({
    scripts,
    store,
    root,
    ...(copyDir ? { journalCopyDir: copyDir } : {}),
    settings: config.service,
    keyBase: keyBase!,
    service,
    local: values.local,
    choices,
    ...(config.pricing ? { pricing: config.pricing } : {}),
    ...(cap && config.pricing ? { spendingCap: { ...cap, pricing: config.pricing } } : {}),
    maxDownloadBytes: maxFileMb * 1024 * 1024,
    ...(io.interrupted ? { interrupted: io.interrupted } : {}),
    reporter: async () => tally.wrap(await reporterFor(values.json, io)),
    onNotice: (message) => io.stderr.write(`podc: ${message}\n`),
    showPath: (path) => displayPath(path, io.cwd),
  });
  if ("error" in outcome) {
    io.stderr.write(`podc run: ${outcome.error}\n`);
    return outcome.exitCode;
  }
  if (!values.json) for (const path of outcome.manifests) io.stdout.write(`${displayPath(path, io.cwd)}\n`);
  // What the service made is locked (podc.lock); a local run's models are the emulator's, never locked.
  if (!values.local) lockModels(scripts, root, keyBase!, io);
  // The run ends with one summary, after the build: what was sent and what it cost, what is not done, where to listen.
  const summary = (built: "yes" | "no" | "skipped") => {
    if (values.json) return;
    const rerun = ["podc run", ...(values.local ? ["--local"] : []), ...scripts.map((s) => s.source)].join(" ");
    for (const line of tally.lines(scripts, { config, keyBase: keyBase!, local: values.local, rerun, cwd: io.cwd, built })) io.stderr.write(`podc: ${line}\n`);
  };
  if (values["no-build"] || io.interrupted?.aborted) {
    summary("skipped");
    return outcome.exitCode;
  }
  // Loaded only now: a run that stops early never pays for loading the build.
  const { buildScripts } = await import("./build-scripts.js");
  const built = await buildScripts(scripts, { config, keyBase, local: values.local, out: values.out, who: "podc", list: "stderr", onlyDone: true }, io);
  summary(built === EXIT.ok ? "yes" : "no");
  // Without ffmpeg the audio is still all here: the run did what it was asked, and the message says what to install.
  return built === EXIT.usage ? outcome.exitCode : Math.max(outcome.exitCode, built);
}

/** `--local`: the built-in emulator, loaded only here, so a run against the real service never pays for loading it. */
async function startLocal(state: string, config: Config, speech: SpeechEngine, io: Io): Promise<StartedService> {
  const { startLocalService, LOCAL_POLL_MS } = await import("./local-service.js");
  const local = await startLocalService(state, config, speech);
  io.stderr.write(
    `podc: --local: the built-in emulator runs on ${local.baseUrl}; nothing is billed (what would be: ${displayPath(local.ledgerPath, io.cwd)})\n`,
  );
  return { baseUrl: local.baseUrl, apiKey: local.apiKey, pollIntervalMs: LOCAL_POLL_MS, close: () => local.close() };
}

async function reporterFor(json: boolean, io: Io): Promise<Reporter> {
  if (json) return new JsonReporter(io.stdout, io.stderr, io.cwd);
  if (!io.stderr.isTTY) return new LinesReporter(io.stderr, io.cwd);
  return terminalReporter(io.stderr, io.cwd, useColor(io.stderr, io.env));
}

/** Records the concrete model of every song made in podc.lock, and reports an episode whose songs were made with several. */
function lockModels(scripts: readonly TaggedScript[], root: string, keyBase: string, io: Io): void {
  const lock = readLock(root);
  const episodes = scripts.map((s) => ({
    source: s.sourceInRoot,
    plan: s.plan,
    manifestPath: join(s.outDir, MANIFEST_FILE),
    jobKey: (r: PlannedSong) => jobKey(r.path, r.body, keyBase),
  }));
  if (recordModels(root, lock, episodes)) io.stderr.write(`podc: ${LOCK_FILE} records the model each song was made with: commit it\n`);
  for (const script of scripts) {
    const mixed = mixedModels(lock, script.sourceInRoot);
    // Reported, not mended: making a paid song again is paying again, the writer's choice (a song's Model header).
    if (mixed !== undefined) io.stderr.write(`podc: ${script.source}: one episode, several models — ${mixed}\n`);
  }
}

function configError(io: Io, message: string): number {
  io.stderr.write(`podc run: ${message}\n`);
  return EXIT.usage;
}

/** `--max-cost AMOUNT`: a plain non-negative decimal (`5`, `12.50`); anything else is a usage mistake. */
function parseAmount(text: string): number {
  const amount = /^\s*\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(amount)) throw new UsageError(`--max-cost: expected an amount such as 5 or 12.50 (in pricing.currency), got ${text}`);
  return amount;
}
