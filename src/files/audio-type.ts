import { closeSync, fstatSync, openSync, readSync } from "node:fs";

/*
 * What an audio file is, told by its first bytes: CDNs serve audio as `binary/octet-stream`, `application/octet-stream`
 * or with no Content-Type at all, and a file named after the header would then be a `.bin` no player or ffmpeg step
 * expects. The signatures are the formats' own: RIFF…WAVE, FORM…AIFF, fLaC, OggS, an ISO-BMFF `ftyp` box, an ID3 tag or an
 * MPEG audio frame header. A script's sound files are told the same way before anything is paid (workspace/sound-files.ts).
 */

/** The content type the bytes `head` begin with, or undefined when they are none of the audio formats podc knows. */
export function sniffAudioType(head: Buffer): string | undefined {
  const text = (from: number, to: number): string => (head.length >= to ? head.toString("latin1", from, to) : "");
  if (text(0, 4) === "RIFF" && text(8, 12) === "WAVE") return "audio/wav";
  if (text(0, 4) === "FORM" && (text(8, 12) === "AIFF" || text(8, 12) === "AIFC")) return "audio/aiff";
  if (text(0, 4) === "fLaC") return "audio/flac";
  if (text(0, 4) === "OggS") return "audio/ogg";
  if (text(4, 8) === "ftyp") return "audio/mp4";
  if (text(0, 3) === "ID3") return "audio/mpeg";
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0) {
    // Frame sync: layer bits 00 are ADTS AAC, the others MPEG audio (mp3 is layer III, but a player takes them all).
    return (head[1]! & 0x06) === 0 ? "audio/aac" : "audio/mpeg";
  }
  return undefined;
}

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

/*
 * The duration of a FLAC file from its STREAMINFO block, which the format puts first, right after the `fLaC` marker:
 * its sample rate and total samples. A download keeps its first bytes, so no read of the file is needed.
 */

/** Bytes of `fLaC`, the block header and STREAMINFO up to the total samples. */
const NEEDED = 26;

/** Milliseconds of audio in a FLAC file whose first bytes are `head`; undefined when it is not one or does not say. */
export function flacDurationMs(head: Buffer): number | undefined {
  if (head.length < NEEDED || head.toString("latin1", 0, 4) !== "fLaC" || (head[4]! & 0x7f) !== 0) return undefined;
  // STREAMINFO from byte 8: block sizes (4 bytes), frame sizes (6), then 20 bits of sample rate, 3 of channels,
  // 5 of bits per sample and 36 of total samples.
  const rate = (head[18]! << 12) | (head[19]! << 4) | (head[20]! >> 4);
  const samples = (head[21]! & 0x0f) * 2 ** 32 + head.readUInt32BE(22);
  // A total of 0 means "unknown" (a stream written without seeking back).
  return rate > 0 && samples > 0 ? Math.round((samples / rate) * 1000) : undefined;
}
