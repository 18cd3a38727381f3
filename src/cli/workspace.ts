import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import { loadConfigFor, type LoadedConfig } from "../config/load.js";
import { hasErrors } from "../diagnostics/diagnostic.js";

/** Configuration lookups for many scripts at once: each folder's podc.json is read once. */
export class Workspace {
  private readonly byDir = new Map<string, LoadedConfig>();

  configFor(scriptPath: string): LoadedConfig {
    const dir = dirname(scriptPath);
    let loaded = this.byDir.get(dir);
    if (!loaded) {
      loaded = loadConfigFor(dir);
      this.byDir.set(dir, loaded);
    }
    return loaded;
  }

  /** Every distinct configuration file seen so far that has errors. */
  brokenConfigs(): LoadedConfig[] {
    const seen = new Map<string, LoadedConfig>();
    for (const loaded of this.byDir.values()) {
      if (loaded.path && hasErrors(loaded.diagnostics)) seen.set(loaded.path, loaded);
    }
    return [...seen.values()];
  }
}

/** Reads a script's bytes, or says in one line why it cannot. */
export function readScript(path: string): { bytes: Uint8Array } | { error: string } {
  try {
    return { bytes: readFileSync(path) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a folder" : code === "EACCES" ? "permission denied" : code ?? "unreadable";
    return { error: reason };
  }
}
