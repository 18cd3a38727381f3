// A language-server client over a real stdio connection to `podc lsp --stdio`, as an editor talks to it.

import { spawn, type ChildProcess } from "node:child_process";
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from "vscode-jsonrpc/node";
import type { PublishDiagnosticsParams, TextDocumentContentChangeEvent } from "vscode-languageserver";

export class LspClient {
  private readonly server: ChildProcess;
  private readonly connection: MessageConnection;
  private waiting: { uri: string; version: number; resolve: () => void } | undefined;
  /** Diagnostics published so far: the server publishes once per version it analyses. */
  publishes = 0;
  /** Milliseconds from the spawn to the first diagnostics published, once they have been. */
  readonly spawnedAt: number;

  private constructor(launcher: string, cwd: string) {
    this.spawnedAt = performance.now();
    this.server = spawn(process.execPath, [launcher, "lsp", "--stdio"], { cwd, stdio: ["pipe", "pipe", "ignore"] });
    this.connection = createMessageConnection(new StreamMessageReader(this.server.stdout!), new StreamMessageWriter(this.server.stdin!));
    this.connection.onNotification("textDocument/publishDiagnostics", (params: PublishDiagnosticsParams) => {
      this.publishes++;
      const w = this.waiting;
      if (w && params.uri === w.uri && (params.version === undefined || params.version === w.version)) {
        this.waiting = undefined;
        w.resolve();
      }
    });
    this.connection.listen();
  }

  /** Starts the server and completes the initialize handshake. */
  static async start(launcher: string, cwd: string): Promise<LspClient> {
    const client = new LspClient(launcher, cwd);
    await client.connection.sendRequest("initialize", { processId: process.pid, rootUri: null, capabilities: {} });
    await client.connection.sendNotification("initialized", {});
    return client;
  }

  private published(uri: string, version: number): Promise<void> {
    return new Promise((resolve) => (this.waiting = { uri, version, resolve }));
  }

  /** Opens a document and resolves when its diagnostics arrive. */
  async open(uri: string, text: string, version = 1): Promise<void> {
    const done = this.published(uri, version);
    await this.connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "pod", version, text } });
    await done;
  }

  /** Sends one change and resolves when the diagnostics of that version arrive. */
  async change(uri: string, version: number, change: TextDocumentContentChangeEvent): Promise<void> {
    const done = this.published(uri, version);
    await this.connection.sendNotification("textDocument/didChange", { textDocument: { uri, version }, contentChanges: [change] });
    await done;
  }

  /**
   * Sends `changes` as consecutive versions after `version`, written to the server in one go (as they arrive when the
   * editor's queue fills up), and resolves with the last version once its diagnostics arrive.
   */
  async burst(uri: string, version: number, changes: TextDocumentContentChangeEvent[]): Promise<number> {
    const last = version + changes.length;
    const done = this.published(uri, last);
    const frames = changes.map((change, i) => {
      const body = Buffer.from(
        JSON.stringify({
          jsonrpc: "2.0",
          method: "textDocument/didChange",
          params: { textDocument: { uri, version: version + i + 1 }, contentChanges: [change] },
        }),
      );
      return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]);
    });
    this.server.stdin!.write(Buffer.concat(frames));
    await done;
    return last;
  }

  /** Shuts the server down and waits for its process to end. */
  async stop(): Promise<void> {
    const exited = new Promise<void>((resolve) => (this.server.exitCode !== null ? resolve() : this.server.once("exit", () => resolve())));
    try {
      await this.connection.sendRequest("shutdown");
      await this.connection.sendNotification("exit");
    } finally {
      this.connection.dispose();
    }
    await exited;
  }
}
