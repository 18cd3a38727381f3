import { closeSync, fstatSync, openSync, readSync } from "node:fs";

/*
 * The duration of a WAV file from its header, for the manifest: the data chunk's length over the
 * byte rate of the fmt chunk. Only the chunk headers are read, never the audio. A streaming writer may
 * leave the data size unset (0 or 0xFFFFFFFF): then the rest of the file is the data. A download keeps
 * its first bytes, where the headers almost always are: the file is read only when they are not. Those
 * reads are synchronous: a handful of bytes just written are in the page cache, and a promise per read
 * cost the runner more than the reads themselves.
 */

const MAX_CHUNKS = 64;

/** Reads up to `length` bytes at `position` into `into`; returns how many it read. */
type ReadAt = (into: Buffer, length: number, position: number) => number;

/**
 * Milliseconds of audio in the RIFF/WAVE file at `path`, or undefined when it is not one or its header is unusable.
 * `known` is the file's first bytes and its size, when the caller has them (a download just written).
 */
export function wavDurationMs(path: string, known?: { head: Buffer; size: number }): number | undefined {
  if (known) {
    const { head } = known;
    const fromHead: ReadAt = (into, length, position) => {
      const end = Math.min(position + length, known.size);
      if (end > head.length) throw new NeedsFile();
      return end > position ? head.copy(into, 0, position, end) : 0;
    };
    try {
      return durationOf(known.size, fromHead);
    } catch (error) {
      if (!(error instanceof NeedsFile)) throw error;
    }
  }
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return undefined;
  }
  try {
    return durationOf(fstatSync(fd).size, (into, length, position) => readSync(fd, into, 0, length, position));
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** The headers needed lie beyond the first bytes the caller kept. */
class NeedsFile extends Error {}

function durationOf(size: number, readAt: ReadAt): number | undefined {
  const head = Buffer.alloc(12);
  if (readAt(head, 12, 0) < 12) return undefined;
  if (head.toString("ascii", 0, 4) !== "RIFF" || head.toString("ascii", 8, 12) !== "WAVE") return undefined;
  let offset = 12;
  let byteRate: number | undefined;
  const chunk = Buffer.alloc(20);
  for (let n = 0; n < MAX_CHUNKS && offset + 8 <= size; n++) {
    const bytesRead = readAt(chunk, 20, offset);
    if (bytesRead < 8) return undefined;
    const id = chunk.toString("ascii", 0, 4);
    const length = chunk.readUInt32LE(4);
    // fmt: format (2 bytes), channels (2), sample rate (4), byte rate (4), …
    if (id === "fmt " && bytesRead >= 20) byteRate = chunk.readUInt32LE(8 + 8);
    if (id === "data") {
      if (!byteRate) return undefined;
      const available = size - (offset + 8);
      const bytes = length === 0 || length === 0xffffffff || length > available ? available : length;
      return Math.round((bytes / byteRate) * 1000);
    }
    offset += 8 + length + (length % 2);
  }
  return undefined;
}
