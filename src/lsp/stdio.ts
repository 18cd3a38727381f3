import { TextDecoder } from "node:util";
import type { Message, MessageReader, MessageWriter, MessageWriterOptions } from "vscode-languageserver";
import { AbstractMessageBuffer, Disposable, ErrorCodes, RAL, ReadableStreamMessageReader, WriteableStreamMessageWriter } from "./protocol.js";
import { invalidParams } from "./params.js";

// The protocol library's messages over Node streams, without its Node entry point (`vscode-languageserver/node`):
// that entry point also sets up sockets, named pipes (with crypto, to name them), child processes and the search for
// global modules, none of which a server on standard input and output uses, and together they were a tenth of the
// server's start-up. What it contributes to a stdio server is only this: the runtime the protocol library runs on
// (buffers, JSON, timers), as the library's own Node runtime defines it, and readers and writers of Node streams.

// The library's reader finds where a message's header ends only at `\r\n\r\n`, and has no limit on a header: a header
// ended with `\n\n` would leave it waiting, deaf, for an end that never comes. So while a header is awaited, the bytes
// received are looked at (they are a header's few dozen bytes, or a broken frame): a blank line without its carriage
// returns, or more bytes than any header has, is reported as an error of the reader (the server then exits, saying so).

/** More than any header a client sends (Content-Length and Content-Type, a few dozen bytes). */
const MAX_HEADER_BYTES = 8192;
const BARE_BLANK_LINE = /\n\r?\n|\r\n\n/;

class MessageBuffer extends AbstractMessageBuffer {
  private static readonly empty = Buffer.allocUnsafe(0);

  override tryReadHeaders(lowerCaseKeys?: boolean): Map<string, string> | undefined {
    const headers = super.tryReadHeaders(lowerCaseKeys);
    if (headers !== undefined || this.numberOfBytes === 0) return headers;
    // Read everything waiting and put it back: the buffer is then as it was, in one chunk.
    const waiting = this.tryReadBody(this.numberOfBytes)!;
    this.append(waiting);
    const text = Buffer.from(waiting.buffer, waiting.byteOffset, waiting.byteLength).toString("latin1");
    if (BARE_BLANK_LINE.test(text)) throw new Error("a message's header ends with a blank line without carriage returns (\\n\\n, not \\r\\n\\r\\n)");
    if (waiting.byteLength > MAX_HEADER_BYTES) throw new Error(`no end of a message's header in its first ${MAX_HEADER_BYTES} bytes`);
    return undefined;
  }

  protected emptyBuffer(): Uint8Array {
    return MessageBuffer.empty;
  }

  protected fromString(value: string, encoding: RAL.MessageBufferEncoding): Uint8Array {
    return Buffer.from(value, encoding);
  }

  protected toString(value: Uint8Array, encoding: RAL.MessageBufferEncoding): string {
    return value instanceof Buffer ? value.toString(encoding) : new TextDecoder(encoding).decode(value);
  }

  protected asNative(buffer: Uint8Array, length?: number): Uint8Array {
    if (length === undefined) return buffer instanceof Buffer ? buffer : Buffer.from(buffer);
    return buffer instanceof Buffer ? buffer.subarray(0, length) : Buffer.from(buffer.buffer, buffer.byteOffset, length);
  }

  protected allocNative(length: number): Uint8Array {
    return Buffer.allocUnsafe(length);
  }
}

function on(stream: NodeJS.EventEmitter, event: string, listener: Parameters<NodeJS.EventEmitter["on"]>[1]): Disposable {
  stream.on(event, listener);
  return Disposable.create(() => void stream.off(event, listener));
}

function readable(stream: NodeJS.ReadableStream): RAL.ReadableStream {
  return {
    onData: (listener) => on(stream, "data", listener),
    onClose: (listener) => on(stream, "close", listener),
    onError: (listener) => on(stream, "error", listener),
    onEnd: (listener) => on(stream, "end", listener),
  };
}

function writable(stream: NodeJS.WritableStream): RAL.WritableStream {
  return {
    onClose: (listener) => on(stream, "close", listener),
    onError: (listener) => on(stream, "error", listener),
    onEnd: (listener) => on(stream, "end", listener),
    write: (data: Uint8Array | string, encoding?: RAL.MessageBufferEncoding) =>
      new Promise<void>((resolve, reject) => {
        const done = (error?: Error | null) => (error === undefined || error === null ? resolve() : reject(error));
        if (typeof data === "string") stream.write(data, encoding, done);
        else stream.write(data, done);
      }),
    end: () => void stream.end(),
  };
}

