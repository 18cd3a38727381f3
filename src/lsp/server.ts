import { basename } from "node:path";
import type { Connection, InitializeResult } from "vscode-languageserver";
import { CodeActionKind, DidChangeWatchedFilesNotification, TextDocumentSyncKind } from "./protocol.js";
import { addCodeActionsHandler } from "./code-actions.js";
import { addCodeLensHandler, TABLE_READ_COMMAND } from "./code-lens.js";
import { addCompletionHandler, TRIGGER_CHARACTERS } from "./completion.js";
import { addDefinitionHandler } from "./definition.js";
import { addDiagnosticsHandler, guarded } from "./diagnostics.js";
import { Scripts } from "./documents.js";
import { addFoldingHandler } from "./folding.js";
import { addFormattingHandler } from "./formatting.js";
import { addHoverHandler, hoverMarkup } from "./hover.js";
import type { Inbox } from "./stdio.js";
import { addInlayHintsHandler } from "./inlay-hints.js";
import { addReferencesHandler } from "./references.js";
import { addRenameHandler } from "./rename.js";
import { addSemanticTokensHandler, SEMANTIC_TOKENS_LEGEND } from "./semantic-tokens.js";
import { addShowHandler } from "./show.js";
import { addStatsHandler } from "./stats.js";
import { addSymbolsHandler } from "./symbols.js";
import { CONFIG_FILE } from "../config/find.js";
import { filePath, SCRIPT_GLOB } from "../workspace/find-scripts.js";
import { addWorkspaceSymbolsHandler } from "./workspace-symbols.js";

// The language server is a thin front over the library, like the command line: every feature reads the one shared
// analysis of a document (documents.ts) and lives in its own file. Only standard LSP 3.17 is spoken: incremental
// text sync, UTF-16 positions, pushed or pulled diagnostics, and a file watcher on podc.json, scripts and the lexicon
// files in use when the client can register one (and without it, podc.json and its lexicon are still noticed: see
// documents.ts).

/** How often podc.json is looked at when the editor cannot watch files and nothing else made the server look. */
const CONFIG_CHECK_MS = 2000;

/** Requests that read scripts beyond the one they name, which may each have their own podc.json. */
const WORKSPACE_WIDE = new Set(["workspace/symbol", "workspace/diagnostic", "textDocument/references"]);

/** What the server must have loaded before it handles a message (see Scripts.ready). */
function readyFor(scripts: Scripts, method: string, params: unknown): Promise<void> | undefined {
  if (WORKSPACE_WIDE.has(method)) return scripts.ready();
  if (method === "workspace/didChangeWatchedFiles") {
    const { changes } = params as { changes: { uri: string }[] };
    return changes.some((change) => change.uri.endsWith(`/${CONFIG_FILE}`)) ? scripts.ready() : undefined;
  }
  const uri = (params as { textDocument?: { uri?: unknown } } | undefined)?.textDocument?.uri;
  return typeof uri === "string" ? scripts.ready(uri) : undefined;
}

/** Wires every feature onto `connection` and starts listening. The caller owns the transport and the process. */
export function startServer(connection: Connection, inbox: Inbox): void {
  const scripts = new Scripts();
  const folders = scripts.workspace.folders;
  let canWatch = false;
  let tableRead = false;
  let markup = hoverMarkup(undefined);
  const pull = { pull: false, refresh: false, inlayHintRefresh: false };
  inbox.holdWhile((method, params) => readyFor(scripts, method, params));

  connection.onInitialize((params): InitializeResult => {
    const opened = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
    scripts.workspaceFolder = opened[0] ? filePath(opened[0]) : undefined;
    folders.setFolders(opened);
    const capabilities = params.capabilities;
    canWatch = capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    // A client pulls diagnostics instead of receiving them only when it can also be told to pull again (a changed
    // podc.json changes every script's diagnostics); pushing and pulling both would show everything twice.
    pull.refresh = capabilities.workspace?.diagnostics?.refreshSupport === true;
    pull.pull = capabilities.textDocument?.diagnostic !== undefined && pull.refresh;
    pull.inlayHintRefresh = capabilities.workspace?.inlayHint?.refreshSupport === true;
    const prepareRename = capabilities.textDocument?.rename?.prepareSupport === true;
    markup = hoverMarkup(capabilities.textDocument?.hover?.contentFormat);
    // LSP has no way to say which commands a client runs itself; ours say so in their initialization options.
    const clientCommands = (params.initializationOptions as { clientCommands?: unknown } | undefined)?.clientCommands;
    tableRead = Array.isArray(clientCommands) && clientCommands.includes(TABLE_READ_COMMAND);
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        completionProvider: { triggerCharacters: TRIGGER_CHARACTERS },
        hoverProvider: true,
        documentSymbolProvider: true,
        foldingRangeProvider: true,
        definitionProvider: true,
        renameProvider: prepareRename ? { prepareProvider: true } : true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.SourceFixAll] },
        documentFormattingProvider: true,
        diagnosticProvider: { interFileDependencies: false, workspaceDiagnostics: true },
        referencesProvider: true,
        documentHighlightProvider: true,
        workspaceSymbolProvider: true,
        semanticTokensProvider: { legend: SEMANTIC_TOKENS_LEGEND, full: true, range: true },
        inlayHintProvider: true,
        ...(tableRead && { codeLensProvider: { resolveProvider: false } }),
      },
      serverInfo: { name: "podc" },
    };
  });
  connection.onInitialized(() => {
    if (canWatch) {
      // Refused, or never answered because the connection closed first (a frame it could not read): the server goes on
      // without the editor's file events, since each analysis looks at podc.json itself. Left unhandled, the library's
      // rejection would end the process with a stack trace instead of the one line saying why.
      connection.client
        .register(DidChangeWatchedFilesNotification.type, {
          watchers: [{ globPattern: "**/podc.json" }, { globPattern: SCRIPT_GLOB }],
        })
        .catch(() => {});
    } else {
      // Nothing will say that podc.json changed while the writer edits it elsewhere: look now and then (unref'd, so
      // it never keeps the process alive).
      setInterval(() => guarded(connection, () => scripts.workspace.configs.checkChanged()), CONFIG_CHECK_MS).unref();
    }
  });

  scripts.listen(connection);
  // A lexicon file may have any name: each one in use is watched as it is found, by its name.
  const watchedNames = new Set<string>();
  const watchLexicon = (path: string) => {
    const globPattern = `**/${basename(path)}`;
    if (!canWatch || watchedNames.has(globPattern)) return;
    watchedNames.add(globPattern);
    connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern }] }).catch(() => {});
  };
  addDiagnosticsHandler(connection, scripts, inbox, folders, pull, watchLexicon);
  addCompletionHandler(connection, scripts);
  addHoverHandler(connection, scripts, () => markup);
  addSymbolsHandler(connection, scripts);
  addFoldingHandler(connection, scripts);
  addDefinitionHandler(connection, scripts);
  addRenameHandler(connection, scripts);
  addCodeActionsHandler(connection, scripts);
  addFormattingHandler(connection, scripts);
  addReferencesHandler(connection, scripts, folders);
  addWorkspaceSymbolsHandler(connection, scripts, folders);
  addSemanticTokensHandler(connection, scripts);
  addInlayHintsHandler(connection, scripts);
  addCodeLensHandler(connection, scripts, () => tableRead);
  addStatsHandler(connection, scripts);
  addShowHandler(connection, scripts);
  connection.listen();
}
