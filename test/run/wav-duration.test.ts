import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { flacDurationMs } from "../../src/files/audio-type.js";
import { wavDurationMs } from "../../src/files/audio-type.js";
import { encodeWav } from "../../src/emulator/audio/wav.js";

const folder = mkdtempSync(join(tmpdir(), "podc-wav-"));

describe("the duration of a WAV file, from its header", () => {
  it("reads data size over byte rate", () => {
    const path = join(folder, "a.wav");
    writeFileSync(path, encodeWav(new Float32Array(22_050 * 2)));
    expect(wavDurationMs(path)).toBe(2000);
  });

  it("skips chunks before the data, and takes the rest of the file when the size was never filled in", () => {
    const wav = encodeWav(new Float32Array(11_025));
    const list = Buffer.concat([Buffer.from("LIST"), Buffer.from([5, 0, 0, 0]), Buffer.from("INFOx"), Buffer.from([0])]);
    const withList = Buffer.concat([wav.subarray(0, 36), list, wav.subarray(36)]);
    withList.writeUInt32LE(0xffffffff, 36 + list.length + 4);
    const path = join(folder, "b.wav");
    writeFileSync(path, withList);
    expect(wavDurationMs(path)).toBe(500);
  });

  it("reads the headers from the first bytes a download kept, and the file only when they lie beyond them", () => {
    const wav = encodeWav(new Float32Array(22_050));
    const list = Buffer.concat([Buffer.from("LIST"), Buffer.from([0, 4, 0, 0]), Buffer.alloc(1024)]);
    const withList = Buffer.concat([wav.subarray(0, 36), list, wav.subarray(36)]);
    const path = join(folder, "d.wav");
    // Not on disk: everything needed is in the kept bytes.
    expect(wavDurationMs(join(folder, "not-written.wav"), { head: withList.subarray(0, 2048), size: withList.length })).toBe(1000);
    // The data chunk's header lies past the kept bytes: read from the file.
    writeFileSync(path, withList);
    expect(wavDurationMs(path, { head: withList.subarray(0, 100), size: withList.length })).toBe(1000);
    expect(wavDurationMs(join(folder, "not-written.wav"), { head: withList.subarray(0, 100), size: withList.length })).toBeUndefined();
  });

  it("gives undefined for anything else", () => {
    const path = join(folder, "c.mp3");
    writeFileSync(path, Buffer.from("ID3\u0004 not a wave"));
    expect(wavDurationMs(path)).toBeUndefined();
    expect(wavDurationMs(join(folder, "missing.wav"))).toBeUndefined();
  });
});

describe("the duration of a FLAC file, from its STREAMINFO", () => {
  /** The first bytes of a FLAC file of `samples` at `rate` Hz, as an encoder writes them. */
  function flacHead(rate: number, samples: number): Buffer {
    const head = Buffer.alloc(42);
    head.write("fLaC", 0, "latin1");
    head.writeUInt32BE(0x80000022, 4); // the last metadata block, STREAMINFO, 34 bytes
    head[18] = (rate >> 12) & 0xff;
    head[19] = (rate >> 4) & 0xff;
    head[20] = ((rate & 0x0f) << 4) | (1 << 1); // two channels
    head[21] = (15 << 4) | Math.floor(samples / 2 ** 32); // 16 bits per sample
    head.writeUInt32BE(samples % 2 ** 32, 22);
    return head;
  }

  it("reads total samples over the sample rate; undefined when it is not FLAC or does not say", () => {
    expect(flacDurationMs(flacHead(44_100, 44_100 * 3))).toBe(3000);
    expect(flacDurationMs(flacHead(48_000, 2 ** 32 + 48_000))).toBe(Math.round(((2 ** 32 + 48_000) / 48_000) * 1000));
    expect(flacDurationMs(flacHead(44_100, 0))).toBeUndefined();
    expect(flacDurationMs(Buffer.from("RIFF0000WAVEfmt "))).toBeUndefined();
  });
});
