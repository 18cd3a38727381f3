import {
  CodeActionKind,
  DidChangeWatchedFilesNotification,
  TextDocumentSyncKind,
  type Connection,
  type InitializeResult,
} from "vscode-languageserver";
import { addCodeActionsHandler } from "./code-actions.js";
import { addCompletionHandler } from "./completion.js";
import { addDefinitionHandler } from "./definition.js";
import { addDiagnosticsHandler } from "./diagnostics.js";
import { filePath, Scripts } from "./documents.js";
import { addFoldingHandler } from "./folding.js";
import { addFormattingHandler } from "./formatting.js";
import { addHoverHandler } from "./hover.js";
import { addRenameHandler } from "./rename.js";
import { addSymbolsHandler } from "./symbols.js";

// The language server is a thin front over the library, like the command line: every feature reads the one shared
// analysis of a document (documents.ts) and lives in its own file. Only standard LSP 3.17 is spoken: incremental
// text sync, UTF-16 positions, pushed diagnostics, and a file watcher on podc.json when the client can register one.

/** Wires every feature onto `connection` and starts listening. The caller owns the transport and the process. */
export function startServer(connection: Connection): void {
  const scripts = new Scripts();
  let canWatch = false;

  connection.onInitialize((params): InitializeResult => {
    const folder = params.workspaceFolders?.[0]?.uri ?? params.rootUri ?? undefined;
    scripts.workspaceFolder = folder ? filePath(folder) : undefined;
    canWatch = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    const prepareRename = params.capabilities.textDocument?.rename?.prepareSupport === true;
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        completionProvider: { triggerCharacters: ["@", "["] },
        hoverProvider: true,
        documentSymbolProvider: true,
        foldingRangeProvider: true,
        definitionProvider: true,
        renameProvider: prepareRename ? { prepareProvider: true } : true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        documentFormattingProvider: true,
      },
      serverInfo: { name: "podc" },
    };
  });
  connection.onInitialized(() => {
    // Clients that cannot register a watcher are expected to send podc.json changes themselves, or not at all.
    if (canWatch) {
      void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: "**/podc.json" }] });
    }
  });

  scripts.listen(connection);
  addDiagnosticsHandler(connection, scripts);
  addCompletionHandler(connection, scripts);
  addHoverHandler(connection, scripts);
  addSymbolsHandler(connection, scripts);
  addFoldingHandler(connection, scripts);
  addDefinitionHandler(connection, scripts);
  addRenameHandler(connection, scripts);
  addCodeActionsHandler(connection, scripts);
  addFormattingHandler(connection, scripts);
  connection.listen();
}
