import { readFileSync, writeFileSync } from "node:fs";
import { runFfmpeg } from "./ffmpeg.js";
import { clipFilters, MIX_RATE } from "./assemble.js";
import type { SegmentCache } from "./segment-cache.js";
import { frameOf, MP3_FRAME_SAMPLES, MP3_RATE, type Clip, type Timeline } from "./timeline.js";
import { removeQuietly, tempBeside } from "../files/durable.js";

/*
 * The mp3 episode, encoded piece by piece so that a build after an edit encodes only the pieces the edit changed and
 * joins them with the others, kept in the build cache. A piece is a clip with the silence around it (clips closer than
 * a few frames make one piece together). Encoding with no bit reservoir makes every mp3 frame whole on its own, so
 * frames of different encodes can follow each other; every clip starts on the frame grid (timeline.ts), so a piece
 * encodes the same wherever an edit moves it. Each piece is encoded with a few frames of its silence before and after
 * it, which the encoder needs to settle, and only the frames that are the piece's own are kept: the joined frames are
 * the frames one encode of the whole episode would have, and they decode with no gap or drift at the joints, which
 * fall in silence. One LAME/Info header at the start says where the music starts and ends (the encoder's delay and
 * the last frame's padding), so players cut the episode exactly to its length.
 */

/** Frames of silence encoded before and after a piece's own, dropped: the encoder settles on them. */
const SETTLE_FRAMES = 2;
/** A piece's own frames start this many frames before its first clip: the frames that decode into its silence. */
const LEAD_FRAMES = 2;
/**
 * A clip whose silence before it is shorter than this joins the piece before it: its piece's frames, those it settles
 * on and its lead together (6 frames, 157 ms), must all decode silence of the episode.
 */
const PIECE_GAP_MS = Math.ceil(((SETTLE_FRAMES + LEAD_FRAMES + 2) * MP3_FRAME_SAMPLES * 1000) / MP3_RATE);
/** The encoder delay of LAME (samples of silence before the first sample), and the decoder's (an MP3 decoder's 529). */
const LAME_DELAY = 576;
const DECODER_DELAY = 529;
/** The clip fields a piece knows how to encode: a timeline that mixes anything else over its clips is encoded whole. */
const CLIP_FIELDS = new Set(["request", "path", "startMs", "durationMs", "gapAfterMs", "fadeInMs", "fadeOutMs", "edit"]);

/** Whether the mp3 of `line` can be made from pieces: a timeline of clips and silence alone. */
export function piecewise(line: Timeline): boolean {
  return (
    Object.keys(line).every((key) => key === "clips" || key === "durationMs") &&
    line.clips.every((clip) => Object.keys(clip).every((key) => CLIP_FIELDS.has(key)))
  );
}

interface Piece {
  /** The indices of its clips in the timeline. */
  clips: number[];
  /** Its first frame and the first frame after it, in the episode's mp3. */
  from: number;
  to: number;
}

/** The pieces of `line`, and the episode's frames in all. */
function piecesOf(line: Timeline): { pieces: Piece[]; frames: number; samples: number } {
  // The episode ends with its last clip, counted from that clip's frame (as its piece is encoded): the length of the
  // last piece then depends on that clip alone.
  const last = line.clips[line.clips.length - 1]!;
  const samples = frameOf(last.startMs) * MP3_FRAME_SAMPLES + Math.round((last.durationMs * MP3_RATE) / 1000);
  const frames = Math.ceil((samples + LAME_DELAY + DECODER_DELAY) / MP3_FRAME_SAMPLES);
  const pieces: Piece[] = [];
  line.clips.forEach((clip, i) => {
    const last = pieces[pieces.length - 1];
    if (last && line.clips[i - 1]!.gapAfterMs < PIECE_GAP_MS) last.clips.push(i);
    else pieces.push({ clips: [i], from: i === 0 ? 0 : frameOf(clip.startMs) - LEAD_FRAMES, to: frames });
    if (last && last !== pieces[pieces.length - 1]) last.to = pieces[pieces.length - 1]!.from;
  });
  return { pieces, frames, samples };
}

