import { findScripts } from "../workspace/find-scripts.js";

/** What a command may touch of the outside world; tests pass their own. */
export interface Io {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  stdin?: NodeJS.ReadableStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Resolves when the user interrupts (Ctrl-C); commands that run long listen to it. */
  interrupted?: AbortSignal;
}

/** Exit codes of every command (see docs/cli.md). */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/**
 * Colour only on a terminal; never with NO_COLOR set (which `--no-color` sets), nor with FORCE_COLOR=0 or false; always
 * with FORCE_COLOR set to anything else, empty included (as supports-color reads it).
 */
export function useColor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== "0" && force !== "false";
  return stream.isTTY === true;
}

/** A usage mistake: reported in one line with exit code 2, never as a stack trace. */
export class UsageError extends Error {}

/** The scripts a command's arguments name (findScripts), or none after saying so on stderr. */
export async function scriptsNamed(positionals: string[], io: Io): Promise<string[]> {
  const files = await findScripts(positionals, io.cwd);
  if (files.length === 0) io.stderr.write("podc: no .pod scripts found\n");
  return files;
}
