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
}
