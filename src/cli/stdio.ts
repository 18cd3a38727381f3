import { fstatSync, statSync, writeSync } from "node:fs";

// Standard output and error for commands that mostly just print. Node's stream objects for them load modules worth
// 3–6 ms at first touch (streams; sockets for a pipe; the tty module for a terminal): more than `podc check` spends on
// an episode. So a write goes straight to the file descriptor, and only a command that uses anything else of a stream
// (events, end, columns: the language server, watch, run's progress) gets Node's own, through which everything then
// goes. On Linux and macOS Node itself writes standard output and error synchronously, to files, pipes and terminals
// alike, so the order of the output is the same either way. On Windows, whose console needs Node's own conversion,
// the stream is always Node's.

type Stdio = NodeJS.WriteStream;

/** write(2) as fs.writeSync makes it: how many of `length` bytes from `offset` went out. */
export type WriteBytes = (fd: number, bytes: Uint8Array, offset: number, length: number) => number;

/**
 * Standard output (1) or error (2) as described above; `stream` gives Node's own (process.stdout or process.stderr).
 * `write` is the system call (tests hand in one that fails as a full non-blocking pipe does); `scrub` rewrites every
 * text before it leaves (the process takes the API key out of everything it prints).
 */
export function processStdio(fd: 1 | 2, stream: () => Stdio, write: WriteBytes = writeSync, scrub: (text: string) => string = (text) => text): Stdio {
  let real: Stdio | undefined;
  let closed = false;
  // Asked once: colour is decided per diagnostic, and the answer cannot change while podc runs.
  let plainFile: boolean | undefined;
  const materialize = (): Stdio => {
    if (real) return real;
    real = stream();
    // A reader that stops early (`podc compile x.pod | head -1`) closes the pipe: that is its choice, not an error.
    // Output stops quietly and the command finishes what it was doing (a run keeps its journal straight).
    real.on("error", (error: NodeJS.ErrnoException) => {
      if (!readerGone(error.code) && error.code !== "ERR_STREAM_DESTROYED") throw error;
    });
    return real;
  };
  if (process.platform === "win32") return materialize();

  function writeChunk(
    given: string | Uint8Array,
    encoding?: BufferEncoding | ((error?: Error | null) => void),
    callback?: (error?: Error | null) => void,
  ): boolean {
    const done = typeof encoding === "function" ? encoding : callback;
    const chunk = typeof given === "string" ? scrub(given) : given;
    if (real) return typeof encoding === "string" ? real.write(chunk, encoding, done) : real.write(chunk, done);
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8") : chunk;
    let offset = 0;
    while (!closed && offset < bytes.length) {
      try {
        offset += write(fd, bytes, offset, bytes.length - offset);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        // A descriptor left non-blocking by whoever started podc, and full: Node's stream waits until it drains.
        if (code === "EAGAIN") return materialize().write(bytes.subarray(offset), done);
        if (!readerGone(code)) throw error;
        closed = true;
      }
    }
    if (done) process.nextTick(done);
    return true;
  }

  return new Proxy({} as Stdio, {
    get(_, name) {
      if (name === "write") return writeChunk;
      if (name === "fd") return fd;
      if (name === "isTTY" && !real && (plainFile ??= notATerminal(fd))) return false;
      const stdio = materialize();
      const value: unknown = Reflect.get(stdio, name);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(stdio) : value;
    },
    set: (_, name, value) => Reflect.set(materialize(), name, value),
    has: (_, name) => Reflect.has(materialize(), name),
  });
}

/**
 * Whether a write's error says the reader is gone: EPIPE from a pipe, and ECONNRESET from the socket pair Node gives a
 * child's standard output when its reader closes with output still unread.
 */
function readerGone(code: string | undefined): boolean {
  return code === "EPIPE" || code === "ECONNRESET";
}

/**
 * Whether `fd` is certainly not a terminal, told without the tty module: a pipe, a socket, a file, or the null device.
 * Any other character device may be a terminal, and Node's stream, made then, says.
 */
function notATerminal(fd: number): boolean {
  try {
    const stats = fstatSync(fd);
    return !stats.isCharacterDevice() || stats.rdev === statSync("/dev/null").rdev;
  } catch {
    return false;
  }
}
