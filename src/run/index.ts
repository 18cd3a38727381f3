import type { Pricing, ServiceSettings } from "../config/schema.js";
import { describeFileError, isFileError } from "../files/file-errors.js";
import { totalUnits } from "../pricing/billing.js";
import type { JobRecord } from "../state/job-record.js";
import { JournalUnreadableError, JournalWriteError } from "../state/journal.js";
import { isStateStoreError, openReader, stateDir, type OtherRun, type StateReader, type StoreAccess } from "../state/store.js";
import type { Reporter } from "./events.js";
import { buildEpisodes, type CompiledScript } from "./job.js";
import { ManifestNewerError, openStore, recordsWithManifests, type StoreRequest } from "./prepare.js";
import { capRefusal, newSpending, spendingText, type RerunChoices, type SpendingCap } from "./rerun-rules.js";
import { runJobs, type RunnerOptions } from "./runner.js";
import { dryRun as dryRunOf, episodeStatus, journalStatus, type DryRunMoney, type DryRunReport, type StatusRow } from "./status.js";

/*
 * The runner's front door: the three things a front (the command line) asks of it — run compiled scripts,
 * show what a run would do, show where every job stands — each from the compiled scripts and the repository
 * root they share, and the state store the front chose (state/store.ts chooseStore: the journal in .podc/, or the
 * shared store). Everything behind this file (scheduling, polling, downloads, manifests) is the runner's own.
 */

export { dryRunText, statusText, type DryRunReport, type DryRunRequest, type StatusRow } from "./status.js";
export { capWithoutPrices, type RunChoices, type SpendingCap } from "./rerun-rules.js";
export { JsonReporter, LinesReporter, type Reporter, type RunEvent } from "./events.js";
export { apiKeyFrom, baseUrlFrom, jobKey, localKeyBase, type CompiledScript } from "./job.js";
export { episodeFolder, MANIFEST_FILE, MANIFEST_VERSION, type Manifest, type ManifestFile } from "./episode-folder.js";

/** Requests in flight with `podc run --local`, when the configuration allows fewer. */
const LOCAL_CONCURRENCY = 4;

/**
 * The terminal's live display of a run. Loaded only for a terminal: its libraries would cost a run in CI or a pipe
 * tens of milliseconds for nothing.
 */
export async function terminalReporter(stream: NodeJS.WritableStream & { columns?: number }, cwd: string, color: boolean): Promise<Reporter> {
  const { TtyReporter } = await import("./tty-progress.js");
  return new TtyReporter(stream, cwd, color);
}

/** A service started for one run once it holds the lock (the local emulator), and stopped when the run ends. */
export interface StartedService {
  baseUrl: string;
  apiKey: string;
  /** A shorter poll interval than the configured one, for a service on a fast clock. */
  pollIntervalMs?: number;
  close(): Promise<void>;
}

export interface RunRequest extends StoreRequest, Pick<RunnerOptions, "keyBase" | "local" | "choices" | "maxDownloadBytes" | "interrupted"> {
  scripts: CompiledScript[];
  settings: ServiceSettings;
  /** The service: one reachable now, or one to start once the run holds the lock (given the state folder). */
  service: { baseUrl: string; apiKey: string } | { start(stateDir: string): Promise<StartedService> };
  /** The service's prices (podc.json `pricing`): the run then says what its new requests are estimated to cost. */
  pricing?: Pricing;
  /** The most the requests this run newly sends may cost: checked against the store before anything is sent. */
  spendingCap?: SpendingCap;
  /** Made once the service is there, so that what starting it says comes first. */
  reporter: () => Reporter | Promise<Reporter>;
}

/**
 * How a run ended: its exit code and the manifests it wrote, or why it could not run or went on: exit code 2 when
 * something on this machine must be fixed first (nothing was sent), 1 when another run holds the lock or the
 * journal failed during the run.
 */
export type RunOutcome = { exitCode: number; manifests: string[] } | { exitCode: 1 | 2; error: string };

