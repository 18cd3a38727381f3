import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { analyze } from "../compile.js";
import { loadConfigFor } from "../config/load.js";
import type { Config } from "../config/schema.js";
import { hasErrors } from "../diagnostics/diagnostic.js";
import { dryRun, dryRunText } from "../run/dry-run.js";
import type { Reporter } from "../run/events.js";
import { foldJournal } from "../run/job-record.js";
import { buildEpisodes, LOCAL_KEY_BASE, type CompiledScript } from "../run/job.js";
import { Journal, readJournal } from "../run/journal.js";
import type { LocalService } from "../run/local-service.js";
import { LockHeldError, RunLock } from "../run/lock.js";
import { JsonReporter } from "../run/progress/json.js";
import { LinesReporter } from "../run/progress/lines.js";
import { TtyReporter } from "../run/progress/tty.js";
import { shownPath } from "../run/progress/describe.js";
import { runJobs } from "../run/runner.js";
import { apiKeyFrom, baseUrlFrom } from "../run/service-target.js";
import { repositoryRoot, stateDir } from "../run/state-dir.js";
import { JournalWriteError } from "../run/submit.js";
import { loadDisplayWidth } from "../diagnostics/render-human.js";
import { defineCommand, type Parsed } from "./command.js";
import { DiagnosticPrinter } from "./diagnostic-printer.js";
import { EXIT, UsageError, useColor, type Io } from "./io.js";
import { displayPath } from "./scripts.js";
import { readScript, Workspace } from "./workspace.js";

