import stringWidth from "string-width";
import wrapAnsi from "wrap-ansi";
import type { Io } from "./io.js";

/*
 * The lines `podc run` and `podc build` print for good — an accepted task with its trace id, a problem, the summary,
 * where to listen — are often wider than a terminal of 80 columns. Left to the terminal, such a line wraps wherever the
 * width falls, in the middle of a task id or a path, and under the live table a wrapped line is two screen lines where
 * log-update counts one. On a terminal, every line written to stderr is fitted instead: split at spaces into lines one
 * column short of the width (a line that fills the last column makes some terminals wrap at the next character), the
 * continuations indented; a word longer than a line (a path) is cut. Nothing is left out: the words are all there, in
 * order. Lines that fit — the live table's, which it cuts to the width itself — are written as they are.
 */

/** What continuation lines start with, so that they read as part of the line before. */
const CONTINUATION = "    ";

/** `io` with its stderr fitted to the terminal's width (see above); `io` itself when stderr is not a terminal. */
export function fittedToTerminal(io: Io): Io {
  const stream = io.stderr as Io["stderr"] & { columns?: number };
  if (!stream.isTTY) return io;
  const write = (chunk: unknown, ...rest: unknown[]): boolean =>
    Reflect.apply(stream.write, stream, [typeof chunk === "string" ? fitLines(chunk, (stream.columns ?? 80) - 1) : chunk, ...rest]) as boolean;
  const stderr = new Proxy(stream, {
    get(target, key) {
      if (key === "write") return write;
      const value: unknown = Reflect.get(target, key);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { ...io, stderr };
}

/** Every line of `text` no wider than `columns` (see above); terminal colours are kept, and count for nothing. */
export function fitLines(text: string, columns: number): string {
  if (columns < 2 * CONTINUATION.length) return text;
  return text
    .split("\n")
    .map((line) => {
      if (stringWidth(line) <= columns) return line;
      // One wrap at the continuations' width: a word cut in two stays cut where it was, with no space put in.
      const [first = "", ...more] = wrapAnsi(line, columns - CONTINUATION.length, { hard: true, trim: true }).split("\n");
      return [first, ...more.map((part) => CONTINUATION + part)].join("\n");
    })
    .join("\n");
}
