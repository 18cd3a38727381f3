import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { TextDocuments, type Connection } from "vscode-languageserver";
import { TextDocument } from "vscode-languageserver-textdocument";
import type { Analysis } from "../compile.js";
import { loadConfigFor, type LoadedConfig } from "../config/load.js";
import { defaultConfig } from "../config/schema.js";
import { PartAnalyzer } from "./incremental.js";
import { PositionMap } from "./positions.js";

// Every feature reads the same analysis of a document: it is made at most once per document version (usually
// right after the change, for diagnostics) and shared by completion, hover, symbols and the rest. The analysis
// is the library's `analyze`, the one `podc check` runs, with the podc.json that governs the script's folder; a
// long script is analysed in parts so that only what changed is analysed again (incremental.ts).

/** One open script at one version, analysed. */
export interface ScriptState {
  uri: string;
  version: number;
  document: TextDocument;
  /** Equal to `analyze`'s for the same text and configuration, without the plan (no feature needs it). */
  analysis: Analysis;
  /** Whether the analysis was assembled from parts rather than made whole. */
  assembled: boolean;
  /** The configuration the script was analysed with, and the podc.json it came from, if any. */
  loaded: LoadedConfig;
  positions: PositionMap;
}

/** The open documents and their analyses, plus the configurations that govern them. */
export class Scripts {
  readonly documents = new TextDocuments(TextDocument);
  private readonly states = new Map<string, ScriptState>();
  private readonly analyzers = new Map<string, PartAnalyzer>();
  /** LoadedConfig by folder, as `podc check` reads each folder's configuration once. */
  private readonly configs = new Map<string, LoadedConfig>();
  /** Folder whose podc.json governs buffers that are not files yet (untitled documents). */
  workspaceFolder: string | undefined;

  listen(connection: Connection): void {
    this.documents.listen(connection);
    this.documents.onDidClose((event) => {
      this.states.delete(event.document.uri);
      this.analyzers.delete(event.document.uri);
    });
  }

  /** The analysis of the current version of an open document; undefined when the document is not open. */
  get(uri: string): ScriptState | undefined {
    const document = this.documents.get(uri);
    if (!document) return undefined;
    const cached = this.states.get(uri);
    if (cached && cached.version === document.version) return cached;
    const path = filePath(uri);
    const loaded = this.configFor(path === undefined ? this.workspaceFolder : dirname(path));
    let analyzer = this.analyzers.get(uri);
    if (!analyzer) {
      analyzer = new PartAnalyzer(path ?? uri, loaded.config);
      this.analyzers.set(uri, analyzer);
    }
    const { analysis, assembled } = analyzer.analyze(document.getText());
    const state: ScriptState = {
      uri,
      version: document.version,
      document,
      analysis,
      assembled,
      loaded,
      positions: new PositionMap(document),
    };
    this.states.set(uri, state);
    return state;
  }

  /** Forgets every configuration and analysis: a podc.json was created, changed or deleted. */
  configChanged(): void {
    this.configs.clear();
    this.states.clear();
    this.analyzers.clear();
  }

  /** Makes every later analysis of `uri` whole: its assembled analysis was found to differ from the whole one. */
  analyzeWhole(uri: string): void {
    const state = this.states.get(uri);
    if (!state) return;
    this.analyzers.set(uri, new PartAnalyzer(filePath(uri) ?? uri, state.loaded.config, Infinity));
    this.states.delete(uri);
  }

  /** The configurations read so far that come from a podc.json (not the defaults). */
  configFiles(): LoadedConfig[] {
    const byPath = new Map<string, LoadedConfig>();
    for (const loaded of this.configs.values()) if (loaded.path) byPath.set(loaded.path, loaded);
    return [...byPath.values()];
  }

  private configFor(dir: string | undefined): LoadedConfig {
    if (dir === undefined) return { config: defaultConfig(), diagnostics: [] };
    let loaded = this.configs.get(dir);
    if (!loaded) {
      loaded = loadConfigFor(dir);
      this.configs.set(dir, loaded);
    }
    return loaded;
  }
}

/** The file-system path of a `file:` URI; undefined for other schemes (untitled buffers, virtual files). */
export function filePath(uri: string): string | undefined {
  if (!uri.startsWith("file:")) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}
