import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from "vscode-jsonrpc/node";
import type { ClientCapabilities, PublishDiagnosticsParams, TextDocumentContentChangeEvent } from "vscode-languageserver";
import { TextDocument } from "vscode-languageserver-textdocument";
import { childEntry } from "../child-entries.js";

// A minimal editor: it starts `podc lsp --stdio` as a child process, as editors do, and speaks JSON-RPC with it over
// the child's stdin and stdout. Every LSP test goes through this, so the server is tested over a real transport.

const ROOT = join(import.meta.dirname, "..", "..");

export const CAPABILITIES: ClientCapabilities = {
  workspace: { didChangeWatchedFiles: { dynamicRegistration: true } },
  textDocument: {
    rename: { prepareSupport: true },
    documentSymbol: { hierarchicalDocumentSymbolSupport: true },
    publishDiagnostics: { versionSupport: true },
  },
};

export interface TestClient {
  connection: MessageConnection;
  child: ChildProcess;
  /** What the server wrote to stderr so far. */
  stderr(): string;
  /** The messages the server logged to the editor (window/logMessage) so far. */
  logs(): string[];
  /** Opens a document and resolves with its first diagnostics. */
  open(uri: string, text: string): Promise<PublishDiagnosticsParams>;
  /** Sends one change (whole text or ranged edits) and resolves with the diagnostics of the new version. */
  change(uri: string, changes: TextDocumentContentChangeEvent[]): Promise<PublishDiagnosticsParams>;
  /** The client's copy of an open document. */
  document(uri: string): TextDocument;
  /** Resolves with the next diagnostics published for `uri`. */
  nextDiagnostics(uri: string): Promise<PublishDiagnosticsParams>;
  request<R>(method: string, params: unknown): Promise<R>;
  /** Sends shutdown and exit, and resolves with the server's exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts the server and initializes it with `rootUri`; `watch: false` plays an editor that cannot watch files. The server
 * is podc's source unless `command` names another (node's arguments, such as a built launcher's `podc.cjs lsp --stdio`).
 */
export async function startClient(
  rootUri: string | null = null,
  options: { watch?: boolean; capabilities?: ClientCapabilities; initializationOptions?: unknown; command?: string[] } = {},
): Promise<TestClient> {
  const args = options.command ?? [...childEntry("lsp-server"), "--stdio"];
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const documents = new Map<string, TextDocument>();
  const waiters: { uri: string; accept: (p: PublishDiagnosticsParams) => boolean; resolve: (p: PublishDiagnosticsParams) => void }[] = [];
  connection.onNotification("textDocument/publishDiagnostics", (params: PublishDiagnosticsParams) => {
    for (const waiter of [...waiters]) {
      if (waiter.uri !== params.uri || !waiter.accept(params)) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(params);
    }
  });
  connection.onRequest("client/registerCapability", () => null);
  const logs: string[] = [];
  connection.onNotification("window/logMessage", (params: { message: string }) => void logs.push(params.message));
  connection.listen();
  const capabilities = options.capabilities ?? (options.watch === false ? { ...CAPABILITIES, workspace: {} } : CAPABILITIES);
  await connection.sendRequest("initialize", { processId: process.pid, rootUri, capabilities, initializationOptions: options.initializationOptions });
  await connection.sendNotification("initialized", {});

  const waitFor = (uri: string, accept: (p: PublishDiagnosticsParams) => boolean) =>
    new Promise<PublishDiagnosticsParams>((resolve) => waiters.push({ uri, accept, resolve }));

  return {
    connection,
    child,
    stderr: () => stderr,
    logs: () => logs,
    async open(uri, text) {
      const document = TextDocument.create(uri, "pod", 1, text);
      documents.set(uri, document);
      const published = waitFor(uri, (p) => p.version === 1);
      await connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "pod", version: 1, text } });
      return published;
    },
    async change(uri, changes) {
      const document = documents.get(uri)!;
      const version = document.version + 1;
      documents.set(uri, TextDocument.update(document, changes, version));
      const published = waitFor(uri, (p) => p.version === version);
      await connection.sendNotification("textDocument/didChange", { textDocument: { uri, version }, contentChanges: changes });
      return published;
    },
    document: (uri) => documents.get(uri)!,
    nextDiagnostics: (uri) => waitFor(uri, () => true),
    request: <R>(method: string, params: unknown) => connection.sendRequest<R>(method, params),
    async stop() {
      await connection.sendRequest("shutdown");
      await connection.sendNotification("exit");
      const code = await exited;
      connection.dispose();
      return code;
    },
  };
}
