import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import { analyze, type Analysis } from "../compile.js";
import type { LoadedConfig } from "../config/load.js";
import { Analyses } from "./analyses.js";
import { soundFileLookup } from "./sound-files.js";
import { ProjectConfigs } from "./configs.js";
import { ScriptFolders } from "./find-scripts.js";
import { includeReader, projectRoot, scriptId } from "./includes.js";

// The library's view of a project, under both fronts: the command line and the language server ask it for a script's
// configuration, its analysis and the project's scripts, and never reach into the pipeline (parser, checks, lowering)
// themselves. A command walks the scripts it was given (`each`); an editor asks for the analyses of what it shows.

/** One script of a project, with the configuration that governs it; read and analysed when asked. */
export interface ScriptInProject {
  /** Its absolute path. */
  file: string;
  /** Its path as the user is shown it, and as its plan and diagnostics name it. */
  shown: string;
  loaded: LoadedConfig;
  /** Reads and analyses it (the plan too unless `plan: false`); `error` says in one line why it cannot be read. */
  analyse(options?: { plan?: boolean }): { analysis: Analysis } | { error: string };
}

/** A project: its podc.json files, the scripts under the folders an editor opened, and the analyses an editor shows. */
export class Workspace {
  readonly configs: ProjectConfigs;
  readonly folders = new ScriptFolders();
  readonly analyses = new Analyses(readScript);

  /** `live`: for a long-running front, which notices a podc.json changed since it was read (configs.ts). */
  constructor(options: { live?: boolean } = {}) {
    this.configs = new ProjectConfigs(options.live === true);
  }

  /** A workspace ready to read the configuration of every one of `scripts` (absolute paths). */
  static async forScripts(scripts: readonly string[]): Promise<Workspace> {
    const workspace = new Workspace();
    await workspace.configs.ready(scripts.map((script) => dirname(script)));
    return workspace;
  }

  /** The configuration governing a script. */
  configFor(scriptPath: string): LoadedConfig {
    return this.configs.configFor(dirname(scriptPath));
  }

  /** Every distinct podc.json seen so far that has errors. */
  brokenConfigs(): LoadedConfig[] {
    return this.configs.broken();
  }

  /** The read → analyse loop of every command: `files` in order, each with its configuration; `shown` names each. */
  *each(files: readonly string[], shown: (file: string) => string): Generator<ScriptInProject> {
    for (const file of files) {
      const loaded = this.configFor(file);
      const name = shown(file);
      yield {
        file,
        shown: name,
        loaded,
        analyse(options = {}) {
          const read = readScript(file);
          if ("error" in read) return read;
          const { config } = loaded;
          const soundFiles = soundFileLookup(dirname(file));
          const includes = { id: scriptId(file), read: includeReader(projectRoot(file, loaded), shown, config.limits.fileBytes, readScript) };
          return { analysis: analyze(read.bytes, { file: name, config, plan: options.plan, soundFiles, includes }) };
        },
      };
    }
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
