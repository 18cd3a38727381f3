import { dirname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Connection, Diagnostic as LspDiagnostic, FullDocumentDiagnosticReport, WorkspaceFullDocumentDiagnosticReport } from "vscode-languageserver";
import { DiagnosticSeverity, DocumentDiagnosticReportKind } from "./protocol.js";
import { TextDocument } from "vscode-languageserver-textdocument";
import { CONFIG_FILE } from "../config/find.js";
import { fileOf, type LoadedConfig } from "../config/load.js";
import { capDiagnostics } from "../diagnostics/cap.js";
import { hasErrors, type Diagnostic, type Severity } from "../diagnostics/diagnostic.js";
import type { ScriptState, Scripts } from "./documents.js";
import type { Inbox } from "./stdio.js";
import { PositionMap } from "./positions.js";
import { filePath, isScriptUri, type ScriptFolders } from "../workspace/find-scripts.js";
import { scriptId } from "../workspace/includes.js";

// Diagnostics are pushed after every change, the whole list with the document's version — or pulled, by clients that
// ask for them (textDocument/diagnostic), including for scripts that are not open. A burst of changes is analysed
// once: the analysis is deferred to the next turn of the event loop, and skipped when the inbox already holds a
// newer version of the document (that version's own change will publish).
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

/**
 * The diagnostics the editor shows for a script: podc check's, as many as it prints (`limits.diagnosticsPerFile`,
 * then one saying how many more), or the one saying podc.json must be fixed first.
 */
function scriptDiagnostics(state: ScriptState): LspDiagnostic[] {
  const { loaded, positions } = state;
  if (hasErrors(loaded.diagnostics)) return [configBlocks(loaded)];
  return capDiagnostics(state.diagnostics, loaded.config.limits.diagnosticsPerFile).map((d) => toLspDiagnostic(d, positions));
}

/**
 * Publishes each open script's diagnostics on open and change (unless the client pulls them), clears them on close,
 * re-checks every open script when a podc.json or the lexicon file it names changes, and answers pull requests for any
 * script. `watch` is told of each lexicon file in use, so that the editor can be asked to say when it changes.
 */
