import { FfmpegError, runFfmpeg } from "./ffmpeg.js";

/*
 * The length of an audio file the manifest gives no duration for (the service's mp3s): asked of ffprobe, which reads
 * the container's header and, for a stream without one, the stream itself.
 */

/** The duration of `path` in milliseconds, or undefined when ffprobe cannot read one (the file is not audio). */
export async function mediaDurationMs(ffprobe: string, path: string): Promise<number | undefined> {
  try {
    const { stdout } = await runFfmpeg(ffprobe, ["-v", "error", "-show_entries", "format=duration", "-of", "default=noprint_wrappers=1:nokey=1", path]);
    const seconds = Number.parseFloat(stdout.trim());
    return Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : undefined;
  } catch (error) {
    if (error instanceof FfmpegError) return undefined;
    throw error;
  }
}
