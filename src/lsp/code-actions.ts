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

/**
 * Answers codeAction requests with the quick fixes of the diagnostics on the requested lines or in its context, and
 * "Fix all" (source.fixAll, which editors can run on save) when asked for it.
 */
export function addCodeActionsHandler(connection: Connection, scripts: Scripts): void {
  connection.onCodeAction((params) => {
    const only = params.context.only;
    const wants = (kind: string) => !only || only.some((asked) => asked === CodeActionKind.Empty || kind.startsWith(asked) || asked.startsWith(kind));
    const state = scripts.get(params.textDocument.uri);
    if (!state) return [];
    const actions = wants(CodeActionKind.QuickFix) ? quickFixes(state, params.range, params.context.diagnostics) : [];
    // Offered only when asked for by kind: in the lightbulb it would sit beside every quick fix.
    if (only?.some((asked) => CodeActionKind.SourceFixAll.startsWith(asked) && asked !== CodeActionKind.Empty)) {
      const all = fixAll(state);
      if (all) actions.push(all);
    }
    return actions;
  });
}

/** Problems whose fix chooses a voice for a speaker: the writer's choice, never made unasked (on save). */
const CHOOSES_A_VOICE = new Set(["POD0201", "POD0205"]);

/**
 * Every fix that is the only one its diagnostic knows, in one edit: a diagnostic with a choice of fixes (a near
 * name, or a new Cast entry), or whose fix chooses a voice, is left for the writer, since fixing it without asking
 * could give a line to the wrong voice. The same edit wanted by several diagnostics is made once, and an edit overlapping one already taken waits for
 * the next run.
 */
function fixAll(state: ScriptState): CodeAction | undefined {
  if (hasErrors(state.loaded.diagnostics)) return undefined;
  const taken: { start: number; end: number; replacement: string }[] = [];
  for (const d of state.diagnostics) {
    if (d.fixes?.length !== 1 || CHOOSES_A_VOICE.has(d.code)) continue;
    const fix = d.fixes[0]!;
    const edit = { start: fix.span.start.offset, end: fix.span.end.offset, replacement: fix.replacement };
    if (taken.some((t) => t.start === edit.start && t.end === edit.end && t.replacement === edit.replacement)) continue;
    if (taken.some((t) => edit.start < t.end && t.start < edit.end) || taken.some((t) => t.start === t.end && t.start === edit.start)) continue;
    taken.push(edit);
  }
  if (taken.length === 0) return undefined;
  const { positions } = state;
  const edits = taken.map((t) => ({ range: { start: positions.position(t.start), end: positions.position(t.end) }, newText: t.replacement }));
  return { title: "Fix all of podc's problems that have one fix", kind: CodeActionKind.SourceFixAll, edit: { changes: { [state.uri]: edits } } };
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
