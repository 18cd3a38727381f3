import { CodeActionKind, type CodeAction, type Connection, type Range } from "vscode-languageserver";
import { hasErrors } from "../diagnostics/diagnostic.js";
import { toLspDiagnostic } from "./diagnostics.js";
import type { ScriptState, Scripts } from "./documents.js";

// Quick fixes are not invented here: every diagnostic that knows its fix carries it (`fixes` on the library's
// diagnostic: the nearest declared speaker, the label in capitals, the canonical section marker, …), and each
// becomes one code action, attached to the diagnostic it fixes so the editor shows it in the lightbulb.

/** Answers codeAction requests with the quick fixes of the diagnostics in the requested range. */
export function addCodeActionsHandler(connection: Connection, scripts: Scripts): void {
  connection.onCodeAction((params) => {
    const only = params.context.only;
    if (only && !only.some((kind) => kind === CodeActionKind.Empty || kind === CodeActionKind.QuickFix)) return [];
    const state = scripts.get(params.textDocument.uri);
    return state ? quickFixes(state, params.range) : [];
  });
}

/** One quick fix per fix of every diagnostic that overlaps `range`. */
export function quickFixes(state: ScriptState, range: Range): CodeAction[] {
  if (hasErrors(state.loaded.diagnostics)) return []; // the script's diagnostics are not shown until podc.json is fixed
  const { positions } = state;
  const from = positions.offset(range.start);
  const to = positions.offset(range.end);
  const actions: CodeAction[] = [];
  for (const d of state.analysis.diagnostics) {
    if (!d.fixes || d.span.start.offset > to || d.span.end.offset < from) continue;
    const diagnostic = toLspDiagnostic(d, positions);
    for (const fix of d.fixes) {
      actions.push({
        title: fix.title,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        isPreferred: d.fixes.length === 1,
        edit: { changes: { [state.uri]: [{ range: positions.range(fix.span), newText: fix.replacement }] } },
      });
    }
  }
  return actions;
}
