import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { journalPath } from "../state/journal.js";
import { contentTypeFor } from "./file-names.js";
import type { Episode } from "./job.js";
import { applyEntry, emptyRecord, type JobRecord, type NewEntry, stamped } from "../state/job-record.js";
import { type Manifest, MANIFEST_FILE, MANIFEST_VERSION, type ManifestRequest } from "./manifest.js";

/*
 * Rebuilding the journal from manifests. Every `out/<episode>/manifest.json` names each request's job
 * key, task id, state and files with their checksums. When the journal is gone (deleted, `git clean
 * -fdX`) or lacks a job a manifest records, that knowledge is taken back into the journal as a
 * `restored` entry, before anything is sent, so nothing a manifest records is paid for again:
 *
 *   done / succeeded (with files)   done: the files are checked and kept
 *   accepted, polling (a song)      accepted: its task is asked about again by id
 *   intent, ambiguous, or accepted without a task id   outcome unknown
 *   rejected, failed                as they were (a new request only with --retry-failed)
 *   new, ready                      nothing to take back: nothing was paid
 */

/** A manifest written by a newer podc: its format is not one this podc can trust itself to read. */
export class ManifestNewerError extends Error {
  override name = "ManifestNewerError";
}

/** A manifest that could not be read; the run goes on without it. */
export interface ManifestWarning {
  path: string;
  message: string;
}

/**
 * The `restored` entries for jobs that the episodes' manifests record and `known` does not (a record in
 * state "new" counts as unknown). Throws ManifestNewerError for a manifest from a newer podc.
 */
export function entriesFromManifests(
  episodes: readonly Episode[],
  known: (key: string) => JobRecord | undefined,
  root: string,
): { entries: NewEntry[]; warnings: ManifestWarning[] } {
  const entries: NewEntry[] = [];
  const warnings: ManifestWarning[] = [];
  const taken = new Set<string>();
  for (const episode of episodes) {
    const path = join(episode.outDir, MANIFEST_FILE);
    const manifest = readManifest(path, warnings);
    if (!manifest) continue;
    for (const request of manifest.requests) {
      if (typeof request?.job !== "string" || taken.has(request.job)) continue;
      const record = known(request.job);
      if (record && record.state !== "new") continue;
      const entry = restoredEntry(request, episode.outDir, journalPath(root, path), root);
      if (!entry) continue;
      taken.add(request.job);
      entries.push(entry);
    }
  }
  return { entries, warnings };
}

function readManifest(path: string, warnings: ManifestWarning[]): Manifest | undefined {
  if (!existsSync(path)) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    warnings.push({ path, message: `not readable as JSON (${(error as Error).message}); it is rewritten by this run` });
    return undefined;
  }
  const version = (json as { manifestVersion?: unknown } | null)?.manifestVersion;
  if (typeof version === "number" && version > MANIFEST_VERSION) {
    throw new ManifestNewerError(
      `${path} was written by a newer podc (manifest format ${version}; this podc reads up to ${MANIFEST_VERSION}): upgrade podc. Nothing was sent.`,
    );
  }
  if (version !== 1 || !Array.isArray((json as { requests?: unknown }).requests)) {
    warnings.push({ path, message: "not a podc manifest; it is rewritten by this run" });
    return undefined;
  }
  return json as Manifest;
}

function restoredEntry(request: ManifestRequest, outDir: string, manifest: string, root: string): NewEntry | undefined {
  const kind = request.kind === "song" || request.kind === "podcast" ? request.kind : undefined;
  if (!kind) return undefined;
  const files = (Array.isArray(request.files) ? request.files : [])
    .filter((f) => typeof f?.path === "string" && typeof f.sha256 === "string" && Number.isInteger(f.bytes))
    .map((f) => ({
      choice: kind === "song" ? (f.choice ?? 0) : 0,
      file: journalPath(root, resolve(outDir, f.path)),
      bytes: f.bytes,
      sha256: f.sha256,
      contentType: contentTypeFor(f.path),
      ...(typeof f.durationMs === "number" ? { durationMs: f.durationMs } : {}),
      ...(f.durationUnit === "ms" || f.durationUnit === "s" ? { durationUnit: f.durationUnit } : {}),
      ...(f.lyricsSections !== undefined ? { lyricsSections: f.lyricsSections } : {}),
    }));
  const state = restoredState(request, kind, files.length > 0);
  if (!state) return undefined;
  return {
    type: "restored",
    job: request.job,
    manifest,
    kind,
    state,
    ...(typeof request.taskId === "string" ? { taskId: request.taskId } : {}),
    ...(typeof request.model === "string" ? { model: request.model } : {}),
    traceIds: Array.isArray(request.traceIds) ? request.traceIds.filter((t) => typeof t === "string") : [],
    files,
    ...(typeof request.problem === "string" ? { problem: request.problem } : {}),
  };
}

type RestoredState = Extract<NewEntry, { type: "restored" }>["state"];

function restoredState(request: ManifestRequest, kind: "song" | "podcast", hasFiles: boolean): RestoredState | undefined {
  const hasTask = typeof request.taskId === "string";
  switch (request.state) {
    case "done":
    case "succeeded":
      if (hasFiles) return "done";
      return kind === "song" ? (hasTask ? "accepted" : "ambiguous") : "accepted";
    case "accepted":
    case "polling":
      return kind === "song" && !hasTask ? "ambiguous" : "accepted";
    case "intent":
    case "ambiguous":
      return "ambiguous";
    case "rejected":
    case "failed":
      return request.state;
    default:
      return undefined;
  }
}

/**
 * `records` with what the manifests would restore folded in, without writing anything: what `podc status`
 * and `--dry-run` show is then what a run will do.
 */
export function recordsWithManifests(records: Map<string, JobRecord>, episodes: readonly Episode[], root: string): Map<string, JobRecord> {
  const { entries } = entriesFromManifests(episodes, (key) => records.get(key), root);
  for (const entry of entries) {
    const record = records.get(entry.job) ?? emptyRecord(entry.job);
    applyEntry(record, stamped(entry));
    records.set(entry.job, record);
  }
  return records;
}
