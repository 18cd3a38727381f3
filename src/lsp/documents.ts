import { readFileSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Connection } from "vscode-languageserver";
import { TextDocuments } from "./protocol.js";
import { TextDocument } from "vscode-languageserver-textdocument";
import { analyze, type Analysis } from "../compile.js";
import { defaultConfig } from "../config/defaults.js";
import { configFingerprint, findConfig } from "../config/find.js";
import type { LoadedConfig } from "../config/load.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { PositionMap } from "./positions.js";
import { SectionDiagnostics } from "./sections.js";

// Every feature reads the same analysis of a document: it is made at most once per document version (usually
// right after the change, for diagnostics) and shared by completion, hover, symbols and the rest. The analysis
// is the library's `analyze`, the one `podc check` runs, with the podc.json that governs the script's folder. The
// diagnostics of an open document come first, and cheaply: only the sections that changed since its previous version
// are analysed (sections.ts, exact); the whole analysis, which the other features read, is made when one first asks
// (`npm run bench -- --only lsp` measures the diagnostics against a whole analyze()).
//
// The podc.json in use is checked before each analysis by its size and modification time (a stat per folder up to
// it), because many editors never tell the server that it changed (Neovim and Vim send no file-watch notifications);
// and every few seconds while the writer types nothing (checkConfigs), so a cast fixed in another window shows at once.
// When it changed, every configuration and analysis is forgotten and the listeners are told, to re-check every open
// script. Editors that do send didChangeWatchedFiles get the same through configChanged().
//
// Reading a podc.json needs its validator (config/load.ts, and zod with it), the largest thing the server would load
// before its first diagnostics; a project without podc.json never needs it. So it is loaded when a message names a
// script that a podc.json governs, before that message is handled (the inbox holds it: see ready()), and then once
// for good.

/** One script at one version, analysed: an open document, or a file read from disk. */
export interface ScriptState {
  uri: string;
  version: number;
  document: TextDocument;
  /** `analyze`'s for the same text and configuration, without the plan (no feature needs it); made on first use. */
  readonly analysis: Analysis;
  /** The analysis's diagnostics, sorted, found without making the whole analysis when the script allows it. */
  diagnostics: Diagnostic[];
  /** The configuration the script was analysed with, and the podc.json it came from, if any. */
  loaded: LoadedConfig;
  positions: PositionMap;
}

interface FolderConfig {
  loaded: LoadedConfig;
  fingerprint: string;
}

/** The open documents and their analyses, plus the configurations that govern them. */
export class Scripts {
  readonly documents = new TextDocuments(TextDocument);
  private readonly states = new Map<string, ScriptState>();
  /** Each open document's sections and their diagnostics, reused from version to version. */
  private readonly sections = new Map<string, SectionDiagnostics>();
  /** Scripts read from disk (not open), by URI, with the file's size and time they were read at. */
  private readonly files = new Map<string, { stamp: string; state: ScriptState }>();
  /** LoadedConfig by folder, as `podc check` reads each folder's configuration once. */
  private readonly configs = new Map<string, FolderConfig>();
  private readonly configListeners: (() => void)[] = [];
  /** Folder whose podc.json governs buffers that are not files yet (untitled documents). */
  workspaceFolder: string | undefined;
  /** Reads and validates a podc.json; loaded on first need (see ready()). */
  private loadConfig: ((dir: string) => LoadedConfig) | undefined;
  private loading: Promise<void> | undefined;
  /** Whether a script was judged without the podc.json that governs it, because its reader was not loaded yet. */
  private judgedWithout = false;

  /**
   * What must finish before a message about `uri` is handled: the loading of the podc.json reader when a podc.json
   * governs the script and the reader is not loaded yet, else undefined. Without `uri` (a message about every script
   * of the workspace, whose folders may each have one), the reader is loaded if it is not yet.
   */
  ready(uri?: string): Promise<void> | undefined {
    if (this.loadConfig) return undefined;
    if (uri !== undefined) {
      const dir = this.folderOf(uri);
      if (dir === undefined || findConfig(dir) === undefined) return undefined;
    }
    return this.loadReader();
  }

  private loadReader(): Promise<void> {
    this.loading ??= import("../config/load.js").then(
      ({ loadConfigFor }) => {
        this.loadConfig = loadConfigFor;
        const rejudge = this.judgedWithout;
        this.judgedWithout = false;
        if (rejudge) this.configChanged();
      },
      (error: unknown) => {
        this.loading = undefined;
        throw error;
      },
    );
    return this.loading;
  }

  listen(connection: Connection): void {
    this.documents.listen(connection);
    this.documents.onDidClose((event) => {
      this.states.delete(event.document.uri);
      this.sections.delete(event.document.uri);
    });
  }

