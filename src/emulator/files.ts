import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
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
}
