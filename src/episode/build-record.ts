import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { canonicalJson } from "../contract/canonical-json.js";
import { writeFileDurably } from "../files/durable.js";
import { sha256Of, verifyFile } from "../files/file-hash.js";
import type { Chapter } from "./chapters.js";
import type { PlacedAudio } from "./episode-audio.js";

/*
 * What a finished episode was built from, kept beside it as build.json: a key over everything the build reads — the
 * requests, the picks, the tags, the build settings, podc's version and the sha256 of every audio file — and the
 * size and sha256 of every file it wrote. A build whose key is the recorded one, with every file still as written,
 * would write the same episode again: it is skipped. `podc run` builds at its end, so a rerun of a finished episode
 * (in CI, on every push) costs seconds of ffmpeg for nothing without it. ffmpeg's own version is not in the key: an
 * episode built by another ffmpeg is still the episode, and `podc build --force` builds it again.
 */

const BUILD_RECORD_FILE = "build.json";
const RECORD_VERSION = 1;

export interface BuildRecord {
  recordVersion: number;
  key: string;
  durationMs: number;
  chapters: Chapter[];
  /** Every file the build wrote, relative to the episode's folder, the audio first. */
  files: { path: string; bytes: number; sha256: string }[];
}

/** What the key of a build covers: the inputs of the build, each as the build reads it. */
interface BuildInputs {
  version: string;
  name: string;
  outDir: string;
  requests: unknown;
  tags: unknown;
  settings: unknown;
  wordsPerMinute: number;
  pieces: readonly PlacedAudio[];
  /** The sha256 of each sound file the script's cues name, by the name written; absent when there is none. */
  sounds?: Record<string, string>;
}

/** The key of a build: the same inputs give the same key on any run; any change to one gives another. */
export function buildKey(inputs: BuildInputs): string {
  const audio = inputs.pieces.map((piece) => ({
    path: relative(inputs.outDir, piece.path),
    sha256: piece.sha256,
    durationMs: piece.durationMs,
    takes: piece.takes,
  }));
  const text = canonicalJson({
    recordVersion: RECORD_VERSION,
    version: inputs.version,
    name: inputs.name,
    requests: inputs.requests,
    tags: inputs.tags,
    settings: inputs.settings,
    wordsPerMinute: inputs.wordsPerMinute,
    audio,
    ...(inputs.sounds !== undefined ? { sounds: inputs.sounds } : {}),
  });
  return createHash("sha256").update(text).digest("hex");
}

/** The record of the last build in `outDir`, or undefined when it was never built (or its record cannot be read). */
export function readBuildRecord(outDir: string): BuildRecord | undefined {
  let record: Partial<BuildRecord> | null;
  try {
    record = JSON.parse(readFileSync(join(outDir, BUILD_RECORD_FILE), "utf8")) as Partial<BuildRecord> | null;
  } catch {
    return undefined;
  }
  if (record?.recordVersion !== RECORD_VERSION || !Array.isArray(record.files) || record.files.length === 0) return undefined;
  return record as BuildRecord;
}

/** The record in `outDir` when its key is `key` and every file it lists is still as written; else undefined. */
export async function upToDate(outDir: string, key: string): Promise<BuildRecord | undefined> {
  const record = readBuildRecord(outDir); // none: never built here, or a record that cannot be read: build
  if (record?.key !== key) return undefined;
  for (const file of record.files) {
    if (!(await verifyFile(join(outDir, file.path), file.bytes, file.sha256))) return undefined;
  }
  return record;
}

/** Records the build of `files` (absolute, the audio first) under `key`, once every one of them is written. */
export async function recordBuild(outDir: string, key: string, built: { files: readonly string[]; durationMs: number; chapters: Chapter[] }): Promise<void> {
  const files: BuildRecord["files"] = [];
  for (const path of built.files) {
    const sha256 = await sha256Of(path);
    if (sha256 === undefined) return; // gone already: with no record, the next build builds
    files.push({ path: relative(outDir, path), bytes: statSync(path).size, sha256 });
  }
  const record: BuildRecord = { recordVersion: RECORD_VERSION, key, durationMs: built.durationMs, chapters: built.chapters, files };
  writeFileDurably(join(outDir, BUILD_RECORD_FILE), `${JSON.stringify(record, null, 2)}\n`);
}