export interface Mp3Episode {
  ffmpeg: string;
  line: Timeline;
  /** Each clip's levelling filter (levels.ts). */
  levels: readonly string[];
  bitrateKbps: number;
  /** The ffmetadata file of tags and chapters. */
  metadataFile: string;
  /** Where the mp3 goes. */
  path: string;
  cache: SegmentCache;
  signal?: AbortSignal;
}

/**
 * Writes the mp3 of the episode from its pieces (see above), each read back from the build cache or encoded and kept;
 * throws FfmpegError when ffmpeg fails, and Error when the encoder's frames are not what the joints need.
 */
export async function writeMp3(episode: Mp3Episode): Promise<void> {
  const { pieces, frames, samples } = piecesOf(episode.line);
  const own: Buffer[] = [];
  for (const piece of pieces) {
    const clips = piece.clips.map((i) => episode.line.clips[i]!);
    const graph = pieceGraph(piece, clips, episode.levels);
    const settings = { graph, bitrateKbps: episode.bitrateKbps, lead: SETTLE_FRAMES, frames: piece.to - piece.from };
    const encode = () => encodePiece(episode, graph, piece);
    own.push(
      await episode.cache.rememberBytes(
        "mp3",
        clips.map((clip) => clip.path),
        settings,
        encode,
      ),
    );
  }
  const joined = tempBeside(`${episode.path}.frames`);
  try {
    writeFileSync(joined, Buffer.concat(own));
    const tags = ["-map_metadata", "1", "-map_chapters", "1", "-id3v2_version", "3"];
    const input = ["-f", "mp3", "-i", joined, "-f", "ffmetadata", "-i", episode.metadataFile];
    await runFfmpeg(
      episode.ffmpeg,
      [...input, "-map", "0:a", "-c:a", "copy", ...tags, "-f", "mp3", "-y", episode.path],
      episode.signal ? { signal: episode.signal } : {},
    );
  } finally {
    removeQuietly(joined);
  }
  const file = readFileSync(episode.path);
  stateLength(file, frames * MP3_FRAME_SAMPLES - LAME_DELAY - samples);
  writeFileSync(episode.path, file);
}

/** The filter graph of a piece: its clips at their frames (from the piece's first), with the settling silence around. */
function pieceGraph(piece: Piece, clips: readonly Clip[], levels: readonly string[]): string {
  const first = frameOf(clips[0]!.startMs);
  const filters: string[] = [];
  let end = 0;
  clips.forEach((clip, j) => {
    const i = piece.clips[j]!;
    filters.push(...clipFilters(clip, j, `[${j}:a]`, levels[i]!, `l${j}`));
    // A clip of the piece after its first starts where its frame does, to the sample at the mix's rate.
    const at = Math.round(((frameOf(clip.startMs) - first) * MP3_FRAME_SAMPLES * MIX_RATE) / MP3_RATE);
    const pad = Math.max(0, at - end);
    filters.push(`[l${j}]${pad > 0 && j > 0 ? `adelay=delays=${pad}S:all=1,` : ""}asetpts=N/SR/TB[p${j}]`);
    end = Math.max(at, end) + Math.round((clip.durationMs * MIX_RATE) / 1000);
  });
  const lead = (first - piece.from + SETTLE_FRAMES) * MP3_FRAME_SAMPLES;
  const total = (piece.to - piece.from + 2 * SETTLE_FRAMES) * MP3_FRAME_SAMPLES;
  const all = clips.map((_, j) => `[p${j}]`).join("");
  const joined = clips.length > 1 ? `${all}concat=n=${clips.length}:v=0:a=1,` : all;
  const format = `aresample=${MP3_RATE},aformat=sample_fmts=fltp:sample_rates=${MP3_RATE}:channel_layouts=stereo`;
  filters.push(`${joined}${format},adelay=delays=${lead}S:all=1,apad=whole_len=${total},atrim=end_sample=${total}[piece]`);
  return filters.join(";");
}

