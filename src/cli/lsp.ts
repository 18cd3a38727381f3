import { format } from "node:util";
import type { InitializeParams, WatchDog } from "vscode-languageserver";
import { createConnection, createProtocolConnection } from "../lsp/protocol.js";
import { startServer } from "../lsp/server.js";
import { Inbox, streamReader, streamWriter } from "../lsp/stdio.js";
import { defineCommand, type Parsed } from "./command.js";
import { EXIT, UsageError, type Io } from "./io.js";

/** How long the rest of a message may keep the server waiting, twice over, before the server gives up on it. */
const PARTIAL_MESSAGE_MS = 3000;

const OPTIONS = {
  stdio: { type: "boolean", help: "speak the protocol over standard input and output (the only transport)" },
  // Some clients pass their process id this way; the one in `initialize` is the one watched.
  clientProcessId: { type: "string", arg: "PID", help: "the editor's process id (the one sent in initialize is the one watched)" },
  // Editors offer these transports; named here so that they get a clear refusal rather than "unknown option".
  socket: { type: "string", arg: "PORT", help: "not supported: use --stdio" },
  pipe: { type: "string", arg: "NAME", help: "not supported: use --stdio" },
  "node-ipc": { type: "boolean", help: "not supported: use --stdio" },
} as const;

export const command = defineCommand(
  {
    name: "lsp",
    usage: ["--stdio"],
    description: `Starts the language server for .pod scripts, speaking the Language Server Protocol over standard input and output.
Editors start it themselves; there is nothing to type into it.`,
    options: OPTIONS,
    exit: "0 after the editor's shutdown and exit, 1 when the editor went away without them, 2 usage.",
    docs: "docs/editor.md",
    positionals: false,
  },
  lsp,
);

async function lsp({ values }: Parsed<typeof OPTIONS>, io: Io): Promise<number> {
  const other = values.socket !== undefined ? "--socket" : values.pipe !== undefined ? "--pipe" : values["node-ipc"] ? "--node-ipc" : undefined;
  if (other) throw new UsageError(`${other} is not supported: the language server speaks over --stdio only`);
  if (!values.stdio) throw new UsageError("say how the editor talks to the server: podc lsp --stdio");
  if (!io.stdin) throw new UsageError("there is no standard input to read the editor's messages from");
  return serveStdio(io.stdin, io);
}

/**
 * Runs the language server over `input` and `io.stdout` until the editor sends `exit` or closes the stream; resolves
 * with the exit code the protocol asks for (0 after `shutdown`, else 1). Never calls process.exit.
 */
export function serveStdio(input: NodeJS.ReadableStream, io: Io): Promise<number> {
  return new Promise((resolve) => {
    // Standard output carries the protocol: a stray console.log there would corrupt it, so it goes to stderr.
    const restoreConsole = (io.stdout as { fd?: number }).fd === 1 ? divertConsole(io.stderr) : () => {};
    let shutdownReceived = false;
    let parentWatch: NodeJS.Timeout | undefined;
    let done = false;
    const end = (code: number) => {
      if (done) return;
      done = true;
      if (parentWatch) clearInterval(parentWatch);
      connection.dispose();
      (input as NodeJS.ReadableStream & { pause?: () => void }).pause?.();
      restoreConsole();
      resolve(code);
    };
    const watchDog: WatchDog = {
      get shutdownReceived() {
        return shutdownReceived;
      },
      set shutdownReceived(value: boolean) {
        shutdownReceived = value;
      },
      initialize(params: InitializeParams) {
        // An editor that dies without closing the pipe must not leave the server running.
        const pid = params.processId;
        if (typeof pid !== "number") return;
        parentWatch = setInterval(() => {
          try {
            process.kill(pid, 0);
          } catch {
            end(shutdownReceived ? EXIT.ok : EXIT.failed);
          }
        }, 3000);
        parentWatch.unref();
      },
      exit: (code: number) => end(code),
    };
    const inbox = new Inbox();
    const connection = createConnection((logger) => {
      const reader = streamReader(input);
      const writer = streamWriter(io.stdout);
      // A frame whose body is not JSON is skipped: the frames after it are still read. A frame whose header cannot be
      // read (stdio.ts), or whose body stops short of its Content-Length, leaves no way to find where the next message
      // starts; a server that kept running would never hear another message, so it exits at once and the editor, seeing
      // it gone, starts a new one.
      const cannotRead = (reason: string) => {
        io.stderr.write(`podc lsp: cannot read the editor's messages any more (${reason}): exiting\n`);
        end(EXIT.failed);
        // Nothing more will be read: let go of the input, or the process would wait on it instead of exiting.
        (input as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
      };
      reader.onError((error) => {
        if (error instanceof SyntaxError) {
          io.stderr.write(`podc lsp: skipped a message that is not JSON: ${error.message}\n`);
          return;
        }
        cannotRead(error.message.split("\n")[0]!);
      });
      // The reader says when the rest of a message has not come for a while, and again after each further while; the
      // second time in a row, with no byte received in between, the rest is not coming. (Once is not enough: after a
      // long analysis the timer may fire before the bytes already waiting in the pipe are read.)
      reader.partialMessageTimeout = PARTIAL_MESSAGE_MS;
      let quiet = 0;
      input.on("data", () => void (quiet = 0));
      reader.onPartialMessage(() => {
        if (++quiet < 2) return;
        reader.partialMessageTimeout = 0; // the reader's timer would keep the process alive
        cannotRead(`a message stopped short of its Content-Length for ${(quiet * PARTIAL_MESSAGE_MS) / 1000} s`);
      });
      const log = (message: string) => io.stderr.write(message + "\n");
      const protocol = createProtocolConnection(inbox.guard(reader, writer, log), writer, logger);
      protocol.onClose(() => end(shutdownReceived ? EXIT.ok : EXIT.failed));
      return protocol;
    }, watchDog);
    startServer(connection, inbox);
  });
}

function divertConsole(stderr: NodeJS.WritableStream): () => void {
  const saved = { log: console.log, info: console.info, debug: console.debug };
  const toStderr = (...args: unknown[]) => void stderr.write(format(...args) + "\n");
  console.log = console.info = console.debug = toStderr;
  return () => Object.assign(console, saved);
}
