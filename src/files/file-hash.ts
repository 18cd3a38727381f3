import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";

// A file's identity as the journal and the build record keep it: its size and the sha256 of its bytes.

/** True when `path` is a file of exactly `bytes` bytes whose sha256 is `sha256`. */
export async function verifyFile(path: string, bytes: number, sha256: string): Promise<boolean> {
  try {
    const info = await stat(path);
    if (!info.isFile() || info.size !== bytes) return false;
  } catch {
    return false;
  }
  return (await sha256Of(path)) === sha256;
}

/** The sha256 of the file at `path`, hex; undefined when it cannot be read. Streamed: audio files are large. */
export function sha256Of(path: string): Promise<string | undefined> {
  return new Promise((done) => {
    const hash = createHash("sha256");
    createReadStream(path)
      .on("data", (chunk) => hash.update(chunk))
      .on("end", () => done(hash.digest("hex")))
      .on("error", () => done(undefined));
  });
}
