import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";

/** One rendered file, reachable at `/files/<token>/<name>` until it expires. */
export interface StoredAudio {
  token: string;
  name: string;
  path: string;
  urlPath: string;
  bytes: number;
  contentType: string;
  expiresAtMs: number;
}

/**
 * Rendered audio of the emulator. Links are unguessable tokens rather than authenticated paths, like the
 * pre-signed links of a real storage service: whoever holds one can fetch it, until it expires.
 */
export class AudioStore {
  readonly #files = new Map<string, StoredAudio>();
  readonly #turns = new Map<string, number[]>();

  constructor(readonly folder: string) {
    mkdirSync(folder, { recursive: true });
  }

  async put(data: Buffer, name: string, expiresAtMs: number, contentType = "audio/wav"): Promise<StoredAudio> {
    const token = randomBytes(12).toString("hex");
    const path = join(this.folder, `${token}-${name}`);
    await writeFile(path, data);
    const stored = { token, name, path, urlPath: `/files/${token}/${encodeURIComponent(name)}`, bytes: data.length, contentType, expiresAtMs };
    this.#files.set(token, stored);
    return stored;
  }

  get(token: string): StoredAudio | undefined {
    return this.#files.get(token);
  }

  /**
   * Records where each turn of a podcast file starts (ms), for tests and the bench only: kept in memory and beside
   * the file as `<file>.turns.json` (never served: files are reached by token, not by folder).
   */
  async recordTurns(stored: StoredAudio, turnStartsMs: readonly number[]): Promise<void> {
    this.#turns.set(stored.token, [...turnStartsMs]);
    await writeFile(`${stored.path}${TURNS_SUFFIX}`, JSON.stringify(turnStartsMs));
  }

  /** The turn starts recorded for the file at `url` (its link, absolute or a path), or undefined. */
  turnStarts(url: string): number[] | undefined {
    const token = linkParts(url)?.token;
    return token === undefined ? undefined : this.#turns.get(token);
  }
}

const TURNS_SUFFIX = ".turns.json";

/** The turn starts an emulator (perhaps in another process) recorded for its link `url`, read from its audio folder. */
export function readTurnStarts(audioFolder: string, url: string): number[] | undefined {
  const link = linkParts(url);
  if (!link) return undefined;
  try {
    return JSON.parse(readFileSync(join(audioFolder, `${link.token}-${link.name}${TURNS_SUFFIX}`), "utf8")) as number[];
  } catch {
    return undefined;
  }
}

function linkParts(url: string): { token: string; name: string } | undefined {
  const found = /\/files\/([0-9a-f]+)\/([^/?#]+)/.exec(url);
  if (!found) return undefined;
  try {
    return { token: found[1]!, name: decodeURIComponent(found[2]!) };
  } catch {
    return undefined;
  }
}
