import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import type { Database } from "./database.js";

/*
 * Audio in the shared store, addressed by its sha256, so a fresh checkout or a teammate gets every
 * file without paying and without the service's expiring links. A file is kept as chunks of 1 MiB in
 * `podc_audio_chunks` and one row in `podc_audio`, written last in the same transaction: a row means
 * the file is complete. Files move in and out a chunk at a time, so a song is never held in memory
 * whole; what comes out is checked against its hash before the caller may trust it.
 */

const CHUNK_BYTES = 1024 * 1024;

/** An audio file the store holds. */
export interface StoredAudio {
  sha256: string;
  bytes: number;
  contentType: string;
}

/** What came out of the store did not match its hash (the caller must discard it). */
class AudioDamagedError extends Error {
  override name = "AudioDamagedError";
}

export class AudioStore {
  constructor(readonly db: Database) {}

  /** The stored file with this hash, if the store has it whole. */
  async find(sha256: string): Promise<StoredAudio | undefined> {
    const result = await this.db.query<{ bytes: string; content_type: string }>("SELECT bytes, content_type FROM podc_audio WHERE sha256 = $1", [sha256]);
    const row = result.rows[0];
    return row ? { sha256, bytes: Number(row.bytes), contentType: row.content_type } : undefined;
  }

  /**
   * Stores the file at `path`, which must hash to `sha256` (else nothing is stored and an error is
   * thrown). A file the store already has is not sent again; two machines storing one file at once
   * store it once.
   */
  async put(path: string, sha256: string, contentType: string): Promise<"stored" | "known"> {
    if (await this.find(sha256)) return "known";
    return this.db.transaction(async (client) => {
      // One writer per hash: the second waits here, then finds the file stored.
      await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`podc-audio:${sha256}`]);
      const known = await client.query("SELECT 1 FROM podc_audio WHERE sha256 = $1", [sha256]);
      if (known.rowCount) return "known";
      await client.query("DELETE FROM podc_audio_chunks WHERE sha256 = $1", [sha256]);
      const hash = createHash("sha256");
      let seq = 0;
      let bytes = 0;
      for await (const chunk of chunksOf(path)) {
        hash.update(chunk);
        bytes += chunk.length;
        await client.query("INSERT INTO podc_audio_chunks (sha256, seq, data) VALUES ($1, $2, $3)", [sha256, seq++, chunk]);
      }
      const actual = hash.digest("hex");
      if (actual !== sha256) throw new AudioDamagedError(`${path} changed while it was being stored (sha256 ${actual}, expected ${sha256})`);
      await client.query("INSERT INTO podc_audio (sha256, bytes, content_type, chunks) VALUES ($1, $2, $3, $4)", [sha256, bytes, contentType, seq]);
      return "stored";
    });
  }

  /**
   * Streams the stored file with hash `sha256` into `write`, a chunk at a time, and checks it whole;
   * false when the store does not have it. Throws AudioDamagedError when what came out is not what went in.
   */
  async read(sha256: string, write: (chunk: Buffer) => Promise<void>): Promise<StoredAudio | undefined> {
    const result = await this.db.query<{ bytes: string; content_type: string; chunks: number }>(
      "SELECT bytes, content_type, chunks FROM podc_audio WHERE sha256 = $1",
      [sha256],
    );
    const row = result.rows[0];
    if (!row) return undefined;
    const hash = createHash("sha256");
    let bytes = 0;
    for (let seq = 0; seq < row.chunks; seq++) {
      const chunk = await this.db.query<{ data: Buffer }>("SELECT data FROM podc_audio_chunks WHERE sha256 = $1 AND seq = $2", [sha256, seq]);
      const data = chunk.rows[0]?.data;
      if (!data) throw new AudioDamagedError(`the state database lacks part ${seq} of audio ${sha256}`);
      hash.update(data);
      bytes += data.length;
      await write(data);
    }
    if (bytes !== Number(row.bytes) || hash.digest("hex") !== sha256) throw new AudioDamagedError(`audio ${sha256} in the state database is damaged`);
    return { sha256, bytes, contentType: row.content_type };
  }
}

/** The file's bytes in chunks of exactly CHUNK_BYTES (the last one shorter). */
async function* chunksOf(path: string): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let size = 0;
  for await (const piece of createReadStream(path, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>) {
    let rest = piece;
    while (size + rest.length >= CHUNK_BYTES) {
      const take = CHUNK_BYTES - size;
      pending.push(rest.subarray(0, take));
      yield Buffer.concat(pending);
      rest = rest.subarray(take);
      pending = [];
      size = 0;
    }
    if (rest.length > 0) {
      pending.push(rest);
      size += rest.length;
    }
  }
  if (size > 0) yield Buffer.concat(pending);
}