const OPTIONS = {
  local: { type: "boolean", help: "run against the built-in emulator on this machine: no account, no key, no bill" },
  out: { type: "string", arg: "DIR", default: "out", help: "where episodes go" },
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

/** A compiled script set, or the exit code it ended with (diagnostics already printed). */
export type Compiled = { scripts: CompiledScript[]; config: Config; root: string } | { exitCode: number };

/**
 * Reads and compiles `files` (absolute paths), printing their diagnostics; episodes go under `outBase`.
 * All scripts must share one podc.json and one repository root, since they share one journal and one service.
 */
export function compileScripts(files: readonly string[], outBase: string, io: Io): Compiled {
  const workspace = new Workspace(loadConfigFor);
  const printer = new DiagnosticPrinter(io, "human");
  const scripts: CompiledScript[] = [];
  let failed = false;
  let config: Config | undefined;
  let configPath: string | undefined;
  let root: string | undefined;
  const names = new Map<string, string>();
  for (const file of files) {
    const shown = displayPath(file, io.cwd);
    const loaded = workspace.configFor(file);
    if (hasErrors(loaded.diagnostics)) {
      printer.add(loaded.diagnostics, displayPath(loaded.path!, io.cwd), loaded.source);
      return { exitCode: EXIT.usage };
    }
    if (config === undefined) {
      config = loaded.config;
      configPath = loaded.path;
    } else if (loaded.path !== configPath) {
      throw new UsageError(`${shown} belongs to another project (${loaded.path ?? "no podc.json"}) than ${displayPath(files[0]!, io.cwd)}: run each project's scripts separately`);
    }
    const here = repositoryRoot(dirname(file), io.cwd);
    if (root === undefined) root = here;
    else if (here !== root) throw new UsageError(`${shown} is in another repository (${here}) than ${displayPath(files[0]!, io.cwd)}: run them separately`);
    const name = basename(file).replace(/\.pod$/i, "");
    const clash = names.get(name);
    if (clash !== undefined) throw new UsageError(`${clash} and ${shown} would both write ${join(shownPath(outBase, io.cwd), name)}/: rename one, or run them separately`);
    names.set(name, shown);
    const read = readScript(file);
    if ("error" in read) {
      io.stderr.write(`podc: cannot read ${shown}: ${read.error}\n`);
      return { exitCode: EXIT.usage };
    }
    const analysis = analyze(read.bytes, { file: shown, config: loaded.config });
    printer.add(analysis.diagnostics, shown, analysis.source, loaded.config.limits.diagnosticsPerFile);
    if (!analysis.plan || hasErrors(analysis.diagnostics)) {
      failed = true;
      continue;
    }
    scripts.push({ name, source: shown, sourceInRoot: relative(root, file).split(sep).join("/"), outDir: join(outBase, name), plan: analysis.plan });
  }
  if (failed) {
    printer.finish(files.length);
    io.stderr.write("podc: nothing was sent: fix the errors above first\n");
    return { exitCode: EXIT.failed };
  }
  return { scripts, config: config!, root: root! };
}

async function run({ values, positionals }: Parsed<typeof OPTIONS>, io: Io): Promise<number> {
  await loadDisplayWidth(); // diagnostics are printed from synchronous code below
  if (positionals.length === 0) throw new UsageError("podc run takes one or more FILE (see podc run --help)");
  const maxFileMb = Number(values["max-file-mb"]);
  if (!Number.isInteger(maxFileMb) || maxFileMb < 1) throw new UsageError(`--max-file-mb: expected a whole number of megabytes, at least 1, got ${values["max-file-mb"]}`);
  const files = positionals.map((p) => resolve(io.cwd, p));
  const outBase = resolve(io.cwd, values.out);
  const compiled = compileScripts(files, outBase, io);
  if ("exitCode" in compiled) return compiled.exitCode;
  const { scripts, config, root } = compiled;
  const state = stateDir(root);

  // Everything about the service is settled before any network I/O, and before the lock.
  let keyBase: string | undefined = values.local ? LOCAL_KEY_BASE : undefined;
  let remote: { baseUrl: string; apiKey: string } | undefined;
  if (!values.local) {
    const target = baseUrlFrom(io.env, config.service);
    if ("error" in target) {
      if (!values["dry-run"]) return configError(io, target.error);
    } else {
      keyBase = target.keyBase;
      if (!values["dry-run"]) {
        const key = apiKeyFrom(io.env);
        if ("error" in key) return configError(io, key.error);
        remote = { baseUrl: target.baseUrl, apiKey: key.apiKey };
      }
    }
  }
  const { episodes, jobs } = buildEpisodes(scripts, keyBase ?? "unknown:");
  const choices = { resubmitAmbiguous: values["resubmit-ambiguous"], retryFailed: values["retry-failed"], regenerateLost: values["regenerate-lost"] };

  if (values["dry-run"]) {
    const records = keyBase !== undefined ? foldJournal(readJournal(state).entries) : undefined;
    const report = dryRun(episodes, records, { ...choices, local: values.local });
    io.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : dryRunText(report, io.cwd));
    return EXIT.ok;
  }

  let lock: RunLock;
  try {
    lock = await RunLock.acquire(state);
  } catch (error) {
    if (error instanceof LockHeldError) {
      io.stderr.write(`podc: ${error.message}\n`);
      return EXIT.failed;
    }
    throw error;
  }
  let journal: Journal | undefined;
  let local: LocalService | undefined;
  let reporter: Reporter | undefined;
  try {
    journal = Journal.open(state);
    for (const warning of journal.warnings) {
      io.stderr.write(`podc: warning: ${shownPath(journal.path, io.cwd)}${warning.line > 0 ? `:${warning.line}` : ""}: ${warning.message}\n`);
    }
    let settings = config.service;
    if (values.local) {
      // Loaded only here: a run against the real service never pays for loading the emulator and its audio.
      const { startLocalService, LOCAL_POLL_MS } = await import("../run/local-service.js");
      local = await startLocalService(state, config);
      settings = { ...settings, pollIntervalMs: Math.min(settings.pollIntervalMs, LOCAL_POLL_MS) };
      io.stderr.write(`podc: --local: the built-in emulator runs on ${local.baseUrl}; nothing is billed (what would be: ${shownPath(local.ledgerPath, io.cwd)})\n`);
    }
    const service = local ? { baseUrl: local.baseUrl, apiKey: local.apiKey, settings } : { ...remote!, settings };
    reporter = values.json
      ? new JsonReporter(io.stdout, io.stderr, io.cwd)
      : io.stderr.isTTY
        ? new TtyReporter(io.stderr, io.cwd, useColor(io.stderr, io.env))
        : new LinesReporter(io.stderr, io.cwd);
    const result = await runJobs({
      episodes,
      jobs,
      journal,
      root,
      keyBase: keyBase!,
      service,
      local: values.local,
      choices,
      maxDownloadBytes: maxFileMb * 1024 * 1024,
      ...(io.interrupted ? { interrupted: io.interrupted } : {}),
      report: (event) => reporter!.event(event),
    });
    if (!values.json) for (const path of result.manifests) io.stdout.write(`${shownPath(path, io.cwd)}\n`);
    return result.exitCode;
  } catch (error) {
    if (error instanceof JournalWriteError || isFileSystemError(error)) {
      io.stderr.write(`podc: ${(error as Error).message}\n`);
      return EXIT.failed;
    }
    throw error;
  } finally {
    reporter?.close();
    journal?.close();
    await local?.close();
    lock.release();
  }
}

function configError(io: Io, message: string): number {
  io.stderr.write(`podc run: ${message}\n`);
  return EXIT.usage;
}

function isFileSystemError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === "string" && /^E[A-Z]+$/.test(code);
}
