/*
 * The emulator's one audio format: RIFF WAVE, PCM, 16-bit signed little-endian, mono, 22 050 Hz.
 * It is what espeak-ng writes, every standard tool reads it, and it needs no encoder.
 */

export const SAMPLE_RATE = 22_050;

/** Decoded audio as mono floats in [-1, 1]. */
export interface Pcm {
  sampleRate: number;
  samples: Float32Array;
}

/** Encodes mono float samples as a 16-bit PCM WAV file; values outside [-1, 1] are clipped. */
export function encodeWav(samples: Float32Array, sampleRate: number = SAMPLE_RATE): Buffer {
  const dataBytes = samples.length * 2;
  const out = Buffer.alloc(44 + dataBytes);
  out.write("RIFF", 0, "ascii");
  out.writeUInt32LE(36 + dataBytes, 4);
  out.write("WAVE", 8, "ascii");
  out.write("fmt ", 12, "ascii");
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write("data", 36, "ascii");
  out.writeUInt32LE(dataBytes, 40);
  // A typed view is an order of magnitude faster than writeInt16LE per sample; WAV is little-endian like every host Node runs on.
  const pcm = new Int16Array(out.buffer, out.byteOffset + 44, samples.length);
  for (let i = 0; i < samples.length; i++) {
    const v = samples[i]!;
    pcm[i] = Math.round((v > 1 ? 1 : v < -1 ? -1 : v) * 32767);
  }
  return out;
}

/**
 * Decodes a PCM WAV (8- or 16-bit, any channel count) to mono floats. Tolerates a data chunk whose
 * declared size runs past the end of the file, as streaming writers leave it.
 */
export function decodeWav(file: Buffer): Pcm {
  if (file.length < 12 || file.toString("ascii", 0, 4) !== "RIFF" || file.toString("ascii", 8, 12) !== "WAVE") {
    throw new Error("not a RIFF/WAVE file");
  }
  let offset = 12;
  let format: { channels: number; sampleRate: number; bits: number } | undefined;
  while (offset + 8 <= file.length) {
    const id = file.toString("ascii", offset, offset + 4);
    const size = file.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === "fmt ") {
      const codec = file.readUInt16LE(body);
      if (codec !== 1) throw new Error(`unsupported WAV codec ${codec} (only PCM)`);
      format = { channels: file.readUInt16LE(body + 2), sampleRate: file.readUInt32LE(body + 4), bits: file.readUInt16LE(body + 14) };
    } else if (id === "data") {
      if (!format) throw new Error("WAV data before its format");
      const end = Math.min(file.length, body + size);
      return { sampleRate: format.sampleRate, samples: toMono(file.subarray(body, end), format.channels, format.bits) };
    }
    offset = body + size + (size % 2);
  }
  throw new Error("WAV file without a data chunk");
}

function toMono(data: Buffer, channels: number, bits: number): Float32Array {
  if (bits !== 16 && bits !== 8) throw new Error(`unsupported WAV sample size ${bits} bits`);
  const width = bits / 8;
  const frames = Math.floor(data.length / (width * channels));
  const out = new Float32Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let c = 0; c < channels; c++) {
      const at = (f * channels + c) * width;
      sum += bits === 16 ? data.readInt16LE(at) / 32768 : (data.readUInt8(at) - 128) / 128;
    }
    out[f] = sum / channels;
  }
  return out;
}

/** Linear-interpolation resampling; enough for speech that only has to be heard, not mastered. */
export function resample(samples: Float32Array, from: number, to: number): Float32Array {
  if (from === to) return samples;
  const length = Math.max(1, Math.round((samples.length * to) / from));
  const out = new Float32Array(length);
  const step = from / to;
  for (let i = 0; i < length; i++) {
    const x = i * step;
    const i0 = Math.floor(x);
    const a = samples[i0] ?? 0;
    const b = samples[i0 + 1] ?? a;
    out[i] = a + (b - a) * (x - i0);
  }
  return out;
}

/** Joins mono clips with `gapMs` of silence between them. */
export function concatenate(clips: readonly Float32Array[], gapMs: number, sampleRate: number = SAMPLE_RATE): Float32Array {
  const gap = Math.round((gapMs / 1000) * sampleRate);
  const total = clips.reduce((n, c) => n + c.length, 0) + gap * Math.max(0, clips.length - 1);
  const out = new Float32Array(total);
  let at = 0;
  clips.forEach((clip, i) => {
    out.set(clip, at);
    at += clip.length + (i < clips.length - 1 ? gap : 0);
  });
  return out;
}

/** Duration of a WAV file in milliseconds. */
export function wavDurationMs(file: Buffer): number {
  const pcm = decodeWav(file);
  return Math.round((pcm.samples.length / pcm.sampleRate) * 1000);
}