const NODE_RUNTIME: RAL = {
  messageBuffer: { create: (encoding) => new MessageBuffer(encoding) },
  applicationJson: {
    encoder: {
      name: "application/json",
      encode: (message, options) => {
        try {
          return Promise.resolve(Buffer.from(JSON.stringify(message, undefined, 0), options.charset));
        } catch (error) {
          return Promise.reject(error);
        }
      },
    },
    decoder: {
      name: "application/json",
      decode: (buffer, options) => {
        try {
          const text = buffer instanceof Buffer ? buffer.toString(options.charset) : new TextDecoder(options.charset).decode(buffer);
          return Promise.resolve(JSON.parse(text) as Message);
        } catch (error) {
          return Promise.reject(error);
        }
      },
    },
  },
  console,
  timer: {
    setTimeout(callback, ms, ...args) {
      const handle = setTimeout(callback, ms, ...args);
      return { dispose: () => clearTimeout(handle) };
    },
    setImmediate(callback, ...args) {
      const handle = setImmediate(callback, ...args);
      return { dispose: () => clearImmediate(handle) };
    },
    setInterval(callback, ms, ...args) {
      const handle = setInterval(callback, ms, ...args);
      return { dispose: () => clearInterval(handle) };
    },
  },
};

let installed = false;

/** Reads the protocol's messages from a Node stream (standard input). */
export function streamReader(stream: NodeJS.ReadableStream): ReadableStreamMessageReader {
  install();
  return new ReadableStreamMessageReader(readable(stream));
}

/** Writes the protocol's messages to a Node stream (standard output). */
export function streamWriter(stream: NodeJS.WritableStream, options?: MessageWriterOptions): WriteableStreamMessageWriter {
  install();
  return new WriteableStreamMessageWriter(writable(stream), options);
}

function install(): void {
  if (installed) return;
  installed = true;
  RAL.install(NODE_RUNTIME);
}

// The server's view of what the editor has sent but the server has not handled yet. The protocol library reads every
// message of a burst at once and then handles them one per turn of the event loop, so a handler alone cannot tell
// that ten more keystrokes are already waiting behind the one it handles. The inbox sits between the reader and the
// connection and notes, for each document, the newest version received: diagnostics are made only for that version.
// It is also the gate that answers a message with parameters of the wrong shape, before any handler sees it, and that
// holds messages back, in order, while something they need is still being loaded (see holdWhile).

/** The newest document versions received from the editor, and the gate for messages of the wrong shape. */
export class Inbox {
  private readonly newest = new Map<string, number>();
  private hold: (method: string, params: unknown) => Promise<void> | undefined = () => undefined;

  /**
   * Asks `hold` about every well-formed message: when it returns a promise, that message and all that follow wait until
   * it settles, then reach the connection in the order they came.
   */
  holdWhile(hold: (method: string, params: unknown) => Promise<void> | undefined): void {
    this.hold = hold;
  }

  /** The newest version of `uri` the editor has sent (opened or changed), handled or not. */
  newestVersion(uri: string): number | undefined {
    return this.newest.get(uri);
  }

  /** Whether a version newer than `version` of `uri` has been received and waits to be handled. */
  isSuperseded(uri: string, version: number): boolean {
    const newest = this.newest.get(uri);
    return newest !== undefined && newest > version;
  }

  /**
   * Wraps `reader` so that each message is noted before the connection handles it, and a request or notification with
   * parameters of the wrong shape never reaches it: a request is answered InvalidParams at once through `writer`, a
   * notification is dropped and `log` says why.
   */
  guard(reader: MessageReader, writer: MessageWriter, log: (message: string) => void): MessageReader {
    return {
      onError: reader.onError,
      onClose: reader.onClose,
      onPartialMessage: reader.onPartialMessage,
      dispose: () => reader.dispose(),
      listen: (callback): Disposable => {
        let held: Message[] | undefined;
        const release = () => {
          const messages = held ?? [];
          held = undefined;
          for (const message of messages) callback(message);
        };
        return reader.listen((message: Message) => {
          const { id, method, params } = (typeof message === "object" && message !== null ? message : {}) as {
            id?: number | string | null;
            method?: unknown;
            params?: unknown;
          };
          if (typeof method === "string") {
            const problem = invalidParams(method, params);
            if (problem !== undefined) {
              if (id !== undefined) void writer.write({ jsonrpc: "2.0", id, error: { code: ErrorCodes.InvalidParams, message: problem } } as Message);
              else log(`podc: ignored ${method}: ${problem}`);
              return;
            }
            this.note(method, params);
            const wait = held ? undefined : this.hold(method, params);
            if (wait) {
              held = [];
              wait.then(release, release);
            }
          }
          if (held) held.push(message);
          else callback(message);
        });
      },
    };
  }

  private note(method: string, params: unknown): void {
    if (method === "textDocument/didOpen" || method === "textDocument/didChange") {
      const { uri, version } = (params as { textDocument: { uri: string; version: number } }).textDocument;
      this.newest.set(uri, version);
    } else if (method === "textDocument/didClose") {
      this.newest.delete((params as { textDocument: { uri: string } }).textDocument.uri);
    }
  }
}
