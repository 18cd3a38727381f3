import type { Disposable, Message, MessageReader, MessageWriter } from "vscode-languageserver";
import { ErrorCodes } from "./protocol.js";
import { invalidParams } from "./params.js";

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