export function addDiagnosticsHandler(
  connection: Connection,
  scripts: Scripts,
  inbox: Inbox,
  folders: ScriptFolders,
  options: { pull: boolean; refresh: boolean; inlayHintRefresh: boolean },
  watch: (path: string) => void = () => {},
): void {
  const pending = new Set<string>();
  /** What was last published for each podc.json, so an unchanged configuration is not sent again. */
  const publishedConfigs = new Map<string, string>();

  /** Publishes what is wrong with each podc.json in use; with `prune`, clears those no longer in use (deleted). */
  const publishConfigs = (prune: boolean) => {
    const inUse = new Set<string>();
    // Watched read or not: a lexicon file that is missing now is noticed when it is made.
    for (const path of scripts.workspace.configs.lexiconFiles()) watch(path);
    for (const loaded of scripts.workspace.configs.files()) {
      for (const path of [loaded.path!, ...(loaded.lexicon ? [loaded.lexicon.path] : [])]) {
        const uri = pathToFileURL(path).href;
        inUse.add(uri);
        const diagnostics = configDiagnostics(uri, loaded, path);
        const key = JSON.stringify(diagnostics);
        if ((publishedConfigs.get(uri) ?? "[]") === key) continue;
        publishedConfigs.set(uri, key);
        void connection.sendDiagnostics({ uri, diagnostics });
      }
    }
    if (!prune) return;
    for (const uri of publishedConfigs.keys()) {
      if (inUse.has(uri)) continue;
      publishedConfigs.delete(uri);
      void connection.sendDiagnostics({ uri, diagnostics: [] });
    }
  };

  const publishScript = (uri: string) => {
    if (options.pull) return; // the client asks when it wants them
    const state = scripts.get(uri);
    if (!state) return;
    void connection.sendDiagnostics({ uri, version: state.version, diagnostics: scriptDiagnostics(state) });
  };

  const schedule = (uri: string) => {
    if (pending.has(uri)) return;
    pending.add(uri);
    setImmediate(() => {
      pending.delete(uri);
      const document = scripts.documents.get(uri);
      if (!document || inbox.isSuperseded(uri, document.version)) return;
      guarded(connection, () => {
        publishScript(uri);
        publishConfigs(false);
      });
    });
  };

  let recheckPending = false;
  scripts.workspace.configs.onChange(() => {
    // Deferred: the change may be noticed in the middle of another request's analysis.
    if (recheckPending) return;
    recheckPending = true;
    setImmediate(() => {
      recheckPending = false;
      guarded(connection, () => {
        for (const document of scripts.documents.all()) publishScript(document.uri);
        publishConfigs(true);
        if (options.pull && options.refresh) void connection.languages.diagnostics.refresh();
        // Hints show voices and costs, which come from podc.json too.
        if (options.inlayHintRefresh) void connection.languages.inlayHint.refresh();
      });
    });
  });

  scripts.documents.onDidChangeContent((event) => schedule(event.document.uri));
  scripts.documents.onDidClose((event) => {
    if (!options.pull) void connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] });
  });
  connection.onDidChangeWatchedFiles((params) => {
    // The lexicon file a podc.json names is part of its configuration, as podc.json is.
    const lexicons = new Set(scripts.workspace.configs.lexiconFiles());
    const configChanged = (uri: string) => uri.endsWith(`/${CONFIG_FILE}`) || lexicons.has(filePath(uri) ?? "");
    if (params.changes.some((change) => configChanged(change.uri))) scripts.workspace.configs.forget();
    const changed = params.changes.filter((change) => isScriptUri(change.uri));
    if (changed.length > 0) {
      folders.changed();
      // A script on disk changed: an open one that includes it is analysed again (analyses.ts sees what changed).
      for (const document of scripts.documents.all()) schedule(document.uri);
      // A client that pulls is told to pull again when an open script includes it: the summary at the include (POD0913)
      // and the costs the hints show move with the part.
      if (options.pull || options.inlayHintRefresh) {
        const paths = new Set(
          changed
            .map((change) => filePath(change.uri))
            .filter((path) => path !== undefined)
            .map(scriptId),
        );
        guarded(connection, () => {
          const includers = scripts.documents.all().filter((document) => !paths.has(scriptId(filePath(document.uri) ?? "")));
          if (!includers.some((document) => performs(scripts.get(document.uri), paths))) return;
          if (options.pull && options.refresh) void connection.languages.diagnostics.refresh();
          if (options.inlayHintRefresh) void connection.languages.inlayHint.refresh();
        });
      }
    }
  });

  connection.languages.diagnostics.on((params): FullDocumentDiagnosticReport => {
    const state = scripts.read(params.textDocument.uri);
    if (state) publishConfigs(false);
    return { kind: DocumentDiagnosticReportKind.Full, items: state ? scriptDiagnostics(state) : [] };
  });
  connection.languages.diagnostics.onWorkspace(async () => {
    const items: WorkspaceFullDocumentDiagnosticReport[] = [];
    for (const uri of await folders.scripts()) {
      if (scripts.documents.get(uri)) continue; // open documents are pulled one by one
      const state = scripts.read(uri);
      if (state) items.push({ kind: DocumentDiagnosticReportKind.Full, uri, version: null, items: scriptDiagnostics(state) });
    }
    return { items };
  });
}

/** Whether an open script performs one of the scripts at `paths` (ids, as scriptId makes them): it includes it, at any depth. */
function performs(state: ScriptState | undefined, paths: ReadonlySet<string>): boolean {
  if (state === undefined) return false;
  const { included, script } = state.analysis;
  if (included?.some((part) => paths.has(part.id))) return true;
  // A part that is gone, or was missing until now, is in no analysis: the include that names it says it.
  const from = filePath(state.uri);
  return from !== undefined && script.body.some((e) => e.type === "Include" && paths.has(scriptId(resolve(dirname(from), e.path.text))));
}

/** Runs work deferred out of a handler: a failure is logged to the editor, never left to end the process. */
export function guarded(connection: Connection, work: () => void): void {
  try {
    work();
  } catch (error) {
    connection.console.error(`podc: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
}

/** The diagnostics of the file `path` of a configuration: podc.json, or the lexicon file it names. */
function configDiagnostics(uri: string, loaded: LoadedConfig, path = loaded.path): LspDiagnostic[] {
  const into = path === loaded.path ? loaded.source : loaded.lexicon?.source;
  const positions = new PositionMap(TextDocument.create(uri, "json", 0, into?.text ?? ""));
  return loaded.diagnostics.filter((d) => fileOf(loaded, d).path === path).map((d) => toLspDiagnostic(d, positions));
}

/** The one diagnostic of a script whose podc.json has errors, pointing at the first of them. */
function configBlocks(loaded: LoadedConfig): LspDiagnostic {
  const first = loaded.diagnostics.find((d) => d.severity === "error")!;
  const into = fileOf(loaded, first);
  const uri = pathToFileURL(into.path!).href;
  const positions = new PositionMap(TextDocument.create(uri, "json", 0, into.source?.text ?? ""));
  return {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: DiagnosticSeverity.Error,
    code: first.code,
    source: "podc",
    message: `${CONFIG_FILE} has errors, so this script is not checked until they are fixed: ${first.message}`,
    relatedInformation: [{ location: { uri, range: positions.range(first.span) }, message: first.message }],
  };
}
