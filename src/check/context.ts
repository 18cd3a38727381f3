import type { Script } from "../ast/nodes.js";
import type { CastMember } from "./cast.js";
import type { Config } from "../config/schema.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { Dialect } from "../parser/dialect.js";
import type { SourceText } from "../source/source-text.js";

/** What every check rule sees: the tree, its text, the configuration and resolved cast, and where to report. */
export interface CheckContext {
  script: Script;
  source: SourceText;
  config: Config;
  cast: Map<string, CastMember>;
  /** A .pod script or a Fountain screenplay: a screenplay may come with no Cast at all (uncast-screenplay). */
  dialect: Dialect;
  report(diagnostic: Diagnostic): void;
  /** What the project's files say of a sound cue's file; absent where the script has no folder (checks skip the files). */
  soundFiles?: SoundFileLookup;
}

/** What is found of a sound file a cue names: audio podc can mix, or why not. */
export type SoundFileFact =
  | { kind: "audio" }
  | { kind: "missing" }
  | { kind: "unreadable"; reason: string }
  | { kind: "notAudio" }
  | { kind: "tooLarge"; bytes: number; cap: number }
  | { kind: "outside" };

/** Looks up a sound file as the script writes it (relative to the script's folder). */
export type SoundFileLookup = (written: string) => SoundFileFact;