  /** Calls `listener` whenever a podc.json in use was created, changed or deleted (after the caches are cleared). */
  onConfigChange(listener: () => void): void {
    this.configListeners.push(listener);
  }

  /** The analysis of the current version of an open document; undefined when the document is not open. */
  get(uri: string): ScriptState | undefined {
    const document = this.documents.get(uri);
    if (!document) return undefined;
    const loaded = this.configForUri(uri);
    const cached = this.states.get(uri);
    if (cached && cached.version === document.version && cached.loaded === loaded) return cached;
    let sections = this.sections.get(uri);
    if (!sections) this.sections.set(uri, (sections = new SectionDiagnostics(filePath(uri) ?? uri)));
    const state = this.analyse(uri, document, loaded, sections);
    this.states.set(uri, state);
    return state;
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
    let stamp: string;
    let text: string;
    try {
      const stat = statSync(path);
      stamp = `${stat.size}\0${stat.mtimeMs}`;
      const cached = this.files.get(uri);
      const loaded = this.configForUri(uri);
      if (cached && cached.stamp === stamp && cached.state.loaded === loaded) return cached.state;
      text = readFileSync(path, "utf8");
      const state = this.analyse(uri, TextDocument.create(uri, "pod", 0, text), loaded);
      this.files.set(uri, { stamp, state });
      return state;
    } catch {
      this.files.delete(uri);
      return undefined;
    }
  }

  /** Forgets every configuration and analysis (a podc.json was created, changed or deleted), and tells the listeners. */
  configChanged(): void {
    this.configs.clear();
    this.states.clear();
    this.files.clear();
    for (const listener of this.configListeners) listener();
  }

  /** Looks at every podc.json in use (a few stats); when one was created, changed or deleted, acts as configChanged. */
  checkConfigs(): void {
    for (const [dir, entry] of this.configs) {
      if (configFingerprint(dir) === entry.fingerprint) continue;
      this.configChanged();
      return;
    }
  }

  /** The configurations read so far that come from a podc.json (not the defaults). */
  configFiles(): LoadedConfig[] {
    const byPath = new Map<string, LoadedConfig>();
    for (const { loaded } of this.configs.values()) if (loaded.path) byPath.set(loaded.path, loaded);
    return [...byPath.values()];
  }

  /** The folder a script's podc.json is looked for from: its own, or the workspace's for an untitled buffer. */
  private folderOf(uri: string): string | undefined {
    const path = filePath(uri);
    return path === undefined ? this.workspaceFolder : dirname(path);
  }

  /** The configuration governing `uri` (defaults outside a folder), read again when its podc.json changed. */
  configForUri(uri: string): LoadedConfig {
    const dir = this.folderOf(uri);
    if (dir === undefined) return NO_CONFIG;
    const fingerprint = configFingerprint(dir);
    let entry = this.configs.get(dir);
    if (entry && entry.fingerprint !== fingerprint) {
      this.configChanged();
      entry = undefined;
    }
    if (!entry) {
      if (fingerprint !== "" && !this.loadConfig) {
        // A podc.json that no message announced (created since the script was opened): until its reader is loaded the
        // script is judged without it, and judged again as soon as it is.
        this.judgedWithout = true;
        this.loadReader().catch(() => undefined);
        return NO_CONFIG;
      }
      entry = { loaded: this.loadConfig ? this.loadConfig(dir) : { config: defaultConfig(), diagnostics: [] }, fingerprint };
      this.configs.set(dir, entry);
    }
    return entry.loaded;
  }

  private analyse(uri: string, document: TextDocument, loaded: LoadedConfig, sections?: SectionDiagnostics): ScriptState {
    const text = document.getText();
    const whole = () => analyze(text, { file: filePath(uri) ?? uri, config: loaded.config, plan: false });
    let analysis: Analysis | undefined;
    const diagnostics = sections?.diagnostics(text, loaded.config) ?? (analysis = whole()).diagnostics;
    return {
      uri,
      version: document.version,
      document,
      get analysis() {
        return (analysis ??= whole());
      },
      diagnostics,
      loaded,
      positions: new PositionMap(document),
    };
  }
}

const NO_CONFIG: LoadedConfig = { config: defaultConfig(), diagnostics: [] };

/** The file-system path of a `file:` URI; undefined for other schemes (untitled buffers, virtual files). */
export function filePath(uri: string): string | undefined {
  if (!uri.startsWith("file:")) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

/** The `file:` URI of a path. */
export function fileUri(path: string): string {
  return pathToFileURL(path).href;
}
