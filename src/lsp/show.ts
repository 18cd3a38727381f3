import type { Connection } from "vscode-languageserver";
import { directionTagMap } from "../ast/speech.js";
import { performedScript, SHOW_VERSION, type PerformedScript } from "../ast/performed-script.js";
import type { Scripts } from "./documents.js";

// `podc show` for an open document: every line beside its fate (who speaks it, sung, or not sent and why), in the same
// shape as one script of `podc show --json`, for an editor's view of it (the VS Code extension's "Show as performed").
// A request of podc's own, outside LSP, like podc/stats. Answered while the script has errors too: the lines they
// touch are "not sent", which is what would happen.

/**
 * The request: `{ textDocument: { uri } }`, answered with `{ showVersion, file, lines }` (file: the URI), one script of
 * `podc show --json` with its version beside it; null for a document that is not open.
 */
export const SHOW_REQUEST = "podc/show";

/** Answers podc/show requests. */
export function addShowHandler(connection: Connection, scripts: Scripts): void {
  connection.onRequest(SHOW_REQUEST, (params: { textDocument?: { uri?: unknown } }): (PerformedScript & { showVersion: number }) | null => {
    const uri = params.textDocument?.uri;
    const state = typeof uri === "string" ? scripts.get(uri) : undefined;
    if (!state) return null;
    const { script, source, cast } = state.analysis;
    const tags = directionTagMap(state.loaded.config.speech.directionTags ?? {});
    return { showVersion: SHOW_VERSION, ...performedScript(state.uri, script, source, (speaker) => cast.get(speaker)?.voice, tags) };
  });
}
