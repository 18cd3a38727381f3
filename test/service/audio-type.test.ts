import { describe, expect, it } from "vitest";
import { sniffAudioType } from "../../src/files/audio-type.js";

const bytes = (text: string, rest: number[] = []): Buffer => Buffer.concat([Buffer.from(text, "latin1"), Buffer.from(rest), Buffer.alloc(16)]);

describe("audio type from the bytes", () => {
  it("knows wav, flac, ogg, m4a, mp3 (tagged or bare) and ADTS aac", () => {
    expect(sniffAudioType(bytes("RIFF\x24\x00\x00\x00WAVEfmt "))).toBe("audio/wav");
    expect(sniffAudioType(bytes("fLaC"))).toBe("audio/flac");
    expect(sniffAudioType(bytes("OggS"))).toBe("audio/ogg");
    expect(sniffAudioType(bytes("\x00\x00\x00\x20ftypM4A "))).toBe("audio/mp4");
    expect(sniffAudioType(bytes("ID3\x04"))).toBe("audio/mpeg");
    expect(sniffAudioType(Buffer.from([0xff, 0xfb, 0x90, 0x64]))).toBe("audio/mpeg");
    expect(sniffAudioType(Buffer.from([0xff, 0xf1, 0x50, 0x80]))).toBe("audio/aac");
  });

  it("knows nothing else, and never reads past a short file", () => {
    for (const head of [bytes("<html>"), bytes('{"error"'), Buffer.alloc(0), Buffer.from("RIF"), Buffer.from([0xff])]) {
      expect(sniffAudioType(head)).toBeUndefined();
    }
  });
});
