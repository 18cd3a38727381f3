import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/*
 * The emulator's compressed audio: its WAV renders encoded by ffmpeg into the mp3 the real service links as `url`, or
 * the FLAC it links as `flac_url`, so that podc is tested against the bytes it really receives. Only for the quirks
 * that ask for them: the documented emulator needs no ffmpeg.
 */

export type EncodedFormat = "mp3" | "flac";

export const CONTENT_TYPES: Record<EncodedFormat, string> = { mp3: "audio/mpeg", flac: "audio/flac" };

/**
 * `wav` encoded as `format` by `ffmpeg` (a command or path). Written to a file, not a pipe, so that ffmpeg goes back
 * to fill in the headers that give the length (FLAC's STREAMINFO, the mp3's Info frame), as a real service's files
 * have them. Rejects with ffmpeg's last words.
 */
export async function encodeAudio(ffmpeg: string, wav: Buffer, format: EncodedFormat): Promise<Buffer> {
  const codec = format === "mp3" ? ["-c:a", "libmp3lame", "-b:a", "128k"] : ["-c:a", "flac"];
  const folder = await mkdtemp(join(tmpdir(), "podc-emulator-encode-"));
  const out = join(folder, `take.${format}`);
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(ffmpeg, ["-hide_banner", "-loglevel", "error", "-f", "wav", "-i", "pipe:0", ...codec, "-y", out], {
        stdio: ["pipe", "ignore", "pipe"],
      });
      let said = "";
      child.stderr.on("data", (chunk: Buffer) => (said = (said + chunk.toString()).slice(-2000)));
      child.on("error", reject);
      child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg could not encode ${format}: ${said.trim() || `exit ${code}`}`))));
      // ffmpeg may stop reading early on a bad input: its own exit says why, not the pipe.
      child.stdin.on("error", () => undefined);
      child.stdin.end(wav);
    });
    return await readFile(out);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Whether `ffmpeg` runs at all: checked once when a quirk needs it, so `podc serve` says so at its start. */
export function ffmpegRuns(ffmpeg: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(ffmpeg, ["-hide_banner", "-version"], { stdio: "ignore" });
    child.on("error", () => resolve(false));
    child.on("close", (code) => resolve(code === 0));
  });
}

/** The ffmpeg the emulator runs: the one it was given, else PODC_FFMPEG (as podc's own build), else `ffmpeg` on the PATH. */
export function ffmpegOf(options: { ffmpegCommand?: string }): string {
  return options.ffmpegCommand ?? (process.env.PODC_FFMPEG || "ffmpeg");
}
