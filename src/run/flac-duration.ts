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
