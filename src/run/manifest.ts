import { mkdirSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import type { Origin } from "../lower/plan.js";
import type { Episode } from "./job.js";
import type { JobRecord, JobState } from "../state/job-record.js";
import { writeFileDurably, writeFileDurablyLater } from "../files/durable.js";

/*
 * `out/<episode>/manifest.json`: what the episode's audio is and where it came from, for an editor, a
 * mixing script or support. One entry per distinct request, in script order (a request the script
 * repeats is one entry listing every origin). It is rewritten whole and atomically each time a file
 * is added, so after a crash it is still valid JSON and never lists a file that is not complete.
 */

export const MANIFEST_FILE = "manifest.json";
export const MANIFEST_VERSION = 1;

export interface ManifestFile {
  /** Relative to the manifest's folder. */
  path: string;
  /** The song take's index as the service numbers it (0-based); absent for a podcast. */
  choice?: number;
  bytes: number;
  sha256: string;
  durationMs?: number;
  /** Where `durationMs` comes from when not measured from the file: the service's answer, read in this unit. */
  durationUnit?: "ms" | "s";
  /** A song take's `lyrics_sections` as the service answered them (lyric-timings.ts reads them for the transcript). */
  lyricsSections?: unknown;
}

export interface ManifestRequest {
  order: number;
  kind: "song" | "podcast";
  /** Every place in the script this request comes from: line, section, song title. */
  origins: Origin[];
  /** The journal's state of the request: "done" when its audio is all here. */
  state: JobState;
  /** The job key (also the Idempotency-Key of its first request). */
  job: string;
  /** The concrete model the service used ("auto" resolved). */
  model?: string;
  taskId?: string;
  /** Every trace id the service gave for this request, oldest first: quote them to support. */
  traceIds: string[];
  files: ManifestFile[];
  /** Why it is not done, when it is not. */
  problem?: string;
}

export interface Manifest {
  manifestVersion: number;
  source: string;
  episode: string;
  title?: string;
  requests: ManifestRequest[];
}

/** A file present for an entry, as the runner has verified it this run. */
export interface PresentFile {
  choice: number;
  /** Absolute path. */
  path: string;
  bytes: number;
  sha256: string;
  durationMs?: number;
  durationUnit?: "ms" | "s";
  lyricsSections?: unknown;
}

/** The manifest of `episode`, from the records of its jobs and the files verified present. */
export function buildManifest(episode: Episode, recordOf: (key: string) => JobRecord, presentFiles: (key: string) => readonly PresentFile[]): Manifest {
  const manifest: Manifest = { manifestVersion: MANIFEST_VERSION, source: episode.source, episode: episode.name, requests: [] };
  if (episode.title !== undefined) manifest.title = episode.title;
  for (const entry of episode.entries) {
    const record = recordOf(entry.job.key);
    const files = [...presentFiles(entry.job.key)]
      .sort((a, b) => a.choice - b.choice)
      .map((f) => {
        const file: ManifestFile = { path: relative(episode.outDir, f.path).split(sep).join("/"), bytes: f.bytes, sha256: f.sha256 };
        if (entry.job.kind === "song") file.choice = f.choice;
        if (f.durationMs !== undefined) file.durationMs = f.durationMs;
        if (f.durationUnit !== undefined) file.durationUnit = f.durationUnit;
        if (f.lyricsSections !== undefined) file.lyricsSections = f.lyricsSections;
        return file;
      });
    const request: ManifestRequest = {
      order: entry.order,
      kind: entry.job.kind,
      origins: entry.origins,
      state: record.state,
      job: entry.job.key,
      traceIds: [...record.traceIds],
      files,
    };
    if (record.model !== undefined) request.model = record.model;
    if (record.taskId !== undefined) request.taskId = record.taskId;
    if (record.problem && record.state !== "done") request.problem = record.problem.message;
    manifest.requests.push(request);
  }
  return manifest;
}

/** Writes `manifest` as `<outDir>/manifest.json`, atomically; returns its path. */
export function writeManifest(outDir: string, manifest: Manifest): string {
  mkdirSync(outDir, { recursive: true });
  const path = join(outDir, MANIFEST_FILE);
  writeFileDurably(path, manifestText(manifest));
  return path;
}

/** As writeManifest, off the main thread. */
export async function writeManifestLater(outDir: string, manifest: Manifest): Promise<void> {
  await mkdir(outDir, { recursive: true });
  await writeFileDurablyLater(join(outDir, MANIFEST_FILE), manifestText(manifest));
}

const manifestText = (manifest: Manifest): string => `${JSON.stringify(manifest, null, 2)}\n`;
