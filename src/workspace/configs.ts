import { statSync } from "node:fs";
import { defaultConfig } from "../config/defaults.js";
import { configFingerprint, findConfig, lexiconFilePath } from "../config/find.js";
import type { LoadedConfig } from "../config/load.js";
import { hasErrors } from "../diagnostics/diagnostic.js";

// The one cache of podc.json files, for both fronts: each folder's configuration is read once. Reading one needs its
// validator (config/load.ts, and zod with it), the largest thing a short command or the language server would load; a
// project without podc.json never needs it, so it is loaded only when a podc.json governs a script asked about
// (`ready`). A long-running front (the language server) asks for `live` configurations: the podc.json in use is then
// compared by size and modification time at each lookup (a stat per folder up to it), because many editors never say
// that it changed; a command reads each one once. The lexicon file a podc.json names (`speech.lexiconFile`) is part of
// its configuration: it is compared the same way.

type Loader = (dir: string) => LoadedConfig;

interface FolderConfig {
  loaded: LoadedConfig;
  fingerprint: string;
}

/** The configurations governing the folders of a project, by folder. */
export class ProjectConfigs {
  private readonly byDir = new Map<string, FolderConfig>();
  private readonly listeners: (() => void)[] = [];
  private load: Loader | undefined;
  private loading: Promise<void> | undefined;
  /** Whether a script was judged without the podc.json that governs it, because its reader was not loaded yet. */
  private judgedWithout = false;

  /** `live`: notice a podc.json created, changed or deleted since it was read (see above). */
  constructor(private readonly live = false) {}

  /**
   * What must finish before the configurations of `dirs` can be read: the loading of the podc.json reader when a
   * podc.json governs one of them (any folder, without `dirs`) and it is not loaded yet; else undefined.
   */
  ready(dirs?: readonly string[]): Promise<void> | undefined {
    if (this.load) return undefined;
    if (dirs !== undefined && !dirs.some((dir) => findConfig(dir) !== undefined)) return undefined;
    return this.loadReader();
  }

  private loadReader(): Promise<void> {
    this.loading ??= import("../config/load.js").then(
      ({ loadConfigFor }) => {
        this.load = loadConfigFor;
        const rejudge = this.judgedWithout;
        this.judgedWithout = false;
        if (rejudge) this.forget();
      },
      (error: unknown) => {
        this.loading = undefined;
        throw error;
      },
    );
    return this.loading;
  }

  /** Calls `listener` whenever a podc.json in use was created, changed or deleted (after the cache is cleared). */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** The configuration governing scripts in `dir`: the defaults when no podc.json does. */
  configFor(dir: string): LoadedConfig {
    let entry = this.byDir.get(dir);
    if (entry && this.live && fingerprintOf(dir, entry.loaded) !== entry.fingerprint) {
      this.forget();
      entry = undefined;
    }
    if (entry) return entry.loaded;
    const fingerprint = configFingerprint(dir);
    if (fingerprint !== "" && !this.load) {
      if (!this.live) throw new Error("internal: a podc.json appeared that was not made ready; call ready() first");
      // A podc.json that no message announced (created since the script was opened): until its reader is loaded the
      // script is judged without it, and judged again as soon as it is.
      this.judgedWithout = true;
      this.loadReader().catch(() => undefined);
      return NO_CONFIG;
    }
    const loaded = this.load ? this.load(dir) : { config: defaultConfig(), diagnostics: [] };
    entry = { loaded, fingerprint: fingerprint + lexiconStamp(loaded) };
    this.byDir.set(dir, entry);
    return entry.loaded;
  }

  /** Forgets every configuration read (a podc.json was created, changed or deleted), and tells the listeners. */
  forget(): void {
    this.byDir.clear();
    for (const listener of this.listeners) listener();
  }

  /** Looks at every podc.json in use (a few stats); when one was created, changed or deleted, acts as forget(). */
  checkChanged(): void {
    for (const [dir, entry] of this.byDir) {
      if (fingerprintOf(dir, entry.loaded) === entry.fingerprint) continue;
      this.forget();
      return;
    }
  }

  /** The lexicon files the podc.json files read so far name (`speech.lexiconFile`), absolute, read or not. */
  lexiconFiles(): string[] {
    return this.files()
      .map(lexiconFileOf)
      .filter((path) => path !== undefined);
  }

  /** Every distinct podc.json read so far (not the defaults). */
  files(): LoadedConfig[] {
    const byPath = new Map<string, LoadedConfig>();
    for (const { loaded } of this.byDir.values()) if (loaded.path) byPath.set(loaded.path, loaded);
    return [...byPath.values()];
  }

  /** Every distinct podc.json read so far that has errors. */
  broken(): LoadedConfig[] {
    return this.files().filter((loaded) => hasErrors(loaded.diagnostics));
  }
}

/** The lexicon file `loaded`'s podc.json names, absolute, whether it could be read or not. */
function lexiconFileOf(loaded: LoadedConfig): string | undefined {
  const named = loaded.config.speech.lexiconFile;
  return loaded.path === undefined || named === undefined ? undefined : lexiconFilePath(loaded.path, named);
}

/** The size and time of the lexicon file `loaded` names; "" when it names none. */
function lexiconStamp(loaded: LoadedConfig): string {
  const path = lexiconFileOf(loaded);
  if (path === undefined) return "";
  try {
    const stat = statSync(path);
    return `\0${stat.size}\0${stat.mtimeMs}`;
  } catch {
    return "\0unreadable"; // gone, or never there: reading it says why
  }
}

/** What says that the configuration of `dir` changed since `loaded` was read: podc.json's fingerprint and its lexicon's. */
function fingerprintOf(dir: string, loaded: LoadedConfig): string {
  return configFingerprint(dir) + lexiconStamp(loaded);
}

/** The configuration of a script in no folder (an editor's untitled buffer outside any workspace). */
export const NO_CONFIG: LoadedConfig = { config: defaultConfig(), diagnostics: [] };
