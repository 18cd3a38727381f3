import { filePath, fileUri } from "./documents.js";

// The scripts of the workspace, for the features that look beyond the open documents: workspace symbols, references
// to a speaker in every script, workspace diagnostics. The folders are searched as `podc check` searches them
// (every .pod below, node_modules and dot-folders skipped), and Fountain screenplays with them, which the editor
// checks as it checks scripts. Editors that watch files say when scripts come and go;
// for the others the list is searched again when it is more than a few seconds old.

const STALE_MS = 3000;
const IGNORE = ["**/node_modules/**"];

/** The files the language server reads as scripts: .pod scripts and Fountain screenplays. */
export const SCRIPT_GLOB = "**/*.{pod,fountain}";

/** Whether a URI names a file the language server reads as a script. */
export function isScriptUri(uri: string): boolean {
  return /\.(pod|fountain)$/i.test(uri);
}

/** The .pod scripts and .fountain screenplays under the workspace folders the editor opened. */
export class Workspace {
  private folders: string[] = [];
  private found: { at: number; uris: Promise<string[]> } | undefined;

  /** Sets the folders from the editor's `initialize` (workspace folders, else the root). */
  setFolders(uris: readonly string[]): void {
    this.folders = uris.map(filePath).filter((path): path is string => path !== undefined);
    this.found = undefined;
  }

  /** A script was created or deleted: search again on next use. */
  changed(): void {
    this.found = undefined;
  }

  /** The URIs of every script under the folders, sorted. */
  scripts(): Promise<string[]> {
    if (this.found && Date.now() - this.found.at < STALE_MS) return this.found.uris;
    const uris = this.search();
    this.found = { at: Date.now(), uris };
    return uris;
  }

  private async search(): Promise<string[]> {
    if (this.folders.length === 0) return [];
    const { default: fg } = await import("fast-glob");
    const all = new Set<string>();
    for (const folder of this.folders) {
      const paths = await fg(SCRIPT_GLOB, { cwd: folder, absolute: true, dot: false, ignore: IGNORE, onlyFiles: true }).catch(() => []);
      for (const path of paths) all.add(fileUri(path));
    }
    return [...all].sort();
  }
}
