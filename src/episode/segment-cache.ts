import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { canonicalJson } from "../contract/canonical-json.js";
import { tempBeside } from "../files/durable.js";

/*
 * What a build measured of each piece of audio — its duration, where its turns start, its loudness — kept in
 * `out/<episode>/build-cache/` so that the next build measures only the pieces that changed: an edited line changes
 * one request's audio, a new Pick one song's take, and every other piece is read back instead of being listened to
 * again. An entry is named by a hash of what it depends on: the audio's sha256, the settings that affect the
 * measurement and podc's version, so an entry can never be read for other audio or other settings; it is only ever
 * missing. A build keeps the entries it used and deletes the rest, and the whole folder is safe to delete: the next
 * build measures everything again and writes the same episode. Beside the measurements, the cache keeps the encoded
 * mp3 pieces of the episode (mp3-pieces.ts), named the same way by everything their bytes depend on.
 */

/** The folder of the cache, inside the episode's folder. */
export const SEGMENT_CACHE_DIR = "build-cache";

export class SegmentCache {
  private readonly used = new Set<string>();
  /** Measurements made by this build, written only once the build has succeeded (an interrupted ffmpeg measures nothing true). */
  private readonly made = new Map<string, { kind: string; value: unknown }>();
  /** Encoded pieces made by this build, written like the measurements once the build has succeeded. */
  private readonly madeBytes = new Map<string, Buffer>();
  private readonly audio = new Map<string, string>();
  /** Measurements read back from the cache, and measurements made by this build. */
  hits = 0;
  misses = 0;
  /** Encoded pieces read back from the cache, and encoded by this build. */
  piecesKept = 0;
  piecesMade = 0;

  /**
   * `folder`: where the entries are. `reuse` false (`podc build --force`): measure everything again, and write the
   * entries afresh. `version`: podc's version, in every key, since a newer podc may measure otherwise.
   */
  constructor(
    private readonly folder: string,
    private readonly version: string,
    private readonly reuse: boolean,
  ) {}

  /** Tells the cache the sha256 of the audio file at `path` (as the manifest lists it and as it was checked to be). */
  know(path: string, sha256: string): void {
    this.audio.set(path, sha256);
  }

  /**
   * The measurement `kind` of the audio at `path` with `settings`: read back when an earlier build made it, else made
   * by `measure` and kept. A file whose sha256 the cache was not told is measured every time.
   */
  async remember<T>(kind: string, path: string, settings: unknown, measure: () => Promise<T>): Promise<T> {
    const sha256 = this.audio.get(path);
    if (sha256 === undefined) {
      this.misses++;
      return measure();
    }
    const name = `${this.entryName({ kind, sha256, settings: settings ?? null })}.json`;
    this.used.add(name);
    const file = join(this.folder, name);
    if (this.reuse) {
      const kept = readEntry<T>(file, kind);
      if (kept !== undefined) {
        this.hits++;
        return kept.value;
      }
    }
    this.misses++;
    const value = await measure();
    this.made.set(file, { kind, value });
    return value;
  }

  /**
   * The bytes `kind` (`.mp3`: an encoded piece) made from the audio at `paths` with `settings`: read back when an earlier
   * build made them, else made by `make` and kept. Audio whose sha256 the cache was not told is made every time.
   */
  async rememberBytes(kind: string, paths: readonly string[], settings: unknown, make: () => Promise<Buffer>): Promise<Buffer> {
    const sha256 = paths.map((path) => this.audio.get(path));
    if (sha256.some((sha) => sha === undefined)) {
      this.piecesMade++;
      return make();
    }
    const name = `${this.entryName({ kind, sha256, settings })}.${kind}`;
    this.used.add(name);
    const file = join(this.folder, name);
    if (this.reuse) {
      try {
        const kept = readFileSync(file);
        this.piecesKept++;
        return kept;
      } catch {
        // not made yet, or gone: made again
      }
    }
    this.piecesMade++;
    const bytes = await make();
    this.madeBytes.set(file, bytes);
    return bytes;
  }

  /** An entry's name: a hash of everything it depends on, podc's version included. */
  private entryName(of: { kind: string; sha256: unknown; settings: unknown }): string {
    return createHash("sha256")
      .update(canonicalJson({ ...of, version: this.version }))
      .digest("hex");
  }

  /**
   * Once the build has succeeded: writes what it measured, and deletes every entry it did not use (audio no longer in
   * the episode, or settings no longer in force).
   */
  save(): void {
    for (const [file, entry] of this.made) writeEntry(file, JSON.stringify(entry));
    for (const [file, bytes] of this.madeBytes) writeEntry(file, bytes);
    this.made.clear();
    this.madeBytes.clear();
    let names: string[];
    try {
      names = readdirSync(this.folder);
    } catch {
      return;
    }
    for (const name of names) {
      if (this.used.has(name)) continue;
      try {
        unlinkSync(join(this.folder, name));
      } catch {
        // gone already
      }
    }
  }
}

function readEntry<T>(file: string, kind: string): { value: T } | undefined {
  try {
    const entry = JSON.parse(readFileSync(file, "utf8")) as { kind?: unknown; value?: T } | null;
    return entry?.kind === kind && entry.value !== undefined ? { value: entry.value } : undefined;
  } catch {
    // missing, or not whole: measured again
    return undefined;
  }
}

/** Written beside its name and renamed over it: a reader sees the whole entry or none. No fsync: an entry lost is only measured again. */
function writeEntry(file: string, content: string | Buffer): void {
  const temp = tempBeside(file);
  try {
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(temp, content);
    renameSync(temp, file);
  } catch {
    // a cache that cannot be written only costs the next build its time
    try {
      unlinkSync(temp);
    } catch {
      // never written
    }
  }
}