/** Encodes one piece and keeps its own frames. */
async function encodePiece(episode: Mp3Episode, graph: string, piece: Piece): Promise<Buffer> {
  const inputs = piece.clips.flatMap((i) => ["-i", episode.line.clips[i]!.path]);
  const out = tempBeside(`${episode.path}.piece`);
  try {
    const encoder = ["-c:a", "libmp3lame", "-b:a", `${episode.bitrateKbps}k`, "-reservoir", "0", "-id3v2_version", "0", "-f", "mp3"];
    await runFfmpeg(
      episode.ffmpeg,
      [...inputs, "-filter_complex", graph, "-map", "[piece]", ...encoder, "-y", out],
      episode.signal ? { signal: episode.signal } : {},
    );
    const frames = framesOf(readFileSync(out));
    // The encoder's own header says its delay: the joints are placed for LAME's.
    const delay = infoDelay(frames[0]);
    if (delay !== LAME_DELAY) throw new Error(`the mp3 encoder's delay is ${delay ?? "not stated"}, not ${LAME_DELAY}`);
    const own = frames.slice(1 + SETTLE_FRAMES, 1 + SETTLE_FRAMES + piece.to - piece.from);
    if (own.length !== piece.to - piece.from) throw new Error(`the mp3 encoder gave ${frames.length} frames, too few for a piece of ${piece.to - piece.from}`);
    return Buffer.concat(own);
  } finally {
    removeQuietly(out);
  }
}

/** Bit rates of MPEG-1 Layer III, in kbit/s, by the header's index. */
const BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const SAMPLE_RATES = [44_100, 48_000, 32_000];

/** The frames of an MPEG-1 Layer III stream (no tags before it). */
function framesOf(bytes: Buffer): Buffer[] {
  const frames: Buffer[] = [];
  let at = 0;
  while (at + 4 <= bytes.length) {
    const kbps = BITRATES[bytes[at + 2]! >> 4];
    const rate = SAMPLE_RATES[(bytes[at + 2]! >> 2) & 3];
    if (bytes[at] !== 0xff || (bytes[at + 1]! & 0xfe) !== 0xfa || !kbps || !rate) throw new Error(`the mp3 encoder's output has no frame at byte ${at}`);
    const size = Math.floor((144_000 * kbps) / rate) + ((bytes[at + 2]! >> 1) & 1);
    frames.push(bytes.subarray(at, at + size));
    at += size;
  }
  return frames;
}

/** Where a frame's Info (or Xing) tag is: after the frame's header and side information (MPEG-1; 17 bytes in mono). */
function infoAt(frame: Buffer): number | undefined {
  const at = 4 + (frame[3]! >> 6 === 3 ? 17 : 32);
  const tag = frame.subarray(at, at + 4).toString("latin1");
  return tag === "Info" || tag === "Xing" ? at : undefined;
}

/** Offsets in the Info tag (from "Info"): the encoder delay and padding (12 bits each), and the tag's CRC. */
const DELAY_PADDING_AT = 141;
const TAG_CRC_AT = 154;
/** The tag's CRC covers the frame's first 190 bytes. */
const TAG_CRC_BYTES = 190;

/** The encoder delay a header frame's LAME tag states, if it is one. */
function infoDelay(frame: Buffer | undefined): number | undefined {
  const at = frame && infoAt(frame);
  return at === undefined ? undefined : frame!.readUIntBE(at + DELAY_PADDING_AT, 3) >> 12;
}

/**
 * Writes into the Info tag of the mp3 `file` (as ffmpeg wrote it) the encoder's delay and the padding after the
 * episode's last sample, and the tag's CRC again: what gapless players cut by.
 */
function stateLength(file: Buffer, padding: number): void {
  // The ID3v2 tag before the first frame: 10 bytes of header and a size in 7-bit bytes.
  const tagged = file.subarray(0, 3).toString("latin1") === "ID3";
  const start = tagged ? 10 + ((file[6]! << 21) | (file[7]! << 14) | (file[8]! << 7) | file[9]!) : 0;
  const frame = file.subarray(start);
  const at = infoAt(frame);
  if (at === undefined) throw new Error("ffmpeg wrote no Info header before the episode's frames");
  frame.writeUIntBE((LAME_DELAY << 12) | padding, at + DELAY_PADDING_AT, 3);
  frame.writeUInt16BE(crc16(frame.subarray(0, TAG_CRC_BYTES)), at + TAG_CRC_AT);
}

/** CRC-16 as the LAME tag has it (CRC-16/ARC: polynomial 0x8005, reflected). */
function crc16(bytes: Buffer): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}
