import { readFileSync } from "node:fs";
import { decode, type Decoded } from "../parser/decode.js";
import { dirname } from "node:path";
import { defaultConfig } from "../config/defaults.js";
import { findConfig } from "../config/find.js";
import type { LoadedConfig } from "../config/load.js";
import { hasErrors } from "../diagnostics/diagnostic.js";

type Loader = (dir: string) => LoadedConfig;

/** Configuration lookups for many scripts at once: each folder's podc.json is read once. */
export class Workspace {
  private readonly byDir = new Map<string, LoadedConfig>();

  /** `load` reads and validates a podc.json (config/load.ts); without one, only folders without podc.json work. */
  constructor(private readonly load?: Loader) {}

  /**
   * A workspace for these scripts that loads the configuration validator only when one of them has a podc.json:
   * validating needs zod, and a project without configuration should not pay for loading it.
   */
  static async forScripts(scripts: readonly string[]): Promise<Workspace> {
    if (!scripts.some((script) => findConfig(dirname(script)))) return new Workspace();
    const { loadConfigFor } = await import("../config/load.js");
    return new Workspace(loadConfigFor);
  }

  configFor(scriptPath: string): LoadedConfig {
    const dir = dirname(scriptPath);
    let loaded = this.byDir.get(dir);
    if (!loaded) {
      if (this.load) loaded = this.load(dir);
      else if (!findConfig(dir)) loaded = { config: defaultConfig(), diagnostics: [] };
      else throw new Error("internal: a podc.json appeared that this workspace cannot read; use Workspace.forScripts");
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
    const reason = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a folder" : code === "EACCES" ? "permission denied" : (code ?? "unreadable");
    return { error: reason };
  }
}

/**
 * A script read by readScript, decoded for analyze, with the bytes let go: the caller's `read` no longer holds them, so
 * a long script is not in memory twice (bytes and text) while it is checked. Over `maxBytes` the bytes are handed on
 * undecoded, for analyze to report the size without decoding it.
 */
export function decodeScript(read: { bytes?: Uint8Array }, maxBytes: number): Uint8Array | Decoded {
  const bytes = read.bytes ?? new Uint8Array(0);
  if (bytes.byteLength > maxBytes) return bytes;
  read.bytes = undefined;
  return decode(bytes);
}
