import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, unlinkSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { basename, join, relative, sep } from "node:path";
import { writeFileDurably, writeFileDurablyLater } from "../files/durable.js";
import type { Origin } from "../lower/plan.js";
import type { JobRecord, JobState } from "../state/job-record.js";
import type { Episode, EpisodeEntry } from "./job.js";

/*
 * Where an episode's audio goes: `<out>/<episode>/` for the service, `<out>/local/<episode>/` for the built-in
 * emulator, so that a table read never mixes with paid audio. The episode's name comes from its script's file
 * name, made safe as a folder name on every system: it can never be `.`, `..` or empty, never hold a separator or
 * a control character, never be a name Windows reserves, and never be too long for a file system — so a folder
 * can never lead outside `<out>`.
 */

/** The sub-folder of `<out>` that holds the audio of local (emulator) runs. */
const LOCAL_OUT_DIR = "local";

/** Longest episode name, in UTF-8 bytes: room for `<episode>.chapters.json` within the common 255-byte limit. */
const MAX_NAME_BYTES = 120;

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

/** The folder of the episode of `scriptPath` under `outBase`, local runs apart. */
export function episodeFolder(outBase: string, scriptPath: string, local: boolean): { name: string; dir: string } {
  const name = episodeName(scriptPath);
  return { name, dir: local ? join(outBase, LOCAL_OUT_DIR, name) : join(outBase, name) };
}