/**
 * Runs every request of the scripts under the repository's lock: sends what is new, resumes what is running,
 * downloads what is ready, writes the manifests. Trouble on this machine (the lock held, a journal that cannot be
 * written) is an outcome with a message, not an exception.
 */
export async function runScripts(request: RunRequest): Promise<RunOutcome> {
  const state = stateDir(request.root);
  // The local emulator has no account limit: a table read need not wait on one song at a time because a trial account must.
  const concurrency = request.local ? Math.max(request.settings.concurrency, LOCAL_CONCURRENCY) : request.settings.concurrency;
  const { episodes, jobs } = buildEpisodes(request.scripts, request.keyBase);
  const opened = await openStore(request, episodes, { apiKey: "start" in request.service ? "" : request.service.apiKey, concurrency });
  if ("exitCode" in opened) return opened;
  const store = opened;
  let started: StartedService | undefined;
  let reporter: Reporter | undefined;
  try {
    // Checked once the store is held and knows every job (taken back from manifests, claimed by other runs), so
    // that what is counted as new is exactly what the runner will send; nothing has left this machine yet.
    const pricing = request.spendingCap?.pricing ?? request.pricing;
    if (pricing && !request.local) {
      const spending = newSpending(jobs, (key) => store.record(key), { ...request.choices, local: false }, pricing);
      const refusal = request.spendingCap && capRefusal(spending, request.spendingCap);
      if (refusal) return { exitCode: 1, error: `${refusal.reason}: nothing was sent.\n${refusal.advice[0]!.toUpperCase()}${refusal.advice.slice(1)}.` };
      if (totalUnits(spending) > 0) request.onNotice(`new requests: ${spendingText(spending, pricing.currency)}`);
    }
    let settings = request.settings;
    let remote = request.service;
    if ("start" in remote) {
      started = await remote.start(state);
      if (started.pollIntervalMs !== undefined) settings = { ...settings, pollIntervalMs: Math.min(settings.pollIntervalMs, started.pollIntervalMs) };
      remote = started;
    }
    reporter = await request.reporter();
    const report = reporter;
    const result = await runJobs({
      episodes,
      jobs,
      store,
      root: request.root,
      keyBase: request.keyBase,
      service: { baseUrl: remote.baseUrl, apiKey: remote.apiKey, settings },
      local: request.local,
      choices: request.choices,
      maxDownloadBytes: request.maxDownloadBytes,
      ...(request.interrupted ? { interrupted: request.interrupted } : {}),
      report: (event) => report.event(event),
    });
    return { exitCode: result.exitCode, manifests: result.manifests };
  } catch (error) {
    if (error instanceof JournalWriteError) return { exitCode: 1, error: error.message };
    if (isFileError(error)) return { exitCode: 1, error: describeFileError(error) };
    if (isStateStoreError(error)) return { exitCode: 1, error: error.message };
    throw error;
  } finally {
    reporter?.close();
    await started?.close();
    await store.close();
  }
}

/** What `podc state adopt` is given: the song (by its script and line) and the task id a person found for it. */
export interface AdoptRequest extends StoreRequest, Pick<RunRequest, "keyBase"> {
  /** The script, as compiled, and the line of its SONG: header. */
  script: CompiledScript;
  line: number;
  taskId: string;
}

/**
 * Gives the song at `line` of `script` the task `taskId`, as a person found it (the account's dashboard, a support
 * reply): its next run queries the task and downloads the audio instead of reporting "outcome unknown" or sending
 * it. Refused for a song whose journal already knows a task (or its audio). Sends nothing.
 */
