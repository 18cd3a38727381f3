import type { Connection } from "vscode-languageserver";
import { episodeStats, type EpisodeStats } from "../stats/episode-stats.js";
import type { Scripts } from "./documents.js";

// The figures of `podc stats` for an open document, for an editor's views of them (the VS Code extension's Characters
// view and status bar): lines, words and spoken time per speaker, with their voices. A request of podc's own, outside
// LSP: no standard request carries them. Counted on the plan lowering makes even while the script has errors (as the
// inlay hints are), so the figures follow the writing instead of vanishing at the first unknown speaker.

/** The request: `{ textDocument: { uri } }`, answered with podc stats' EpisodeStats of that document, or null. */
export const STATS_REQUEST = "podc/stats";

/** Answers podc/stats requests. */
export function addStatsHandler(connection: Connection, scripts: Scripts): void {
  connection.onRequest(STATS_REQUEST, (params: { textDocument?: { uri?: unknown } }): EpisodeStats | null => {
    const uri = params.textDocument?.uri;
    const state = typeof uri === "string" ? scripts.get(uri) : undefined;
    if (!state) return null;
    return episodeStats(state.plan, state.analysis.script.body, state.loaded.config);
  });
}
