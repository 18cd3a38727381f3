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
