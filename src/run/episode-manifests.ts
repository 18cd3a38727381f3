import type { Episode } from "./job.js";
import type { JobRecord } from "../state/job-record.js";
import { buildManifest, type Manifest, type PresentFile, writeManifest, writeManifestLater } from "./manifest.js";
import { type ListedFile, removeStaleFiles } from "./stale-files.js";

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