/** The episode's name: its script's file name without `.pod`, made safe as a folder name (see above). */
export function episodeName(scriptPath: string): string {
  const raw = basename(scriptPath)
    .replace(/\.pod$/i, "")
    .normalize("NFC");
  let name = raw
    // Separators, characters Windows forbids in names, and control characters (C0, DEL, C1).
    .replace(/[/\\<>:"|?*\u0000-\u001f\u007f-\u009f]/g, "_")
    // Windows drops trailing dots and spaces, which would make two names one.
    .replace(/[. ]+$/, (tail) => "_".repeat(tail.length))
    // A leading dot would hide the folder (and `.`, `..` are not names at all).
    .replace(/^\.+/, (head) => "_".repeat(head.length));
  if (name === "") name = "episode";
  if (WINDOWS_RESERVED.test(name)) name = `${name}_`;
  if (Buffer.byteLength(name) > MAX_NAME_BYTES) name = shorten(name, raw);
  return name;
}

/** A name cut to fit, ending in a hash of the whole so that two long names sharing a beginning stay apart. */
function shorten(name: string, whole: string): string {
  const suffix = `-${createHash("sha256").update(whole).digest("hex").slice(0, 8)}`;
  let cut = "";
  for (const char of name) {
    if (Buffer.byteLength(cut + char) + suffix.length > MAX_NAME_BYTES) break;
    cut += char;
  }
  return `${cut.replace(/[. ]+$/, "")}${suffix}`;
}

/*
 * Audio file names come from the script, never from a link: `<order>-<slug>[-<choice>].<ext>`, e.g.
 * `01-cold-open.wav`, `02-night-shift-anthem-1.wav`. The order is the request's place among the
 * episode's distinct requests, the slug its section (podcast) or song title, the choice the song
 * take's index counted from 1. A link cannot steer a file out of its folder, and names stay stable
 * when the service changes its URLs.
 */

const EXTENSIONS: Record<string, string> = {
  "audio/wav": ".wav",
  "audio/x-wav": ".wav",
  "audio/wave": ".wav",
  "audio/vnd.wave": ".wav",
  "audio/mpeg": ".mp3",
  "audio/mp3": ".mp3",
  "audio/flac": ".flac",
  "audio/x-flac": ".flac",
  "audio/ogg": ".ogg",
  "audio/opus": ".opus",
  "audio/aac": ".aac",
  "audio/mp4": ".m4a",
};

/** The content type a file name's extension stands for (the first listed above), for files known only by name. */
export function contentTypeFor(fileName: string): string {
  const extension = /\.[^./]+$/.exec(fileName)?.[0]?.toLowerCase();
  return Object.entries(EXTENSIONS).find(([, ext]) => ext === extension)?.[0] ?? "application/octet-stream";
}

/** The file extension for a content type: .wav, .mp3, .flac, … and .bin for anything else. */
export function extensionFor(contentType: string): string {
  return EXTENSIONS[contentType.split(";")[0]!.trim().toLowerCase()] ?? ".bin";
}

/** Lower-case ASCII words joined by hyphens, at most 48 characters; accents are dropped, other letters too. */
export function slug(text: string): string {
  const plain = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return plain.slice(0, 48).replace(/-+$/, "");
}

/** `01-cold-open`: the name of an entry's files without choice and extension; `width` digits of order. */
export function fileStem(entry: EpisodeEntry, width: number): string {
  const { job } = entry;
  const origin = entry.origins[0]!;
  const name = job.kind === "song" ? origin.song : origin.section;
  const words = slug(name ?? "") || (job.kind === "song" ? "song" : "opening");
  return `${String(entry.order).padStart(width, "0")}-${words}`;
}

/** Digits of the order numbers of an episode with `count` entries: at least two, so names sort. */
export function orderWidth(count: number): number {
  return Math.max(2, String(count).length);
}

/** The file name of one choice: songs carry the choice (index + 1), a podcast has one file. */
export function choiceFileName(stem: string, kind: "song" | "podcast", choice: number, extension: string): string {
  return kind === "song" ? `${stem}-${choice + 1}${extension}` : `${stem}${extension}`;
}

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
function buildManifest(episode: Episode, recordOf: (key: string) => JobRecord, presentFiles: (key: string) => readonly PresentFile[]): Manifest {
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
function writeManifest(outDir: string, manifest: Manifest): string {
  mkdirSync(outDir, { recursive: true });
  const path = join(outDir, MANIFEST_FILE);
  writeFileDurably(path, manifestText(manifest));
  return path;
}

/** As writeManifest, off the main thread. */
async function writeManifestLater(outDir: string, manifest: Manifest): Promise<void> {
  await mkdir(outDir, { recursive: true });
  await writeFileDurablyLater(join(outDir, MANIFEST_FILE), manifestText(manifest));
}

const manifestText = (manifest: Manifest): string => `${JSON.stringify(manifest, null, 2)}\n`;

/*
 * Each episode's `manifest.json` during a run. Rewriting it whole after every file made a run of n files
 * cost n² (each rewrite is the whole manifest, fsynced). Mid-run it is rewritten only when the files
 * added since the last write are at least as many as that write listed (so all rewrites together cost at
 * most twice the last one), or when it has not been written for a few seconds (so a long run's manifest
 * stays close to the truth); at the end of the run it is always written. Every write is atomic: after a
 * crash it is valid JSON and lists only complete files — possibly fewer than are on disk, which the
 * journal still knows, so the next run lists them again.
 *
 * Mid-run writes send their fsyncs off the main thread (a synchronous fsync held every job of the run still for as long
 * as the disk took), one write after another per episode: a later one must not land before an earlier one. The end's
 * write waits for them (`settled`), and a mid-run write that failed fails the run's end.
 */

/** A mid-run manifest older than this is rewritten at the next new file, however few files came since. */
const STALE_AFTER_MS = 5_000;

interface Kept {
  /** Files verified present this run, by job key then choice. */
  present: Map<string, Map<number, PresentFile>>;
  /** Files in the manifest at its last write, and files added since. */
  listed: number;
  added: number;
  writtenAt: number;
  /** The mid-run writes queued or under way, in order. */
  writing: Promise<void>;
}

export class EpisodeManifests {
  readonly #kept = new Map<Episode, Kept>();
  /** The first mid-run write that failed. */
  #failure: { error: unknown } | undefined;

  constructor(
    readonly recordOf: (key: string) => JobRecord,
    readonly now: () => number,
  ) {}

  /** Notes a file verified present; `isNew` when this run wrote it (the manifest may then need rewriting, batched). */
  add(episode: Episode, job: string, file: PresentFile, isNew: boolean): void {
    const kept = this.#of(episode);
    let byChoice = kept.present.get(job);
    if (!byChoice) kept.present.set(job, (byChoice = new Map()));
    byChoice.set(file.choice, file);
    if (!isNew) return;
    kept.added++;
    if (kept.added >= Math.max(1, kept.listed) || this.now() - kept.writtenAt >= STALE_AFTER_MS) this.#writeLater(episode, kept);
  }

  /** Resolves once every mid-run write has ended; rejects with the first that failed. */
  async settled(): Promise<void> {
    await Promise.all([...this.#kept.values()].map((kept) => kept.writing));
    if (this.#failure) throw this.#failure.error;
  }

  /** Queues a write of the manifest as it stands now. */
  #writeLater(episode: Episode, kept: Kept): void {
    const manifest = this.#build(episode, kept);
    kept.listed += kept.added;
    kept.added = 0;
    kept.writtenAt = this.now();
    kept.writing = kept.writing
      .then(() => writeManifestLater(episode.outDir, manifest))
      .catch((error: unknown) => {
        this.#failure ??= { error };
      });
  }

  #build(episode: Episode, kept: Kept): Manifest {
    return buildManifest(episode, this.recordOf, (key) => [...(kept.present.get(key)?.values() ?? [])]);
  }

  /**
   * Writes the episode's manifest now (after `settled`); returns its path. At the end of the run, given the jobs that `finished`
   * (every file in place and verified) and what the manifest listed before the run, also removes the files the
   * episode no longer uses and returns them too.
   */
  write(episode: Episode, end?: { finished: ReadonlySet<string>; listedBefore: readonly ListedFile[] }): { path: string; removed: string[] } {
    const kept = this.#of(episode);
    const manifest = this.#build(episode, kept);
    const path = writeManifest(episode.outDir, manifest);
    kept.listed += kept.added;
    kept.added = 0;
    kept.writtenAt = this.now();
    // Only at the end: mid-run, a job's files are not all verified yet, and its old ones may still be the ones to keep.
    const removed = end ? removeStaleFiles(episode.outDir, end.listedBefore, manifest, end.finished) : [];
    return { path, removed };
  }

  #of(episode: Episode): Kept {
    let kept = this.#kept.get(episode);
    if (!kept) this.#kept.set(episode, (kept = { present: new Map(), listed: 0, added: 0, writtenAt: this.now(), writing: Promise.resolve() }));
    return kept;
  }
}

/*
 * Files an episode no longer uses — a section renamed, a song cut, a line rewritten — would otherwise stay in
 * out/<episode>/ beside the new ones, and a mixing script could pick them up. They are removed when the manifest
 * is rewritten, but only files podc wrote: those the previous manifest lists, still holding exactly the bytes it
 * recorded. A file the writer put there, or edited since, is never touched.
 */

/** A file the previous manifest lists, with what it recorded of it. */
export interface ListedFile {
  path: string;
  sha256: string;
  job: string;
}

/** The files `out/<episode>/manifest.json` lists now; none when it is missing or unreadable. */
export function listedFiles(outDir: string): ListedFile[] {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(join(outDir, MANIFEST_FILE), "utf8")) as Manifest;
  } catch {
    return [];
  }
  const listed: ListedFile[] = [];
  for (const request of Array.isArray(manifest.requests) ? manifest.requests : []) {
    for (const file of Array.isArray(request?.files) ? request.files : []) {
      if (typeof file?.path === "string" && typeof file.sha256 === "string" && typeof request.job === "string") {
        listed.push({ path: file.path, sha256: file.sha256, job: request.job });
      }
    }
  }
  return listed;
}

/**
 * Removes from `outDir` the files `previous` listed that `next` no longer uses; returns their paths. A job still in
 * the episode that has not `finished` this run (its files not all in place and verified, say after an interruption)
 * keeps its old files.
 */
function removeStaleFiles(outDir: string, previous: readonly ListedFile[], next: Manifest, finished: ReadonlySet<string>): string[] {
  const kept = new Set<string>();
  const current = new Set<string>();
  for (const request of next.requests) {
    current.add(request.job);
    for (const file of request.files) kept.add(file.path);
  }
  const removed: string[] = [];
  for (const file of previous) {
    if (kept.has(file.path)) continue;
    if (current.has(file.job) && !finished.has(file.job)) continue;
    // Only a plain file name in the episode's folder: a manifest edited by hand cannot point podc elsewhere.
    if (!/^[^/\\]+$/.test(file.path) || file.path === "." || file.path === ".." || file.path === MANIFEST_FILE) continue;
    const path = join(outDir, file.path);
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch {
      continue; // already gone
    }
    if (createHash("sha256").update(bytes).digest("hex") !== file.sha256) continue; // changed since: not podc's any more
    try {
      unlinkSync(path);
      removed.push(path);
    } catch {
      // a file that cannot be removed stays; it is still not listed in the manifest
    }
  }
  return removed;
}
