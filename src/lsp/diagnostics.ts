import { pathToFileURL } from "node:url";
import { DiagnosticSeverity, type Connection, type Diagnostic as LspDiagnostic } from "vscode-languageserver";
import { TextDocument } from "vscode-languageserver-textdocument";
import { CONFIG_FILE, type LoadedConfig } from "../config/load.js";
import { hasErrors, type Diagnostic, type Severity } from "../diagnostics/diagnostic.js";
import type { Scripts } from "./documents.js";
import { PositionMap } from "./positions.js";

// Diagnostics are pushed: after every change the document is analysed again and the whole list is published with
// the document's version. Analysis is fast enough (`npm run bench -- --only lsp`) that no debounce is needed; a burst of changes
// already waiting in the connection's queue is coalesced into one analysis by deferring to the next turn.
//
// A broken podc.json is treated as `podc check` treats it: its own problems are published on podc.json, and the
// scripts it governs are not judged (their speakers and voices depend on it) — each shows one diagnostic saying so.

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
};

/** A library diagnostic as the editor shows it: same code, message and help as `podc check`, on the exact span. */
export function toLspDiagnostic(d: Diagnostic, positions: PositionMap): LspDiagnostic {
  return {
    range: positions.range(d.span),
    severity: SEVERITY[d.severity],
    code: d.code,
    source: "podc",
    message: d.help === undefined ? d.message : `${d.message}\nhelp: ${d.help}`,
  };
}

/** Publishes each open script's diagnostics on open and change, clears them on close, re-checks on podc.json changes. */
export function addDiagnosticsHandler(connection: Connection, scripts: Scripts): void {
  const pending = new Set<string>();
  /** What was last published for each podc.json, so an unchanged configuration is not sent again. */
  const publishedConfigs = new Map<string, string>();

  /** Publishes what is wrong with each podc.json in use; with `prune`, clears those no longer in use (deleted). */
  const publishConfigs = (prune: boolean) => {
    const inUse = new Set<string>();
    for (const loaded of scripts.configFiles()) {
      const uri = pathToFileURL(loaded.path!).href;
      inUse.add(uri);
      const diagnostics = configDiagnostics(uri, loaded);
      const key = JSON.stringify(diagnostics);
      if ((publishedConfigs.get(uri) ?? "[]") === key) continue;
      publishedConfigs.set(uri, key);
      void connection.sendDiagnostics({ uri, diagnostics });
    }
    if (!prune) return;
    for (const uri of publishedConfigs.keys()) {
      if (inUse.has(uri)) continue;
      publishedConfigs.delete(uri);
      void connection.sendDiagnostics({ uri, diagnostics: [] });
    }
  };

  const publishScript = (uri: string) => {
    const state = scripts.get(uri);
    if (!state) return;
    const { loaded, positions } = state;
    const diagnostics = hasErrors(loaded.diagnostics)
      ? [configBlocks(loaded)]
      : state.analysis.diagnostics.map((d) => toLspDiagnostic(d, positions));
    void connection.sendDiagnostics({ uri, version: state.version, diagnostics });
  };

  const publish = (uri: string) => {
    publishScript(uri);
    publishConfigs(false);
  };

  const schedule = (uri: string) => {
    if (pending.has(uri)) return;
    pending.add(uri);
    setImmediate(() => {
      pending.delete(uri);
      publish(uri);
    });
  };

  scripts.documents.onDidChangeContent((event) => schedule(event.document.uri));
  scripts.documents.onDidClose((event) => {
    void connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] });
  });
  connection.onDidChangeWatchedFiles((params) => {
    if (!params.changes.some((change) => change.uri.endsWith(`/${CONFIG_FILE}`))) return;
    scripts.configChanged();
    for (const document of scripts.documents.all()) publishScript(document.uri);
    publishConfigs(true);
  });
}

function configDiagnostics(uri: string, loaded: LoadedConfig): LspDiagnostic[] {
  const positions = new PositionMap(TextDocument.create(uri, "json", 0, loaded.source?.text ?? ""));
  return loaded.diagnostics.map((d) => toLspDiagnostic(d, positions));
}

/** The one diagnostic of a script whose podc.json has errors, pointing at the first of them. */
function configBlocks(loaded: LoadedConfig): LspDiagnostic {
  const first = loaded.diagnostics.find((d) => d.severity === "error")!;
  const uri = pathToFileURL(loaded.path!).href;
  const positions = new PositionMap(TextDocument.create(uri, "json", 0, loaded.source?.text ?? ""));
  return {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: DiagnosticSeverity.Error,
    code: first.code,
    source: "podc",
    message: `${CONFIG_FILE} has errors, so this script is not checked until they are fixed: ${first.message}`,
    relatedInformation: [{ location: { uri, range: positions.range(first.span) }, message: first.message }],
  };
}
