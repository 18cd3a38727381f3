import { mkdir, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { refuseAudioLink } from "../contract/loopback.js";
import { flacDurationMs, wavDurationMs } from "../files/audio-type.js";
import { copyBeside, renameDurably } from "../files/durable.js";
import { verifyFile } from "../files/file-hash.js";
import type { ServiceClient } from "../service/client.js";
import type { Failure } from "../service/outcome.js";
import type { JobRecord, RecordedChoice, RecordedFile } from "../state/job-record.js";
import { absolutePath, journalPath } from "../state/journal.js";
import type { AudioShelf, EntryWriter } from "../state/store.js";
import { choiceFileName, extensionFor, type PresentFile } from "./episode-folder.js";
import type { Job } from "./job.js";

/*
 * Getting one choice of a finished job onto disk under its script-given name, as cheaply as possible:
 *
 *  1. the file is already there and its size and sha256 match a journaled download: keep it;
 *  2. a journaled copy elsewhere (another episode, an older --out, its old name before a renumbering edit) still
 *     matches: copy it — made before the run writes any file (stageCopies), and journaled only if the copy's own bytes
 *     match;
 *  3. the shared state store keeps the file (by sha256): take it from there (no link, no expiry);
 *  4. otherwise download the link again — through the service client, which allows only https: and
 *     http:, at most 5 redirects, bytes of an audio format (named after them, whatever the server calls
 *     them), a size cap, never the key to another origin, and writes a temporary file that is flushed
 *     and renamed into place.
 *
 * Nothing here ever sends a paid request: a file that cannot be fetched is reported, not regenerated.
 */

export interface DownloadContext {
  client: Pick<ServiceClient, "download">;
  journal: EntryWriter;
  /** The shared store's audio: where a file no copy on disk can give comes from before its link is tried, and where a new one goes. */
  shelf?: AudioShelf;
  /** Repository root: journaled paths are relative to it. */
  root: string;
  maxBytes: number;
  /** Ctrl-C or the deadline. */
  signal: AbortSignal;
  now: () => number;
  /** Links known to be dead without asking (with --local: those of an emulator that has stopped). */
  isDeadLink?: (url: string) => boolean;
  /** Copies made before any file of the run was written (see stageCopies), by the path they are for; one is taken when used. */
  staged?: Map<string, StagedCopy>;
}

/** A verified copy of a journaled file, in a hidden temporary file beside the path it is for. */
export interface StagedCopy {
  temp: string;
  file: RecordedFile;
}

/** Where a choice should live, once its extension is known. */
export interface ChoiceTarget {
  outDir: string;
  stem: string;
}

export type ChoiceResult =
  | { type: "present"; file: RecordedFile; path: string; how: "verified" | "copied" | "downloaded" | "from the state store"; traceId?: string }
  /** `refused`: the link itself is one podc never follows (ftp:, file:, javascript:, …): asking again will not help. */
  | { type: "failed"; lost: boolean; refused?: boolean; failure: Pick<Failure, "message" | "status" | "traceId"> }
  | { type: "stopped" };

/**
 * Makes sure choice `choice` of `job` is on disk at `target`: kept, copied or downloaded (see above),
 * journaling every new file. `refreshUrl` may fetch a fresh link when the journaled one fails;
 * `beforeFetch` is told when the file is not already in place.
 */
export async function ensureChoice(...args: Parameters<typeof placeChoice>): Promise<ChoiceResult> {
  const result = await placeChoice(...args);
  const shelf = args[0].shelf;
  // Whatever is on disk goes to the shared store too, so no other checkout ever needs the link (or pays).
  if (result.type === "present" && shelf) await shelf.put(result.path, result.file.sha256, result.file.contentType);
  return result;
}

async function placeChoice(
  ctx: DownloadContext,
  job: Job,
  record: JobRecord,
  choice: RecordedChoice,
  target: ChoiceTarget,
  hooks: { refreshUrl?: () => Promise<string | undefined>; beforeFetch?: () => void } = {},
): Promise<ChoiceResult> {
  const recorded = record.files.filter((f) => f.choice === choice.index).reverse();
  const wanted = await wantedCopy(ctx.root, job, recorded, target, (path, file) => verifyFile(path, file.bytes, file.sha256));
  if (wanted?.here) return { type: "present", file: wanted.here, path: wanted.path, how: "verified" };
  if (wanted) {
    const { path } = wanted;
    const staged = ctx.staged?.get(path);
    ctx.staged?.delete(path);
    hooks.beforeFetch?.();
    const copied = staged ?? (await copyJournaled(ctx.root, recorded, path));
    if (copied) {
      await renameDurably(copied.temp, path);
      const file = await journalFile(ctx, job, copied.file, undefined);
      return { type: "present", file, path, how: "copied" };
    }
  }
  hooks.beforeFetch?.();
  const stored = await fromShelf(ctx, job, recorded, target);
  if (stored) return stored;
  if (job.kind === "podcast" && record.expiresAt !== undefined && record.expiresAt * 1000 <= ctx.now()) {
    const message = `the link expired at ${new Date(record.expiresAt * 1000).toISOString()} and the file is not on disk`;
    await ctx.journal.append({ type: "download-failed", job: job.key, choice: choice.index, lost: true, message });
    return { type: "failed", lost: true, failure: { message } };
  }
  // A job restored from a manifest knows its files but not their links: only a fresh link can help.
  let result: ChoiceResult = choice.url
    ? await download(ctx, job, choice, choice.url, target)
    : { type: "failed", lost: true, failure: { message: "the file is not on disk and its link is not known (the manifest keeps none)" } };
  if (result.type === "failed" && hooks.refreshUrl && !ctx.signal.aborted) {
    const fresh = await hooks.refreshUrl();
    if (fresh !== undefined && fresh !== choice.url) result = await download(ctx, job, choice, fresh, target);
  }
  if (result.type === "failed") {
    const { failure } = result;
    await ctx.journal.append({
      type: "download-failed",
      job: job.key,
      choice: choice.index,
      lost: result.lost,
      message: failure.message,
      ...(failure.status !== undefined ? { status: failure.status } : {}),
      ...(failure.traceId ? { traceId: failure.traceId } : {}),
    });
  }
  return result;
}

/**
 * The path choice `recorded[0].choice` of `job` is wanted at (the newest journaled file's type names it), with the
 * journaled file found there when `intact` says it is; undefined when nothing of the choice was ever journaled.
 */
async function wantedCopy(
  root: string,
  job: Job,
  recorded: readonly RecordedFile[],
  target: ChoiceTarget,
  intact: (path: string, file: RecordedFile) => Promise<boolean>,
): Promise<{ path: string; here?: RecordedFile } | undefined> {
  const known = recorded[0];
  if (!known) return undefined;
  const path = join(target.outDir, choiceFileName(target.stem, job.kind, known.choice, extensionFor(known.contentType)));
  const here = recorded.find((f) => absolutePath(root, f.file) === path);
  return here && (await intact(path, here)) ? { path, here } : { path };
}

/** A copy of the first journaled file elsewhere that is intact, beside `path`; its bytes are checked once copied, so a copy is only ever journaled as the file it is. */
async function copyJournaled(root: string, recorded: readonly RecordedFile[], path: string): Promise<StagedCopy | undefined> {
  for (const copy of recorded) {
    const source = absolutePath(root, copy.file);
    if (source === path || !(await verifyFile(source, copy.bytes, copy.sha256))) continue;
    await mkdir(dirname(path), { recursive: true });
    const temp = await copyBeside(source, path, (made) => verifyFile(made, copy.bytes, copy.sha256));
    if (temp) return { temp, file: { ...copy, file: journalPath(root, path) } };
  }
  return undefined;
}

/**
 * Copies, before the run writes any file, every journaled file that is to be copied to a new path: when an edit renumbers
 * an episode's files, one job's new name is often another's old one, and a copy made later could find its source
 * already replaced (by a download, or by another copy). Each copy waits beside its path for the job that places it;
 * `discardStaged` removes those no job took.
 */
export async function stageCopies(
  root: string,
  wanted: readonly { job: Job; record: JobRecord; choice: number; target: ChoiceTarget }[],
): Promise<Map<string, StagedCopy>> {
  const staged = new Map<string, StagedCopy>();
  for (const { job, record, choice, target } of wanted) {
    const recorded = record.files.filter((f) => f.choice === choice).reverse();
    // A file already at its name is hashed once, when its job places it: here its size is enough to leave it be.
    const copy = await wantedCopy(root, job, recorded, target, (path, file) => hasSize(path, file.bytes));
    if (!copy || copy.here || staged.has(copy.path)) continue;
    const made = await copyJournaled(root, recorded, copy.path);
    if (made) staged.set(copy.path, made);
  }
  return staged;
}

const hasSize = (path: string, bytes: number): Promise<boolean> =>
  stat(path).then(
    (info) => info.isFile() && info.size === bytes,
    () => false,
  );

/** Removes the staged copies no job placed (a run stopped before their jobs finished). */
export async function discardStaged(staged: Map<string, StagedCopy>): Promise<void> {
  await Promise.all([...staged.values()].map((copy) => rm(copy.temp, { force: true })));
  staged.clear();
}

async function download(ctx: DownloadContext, job: Job, choice: RecordedChoice, url: string, target: ChoiceTarget): Promise<ChoiceResult> {
  if (ctx.isDeadLink?.(url)) return { type: "failed", lost: true, failure: { message: "the link belongs to a service that is no longer running" } };
  const refusal = URL.canParse(url) ? refuseAudioLink(new URL(url)) : "it is not a URL";
  if (refusal) return { type: "failed", lost: false, refused: true, failure: { message: `the service gave a link podc does not follow: ${refusal}` } };
  // The extension comes from the content type, known only once the answer arrives: the client names the file then
  // (and creates the folder if it is missing).
  const incoming = join(target.outDir, `.${choiceFileName(target.stem, job.kind, choice.index, "")}.incoming`);
  const named = (contentType: string): string => join(target.outDir, choiceFileName(target.stem, job.kind, choice.index, extensionFor(contentType)));
  const outcome = await ctx.client.download(url, incoming, { signal: ctx.signal, maxBytes: ctx.maxBytes, finalPath: named });
  if (ctx.signal.aborted && outcome.kind !== "accepted") return { type: "stopped" };
  if (outcome.kind !== "accepted") {
    // A link that answers 403, 404 or 410 is dead: asking again will not bring the audio back.
    const lost = outcome.kind === "rejected" && (outcome.status === 403 || outcome.status === 404 || outcome.status === 410);
    // A redirect to a refused address is as final as a refused link.
    const refused = outcome.kind === "rejected" && outcome.message.startsWith("redirected to a refused address");
    return { type: "failed", lost, ...(refused ? { refused } : {}), failure: outcome };
  }
  const got = outcome.value;
  const path = got.path;
  const extension = extensionFor(got.contentType);
  const measured =
    extension === ".wav" ? wavDurationMs(path, { head: got.head, size: got.bytes }) : extension === ".flac" ? flacDurationMs(got.head) : undefined;
  const durationMs = measured ?? choice.durationMs;
  // Not measured here: the answer's figure, with the unit it was read in, so the manifest can say so.
  const durationUnit = measured === undefined && choice.durationMs !== undefined ? choice.durationUnit : undefined;
  const file = await journalFile(
    ctx,
    job,
    {
      choice: choice.index,
      file: journalPath(ctx.root, path),
      bytes: got.bytes,
      sha256: got.sha256,
      contentType: got.contentType,
      ...(durationMs !== undefined ? { durationMs } : {}),
      ...(durationUnit !== undefined ? { durationUnit } : {}),
    },
    outcome.traceId,
  );
  return { type: "present", file, path, how: "downloaded", ...(outcome.traceId ? { traceId: outcome.traceId } : {}) };
}

/** Choice `recorded[0].choice` from the shared store, under the name its content type gives, or undefined when the store lacks it. */
async function fromShelf(ctx: DownloadContext, job: Job, recorded: readonly RecordedFile[], target: ChoiceTarget): Promise<ChoiceResult | undefined> {
  if (!ctx.shelf) return undefined;
  const tried = new Set<string>();
  for (const kept of recorded) {
    if (tried.has(kept.sha256)) continue;
    tried.add(kept.sha256);
    const path = join(target.outDir, choiceFileName(target.stem, job.kind, kept.choice, extensionFor(kept.contentType)));
    await mkdir(target.outDir, { recursive: true });
    if (!(await ctx.shelf.restore(kept.sha256, path))) continue;
    const file = await journalFile(ctx, job, { ...kept, file: journalPath(ctx.root, path) }, undefined);
    return { type: "present", file, path, how: "from the state store" };
  }
  return undefined;
}

async function journalFile(ctx: DownloadContext, job: Job, file: RecordedFile, traceId: string | undefined): Promise<RecordedFile> {
  await ctx.journal.append({
    type: "downloaded",
    job: job.key,
    choice: file.choice,
    file: file.file,
    bytes: file.bytes,
    sha256: file.sha256,
    contentType: file.contentType,
    ...(file.durationMs !== undefined ? { durationMs: file.durationMs } : {}),
    ...(file.durationUnit !== undefined ? { durationUnit: file.durationUnit } : {}),
    ...(traceId ? { traceId } : {}),
  });
  return file;
}

/** The manifest's record of a choice placed on disk: the file as verified, and what the answer said of the take. */
export function presentFile(choice: RecordedChoice, result: Extract<ChoiceResult, { type: "present" }>): PresentFile {
  const { bytes, sha256, durationMs, durationUnit } = result.file;
  return {
    choice: choice.index,
    path: result.path,
    bytes,
    sha256,
    ...(durationMs !== undefined ? { durationMs } : {}),
    ...(durationMs !== undefined && durationUnit !== undefined ? { durationUnit } : {}),
    ...(choice.lyricsSections !== undefined ? { lyricsSections: choice.lyricsSections } : {}),
  };
}
