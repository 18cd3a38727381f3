import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { wavDurationMs } from "../../src/run/wav-duration.js";
import { encodeWav } from "../../src/emulator/audio/wav.js";

const folder = mkdtempSync(join(tmpdir(), "podc-wav-"));

describe("the duration of a WAV file, from its header", () => {
  it("reads data size over byte rate", async () => {
    const path = join(folder, "a.wav");
    writeFileSync(path, encodeWav(new Float32Array(22_050 * 2)));
    expect(await wavDurationMs(path)).toBe(2000);
  });

  it("skips chunks before the data, and takes the rest of the file when the size was never filled in", async () => {
    const wav = encodeWav(new Float32Array(11_025));
    const list = Buffer.concat([Buffer.from("LIST"), Buffer.from([5, 0, 0, 0]), Buffer.from("INFOx"), Buffer.from([0])]);
    const withList = Buffer.concat([wav.subarray(0, 36), list, wav.subarray(36)]);
    withList.writeUInt32LE(0xffffffff, 36 + list.length + 4);
    const path = join(folder, "b.wav");
    writeFileSync(path, withList);
    expect(await wavDurationMs(path)).toBe(500);
  });

  it("gives undefined for anything else", async () => {
    const path = join(folder, "c.mp3");
    writeFileSync(path, Buffer.from("ID3\u0004 not a wave"));
    expect(await wavDurationMs(path)).toBeUndefined();
    expect(await wavDurationMs(join(folder, "missing.wav"))).toBeUndefined();
  });
});
