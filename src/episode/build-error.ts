/*
 * Why an episode could not be built, in the writer's words: which file, and the command that fixes it. It is
 * reported as a message (never a stack trace); a failure of ffmpeg carries its last lines.
 */
export class BuildError extends Error {
  constructor(
    message: string,
    /** The last lines of ffmpeg's output, when ffmpeg is what failed. */
    readonly lastLines: readonly string[] = [],
  ) {
    super(message);
  }
}
