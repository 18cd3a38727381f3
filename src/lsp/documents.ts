import { dirname } from "node:path";
import type { Connection } from "vscode-languageserver";
import { TextDocuments } from "./protocol.js";
import { TextDocument } from "vscode-languageserver-textdocument";
import type { Analysis, Plan } from "../compile.js";
import type { LoadedConfig } from "../config/load.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { ScriptAnalysis } from "../workspace/analyses.js";
import { NO_CONFIG } from "../workspace/configs.js";
import { filePath } from "../workspace/find-scripts.js";
import { Workspace } from "../workspace/workspace.js";
import { PositionMap } from "./positions.js";

// Every feature reads the same analysis of a document, the workspace's (src/workspace/): made at most once per
// document version (usually right after the change, for diagnostics) and shared by completion, hover, symbols and the
// rest. It is the library's `analyze`, the one `podc check` runs, with the podc.json that governs the script's folder;
// the diagnostics of an open document come first, and cheaply (`npm run bench -- --only lsp` measures them).
//
// The workspace's configurations are live: the podc.json in use is checked before each analysis by its size and
// modification time, because many editors never tell the server that it changed (Neovim and Vim send no file-watch
// notifications); and every few seconds while the writer types nothing (lsp/server.ts), so a cast fixed in another
// window shows at once. When it changed, every configuration and analysis is forgotten and the listeners are told, to
// re-check every open script. Editors that do send didChangeWatchedFiles get the same at once
// (lsp/diagnostics.ts).
//
// Reading a podc.json needs its validator (and zod with it), the largest thing the server would load before its first
// diagnostics; a project without podc.json never needs it. So it is loaded when a message names a script that a
// podc.json governs, before that message is handled (the inbox holds it: see ready()), and then once for good.

/** One script at one version, analysed: an open document, or a file read from disk. */
export interface ScriptState {
  uri: string;
  version: number;
  document: TextDocument;
  /** `analyze`'s for the same text and configuration, without the plan; made on first use. */
  readonly analysis: Analysis;
  /** The analysis's diagnostics, sorted, found without making the whole analysis when the script allows it. */
  diagnostics: Diagnostic[];
  /** The requests lowering makes of the script, even while it has errors; made on first use. */
  readonly plan: Plan;
  /** The configuration the script was analysed with, and the podc.json it came from, if any. */
  loaded: LoadedConfig;
  positions: PositionMap;
}

/** The open documents and the workspace's analyses of them. */
export class Scripts {
  readonly documents = new TextDocuments(TextDocument);
  readonly workspace = new Workspace({ live: true });
  /** Folder whose podc.json governs buffers that are not files yet (untitled documents). */
  workspaceFolder: string | undefined;

  constructor() {
    this.workspace.configs.onChange(() => this.workspace.analyses.clear());
  }

  /**
   * What must finish before a message about `uri` is handled: the loading of the podc.json reader when a podc.json
   * governs the script and the reader is not loaded yet, else undefined. Without `uri` (a message about every script
   * of the workspace, whose folders may each have one), the reader is loaded if it is not yet.
   */
  ready(uri?: string): Promise<void> | undefined {
    if (uri === undefined) return this.workspace.configs.ready();
    const dir = this.folderOf(uri);
    return dir === undefined ? undefined : this.workspace.configs.ready([dir]);
  }

  listen(connection: Connection): void {
    this.documents.listen(connection);
    this.documents.onDidClose((event) => this.workspace.analyses.close(event.document.uri));
  }

  /** The analysis of the current version of an open document; undefined when the document is not open. */
  get(uri: string): ScriptState | undefined {
    const document = this.documents.get(uri);
    if (!document) return undefined;
    const analysed = this.workspace.analyses.ofVersion(uri, filePath(uri) ?? uri, document.version, () => document.getText(), this.configForUri(uri));
    return newState(uri, document, analysed);
  }

  /**
   * The analysis of a script whether it is open or not: an open document's current version, else the file on disk
   * (cached until its size or time changes). Undefined when it is neither open nor a readable file.
   */
  read(uri: string): ScriptState | undefined {
    const open = this.get(uri);
    if (open) return open;
    const path = filePath(uri);
    if (path === undefined) return undefined;
    const found = this.workspace.analyses.ofFile(uri, path, this.configForUri(uri));
    if (found === undefined) return undefined;
    return newState(uri, TextDocument.create(uri, "pod", 0, found.text), found.analysed);
  }

  /** The folder a script's podc.json is looked for from: its own, or the workspace's for an untitled buffer. */
  private folderOf(uri: string): string | undefined {
    const path = filePath(uri);
    return path === undefined ? this.workspaceFolder : dirname(path);
  }

  /** The configuration governing `uri` (defaults outside a folder), read again when its podc.json changed. */
  configForUri(uri: string): LoadedConfig {
    const dir = this.folderOf(uri);
    return dir === undefined ? NO_CONFIG : this.workspace.configs.configFor(dir);
  }
}

function newState(uri: string, document: TextDocument, analysed: ScriptAnalysis): ScriptState {
  return {
    uri,
    version: analysed.version,
    document,
    get analysis() {
      return analysed.analysis;
    },
    diagnostics: analysed.diagnostics,
    get plan() {
      return analysed.plan;
    },
    loaded: analysed.loaded,
    positions: new PositionMap(document),
  };
}
