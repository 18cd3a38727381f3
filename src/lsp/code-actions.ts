import type { CodeAction, Connection, Diagnostic as LspDiagnostic, Range } from "vscode-languageserver";
import { CodeActionKind } from "./protocol.js";
import { hasErrors } from "../diagnostics/diagnostic.js";
import { toLspDiagnostic } from "./diagnostics.js";
import type { ScriptState, Scripts } from "./documents.js";

// Quick fixes are not invented here: every diagnostic that knows its fix carries it (`fixes` on the library's
// diagnostic: the nearest declared speaker, a new Cast entry, the missing END SONG, …), and each becomes one code
// action, attached to the diagnostic it fixes so the editor shows it in the lightbulb.
//
// Which diagnostics: those on any line the requested range touches — editors ask with the cursor, often at the end
// of the line, past the underline — and those the editor sends in the request's context (Neovim and Vim send the
// diagnostics of the line they show), matched to the server's own by code and range.

/** Answers codeAction requests with the quick fixes of the diagnostics on the requested lines or in its context. */
export function addCodeActionsHandler(connection: Connection, scripts: Scripts): void {
  connection.onCodeAction((params) => {
    const only = params.context.only;
    if (only && !only.some((kind) => kind === CodeActionKind.Empty || kind.startsWith(CodeActionKind.QuickFix))) return [];
    const state = scripts.get(params.textDocument.uri);
    return state ? quickFixes(state, params.range, params.context.diagnostics) : [];
  });
}

/** One quick fix per fix of every diagnostic on the lines of `range` or among `sent` (the client's diagnostics). */
function quickFixes(state: ScriptState, range: Range, sent: readonly LspDiagnostic[] = []): CodeAction[] {
  if (hasErrors(state.loaded.diagnostics)) return []; // the script's diagnostics are not shown until podc.json is fixed
  const { positions } = state;
  const sentKeys = new Set(sent.map(key));
  const actions: CodeAction[] = [];
  for (const d of state.diagnostics) {
    if (!d.fixes) continue;
    const diagnostic = toLspDiagnostic(d, positions);
    const onLines = diagnostic.range.start.line <= range.end.line && diagnostic.range.end.line >= range.start.line;
    if (!onLines && !sentKeys.has(key(diagnostic))) continue;
    d.fixes.forEach((fix, i) => {
      actions.push({
        title: fix.title,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        isPreferred: i === 0,
        edit: { changes: { [state.uri]: [{ range: positions.range(fix.span), newText: fix.replacement }] } },
      });
    });
  }
  return actions;
}

function key(d: Pick<LspDiagnostic, "code" | "range">): string {
  const { start, end } = d.range;
  return `${String(d.code)}@${start.line}:${start.character}-${end.line}:${end.character}`;
}