export async function adoptTask(request: AdoptRequest): Promise<{ exitCode: 0; message: string } | { exitCode: 1 | 2; error: string }> {
  const { episodes, jobs } = buildEpisodes([request.script], request.keyBase);
  const songs = jobs.filter((job) => job.kind === "song" && job.placements.some((p) => p.entry.origins.some((o) => o.line === request.line)));
  const where = `${request.script.source}:${request.line}`;
  if (songs.length !== 1) return { exitCode: 2, error: `${where}: no song starts on this line (give the line of its SONG: header, as podc run names it)` };
  const job = songs[0]!;
  const store = await openStore(request, episodes, { apiKey: "", concurrency: 1 });
  if ("exitCode" in store) return store;
  try {
    const signal = new AbortController().signal;
    if (!(await store.claim(job.key, signal))) return { exitCode: 1, error: `${where}: another podc run works on this song; try again when it ends` };
    try {
      const record = store.record(job.key);
      if (!["new", "ready", "intent", "ambiguous"].includes(record.state)) {
        const known = record.taskId !== undefined ? ` task ${record.taskId}` : "";
        return { exitCode: 1, error: `${where}: the journal already knows this song's outcome (${record.state}${known}); nothing was changed` };
      }
      await store.append({ type: "accepted", job: job.key, taskId: request.taskId, from: "hand" });
    } finally {
      await store.release(job.key);
    }
  } finally {
    await store.close();
  }
  return {
    exitCode: 0,
    message: `${where}: the song now follows task ${request.taskId}; podc run ${request.script.source} queries it and downloads its audio (nothing is sent again)`,
  };
}

/**
 * What a run of the scripts would send and what is already done, from the journal; sends nothing. Without a key
 * base (no service configured) the journal cannot be matched, and every request shows as new.
 */
export async function dryRun(
  scripts: readonly CompiledScript[],
  root: string,
  keyBase: string | undefined,
  choices: RerunChoices,
  store: StoreAccess,
  wouldStop: readonly string[] = [],
  money: DryRunMoney = {},
): Promise<DryRunReport> {
  const { episodes } = buildEpisodes(scripts, keyBase ?? "unknown:");
  const records = keyBase !== undefined ? recordsWithManifests(await reading(store, root, (reader) => reader.records()), episodes, root) : undefined;
  return dryRunOf(episodes, records, choices, wouldStop, money);
}

/** Where jobs stand: every job of the journal, or with `scripts` only theirs (in script order when the key base is known). */
export interface Status {
  rows: StatusRow[];
  /** The runs working on the store right now (the lock's holder, on the file store). */
  running: OtherRun[];
  /** The journal's path, or the shared store's host:port/database. */
  where: string;
  kind: "file" | "postgres";
}

/**
 * The status of the repository's jobs. With scripts and a key base, their jobs in script order; with scripts and no
 * key base (job keys cannot be made without the service), the journal's jobs that came from those scripts.
 */
export function status(root: string, store: StoreAccess, scripts?: { list: readonly CompiledScript[]; keyBase: string | undefined }): Promise<Status> {
  return reading(store, root, async (reader) => ({
    rows: statusRows(await reader.records(), root, scripts),
    running: await reader.running(),
    where: reader.where,
    kind: reader.kind,
  }));
}

function statusRows(records: Map<string, JobRecord>, root: string, scripts?: { list: readonly CompiledScript[]; keyBase: string | undefined }): StatusRow[] {
  let rows: StatusRow[];
  if (scripts === undefined) rows = journalStatus(records);
  else if (scripts.keyBase !== undefined) {
    const { episodes } = buildEpisodes(scripts.list, scripts.keyBase);
    rows = episodeStatus(episodes, recordsWithManifests(records, episodes, root));
  } else {
    const sources = new Set(scripts.list.map((s) => s.sourceInRoot));
    rows = journalStatus(records).filter((row) => row.script !== undefined && sources.has(row.script));
  }
  return rows;
}

/** `read` over the store's reader, closed afterwards. */
async function reading<T>(store: StoreAccess, root: string, read: (reader: StateReader) => Promise<T>): Promise<T> {
  const reader = await openReader(store, root);
  try {
    return await read(reader);
  } finally {
    await reader.close();
  }
}

/**
 * The words for state this podc must not act on — a journal line or a manifest from a newer podc, a damaged
 * journal line naming no job — thrown by `dryRun` and `status`; undefined for any other error.
 */
export function unreadableStateMessage(error: unknown): string | undefined {
  return error instanceof JournalUnreadableError || error instanceof ManifestNewerError ? error.message : undefined;
}
