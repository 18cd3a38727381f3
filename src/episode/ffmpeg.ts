import { spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

/*
 * ffmpeg, the one tool the finished episode needs: found on the PATH (or PODC_FFMPEG), run with arguments only (never
 * through a shell), its output kept in bounded memory. A failure carries ffmpeg's last lines, which say what went
 * wrong far better than its exit code.
 */

/** What to tell a writer who has no ffmpeg: the package to install, on the systems writers use. */
export const FFMPEG_INSTALL_HINT =
  "install ffmpeg (Debian and Ubuntu: sudo apt-get install ffmpeg; macOS: brew install ffmpeg; Windows: winget install ffmpeg), or set PODC_FFMPEG to its path";

/** Lines of ffmpeg's output kept for a failure's message. */
const LAST_LINES = 8;
/** Most bytes of ffmpeg's stderr held at once: its progress output is unbounded on a long episode. */
const STDERR_KEEP_BYTES = 256 * 1024;

export class FfmpegError extends Error {
  constructor(
    message: string,
    /** ffmpeg's last lines of output, for the user. */
    readonly lastLines: string[],
  ) {
    super(message);
  }
}

/** The path of the ffmpeg (or ffprobe) command to run, or undefined when none is installed. */
export function findFfmpeg(tool: "ffmpeg" | "ffprobe" = "ffmpeg", env: NodeJS.ProcessEnv = process.env): string | undefined {
  const override = tool === "ffmpeg" ? env.PODC_FFMPEG : env.PODC_FFPROBE;
  if (override) return executable(override) ? override : undefined;
  for (const folder of (env.PATH ?? "").split(delimiter)) {
    if (folder === "") continue;
    for (const name of process.platform === "win32" ? [`${tool}.exe`, tool] : [tool]) {
      const candidate = join(folder, name);
      if (executable(candidate)) return candidate;
    }
  }
  return undefined;
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `command` (ffmpeg or ffprobe) with `args`; resolves with its stdout and the tail of its stderr. Rejects with
 * an FfmpegError holding the last lines of its output when it cannot start or exits with a failure.
 */
export function runFfmpeg(
  command: string,
  args: readonly string[],
  options: { signal?: AbortSignal; /** Keep the whole stderr: it is the measurement (a log line per 100 ms). */ wholeStderr?: boolean } = {},
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // ffprobe never reads stdin, and does not know -nostdin: it would take the next argument as its value.
    const quiet = /ffprobe(\.exe)?$/i.test(command) ? ["-hide_banner"] : ["-hide_banner", "-nostdin"];
    const child = spawn(command, [...quiet, ...args], { stdio: ["ignore", "pipe", "pipe"], ...(options.signal ? { signal: options.signal } : {}) });
    const stdout: Buffer[] = [];
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
      if (!options.wholeStderr && stderr.length > STDERR_KEEP_BYTES) stderr = stderr.slice(stderr.length - STDERR_KEEP_BYTES / 2);
    });
    child.on("error", (error) => reject(new FfmpegError(`${command} could not start: ${error.message}`, [])));
    child.on("close", (code, signal) => {
      if (code === 0) return resolve({ stdout: Buffer.concat(stdout).toString("utf8"), stderr });
      const lines = lastLines(stderr);
      reject(new FfmpegError(`${command} failed (${signal ? `signal ${signal}` : `exit code ${code}`})`, lines));
    });
  });
}

function lastLines(text: string): string[] {
  return text
    .split(/\r?\n|\r/)
    .map((line) => line.trimEnd())
    .filter((line) => line !== "")
    .slice(-LAST_LINES);
}
