import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { TextDocuments, type Connection } from "vscode-languageserver";
import { TextDocument } from "vscode-languageserver-textdocument";
import { analyze, type Analysis } from "../compile.js";
import { loadConfigFor, type LoadedConfig } from "../config/load.js";
import { defaultConfig } from "../config/schema.js";
import { PositionMap } from "./positions.js";

// Every feature reads the same analysis of a document: it is made at most once per document version (usually
// right after the change, for diagnostics) and shared by completion, hover, symbols and the rest. The analysis
// is the library's `analyze`, the one `podc check` runs, with the podc.json that governs the script's folder. It is
// made whole every time: a 5,000-line script takes about 10 ms (`npm run bench -- --only lsp`), well inside an editor's budget.

/** One open script at one version, analysed. */
export interface ScriptState {
  uri: string;
  version: number;
  document: TextDocument;
  /** `analyze`'s for the same text and configuration, without the plan (no feature needs it). */
  analysis: Analysis;
  /** The configuration the script was analysed with, and the podc.json it came from, if any. */
  loaded: LoadedConfig;
  positions: PositionMap;
}

/** The open documents and their analyses, plus the configurations that govern them. */
export class Scripts {
  readonly documents = new TextDocuments(TextDocument);
  private readonly states = new Map<string, ScriptState>();
  /** LoadedConfig by folder, as `podc check` reads each folder's configuration once. */
  private readonly configs = new Map<string, LoadedConfig>();
  /** Folder whose podc.json governs buffers that are not files yet (untitled documents). */
  workspaceFolder: string | undefined;

  listen(connection: Connection): void {
    this.documents.listen(connection);
    this.documents.onDidClose((event) => {
      this.states.delete(event.document.uri);
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
    const analysis = analyze(document.getText(), { file: path ?? uri, config: loaded.config, plan: false });
    const state: ScriptState = {
      uri,
      version: document.version,
      document,
      analysis,
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
