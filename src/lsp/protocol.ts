// The values the server takes from the protocol library, all taken here. The library is CommonJS, and the bundle gives
// every module that imports it a namespace of its own: a copy of its three hundred exports, made at start-up, once per
// importing module. Importing from here makes that copy once. Types may come from the library directly (they cost
// nothing at run time).

export {
  AbstractMessageBuffer,
  CodeActionKind,
  CompletionItemKind,
  createConnection,
  createProtocolConnection,
  DiagnosticSeverity,
  DidChangeWatchedFilesNotification,
  Disposable,
  DocumentDiagnosticReportKind,
  DocumentHighlightKind,
  ErrorCodes,
  FoldingRangeKind,
  InlayHintKind,
  LSPErrorCodes,
  MarkupKind,
  RAL,
  ReadableStreamMessageReader,
  ResponseError,
  SymbolKind,
  TextDocuments,
  TextDocumentSyncKind,
  WriteableStreamMessageWriter,
} from "vscode-languageserver";
