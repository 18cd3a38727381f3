import type { Position } from "../source/span.js";
import { byPosition, type Diagnostic } from "./diagnostic.js";
import { diagnostic } from "./report.js";

/** How many diagnostics of one file are shown when `limits.diagnosticsPerFile` is not set. */
export const DEFAULT_DIAGNOSTICS_PER_FILE = 200;

/**
 * Bounds what is shown of one file's diagnostics: the first `limit` by position, then one info diagnostic
 * (POD0006) at the first one left out, saying how many more there are and of which severities. A `limit` of 0
 * means no bound. The input is not changed; deciding the exit code belongs to the whole list, not to this one.
 */
export function capDiagnostics(diagnostics: readonly Diagnostic[], limit: number = DEFAULT_DIAGNOSTICS_PER_FILE): Diagnostic[] {
  if (limit <= 0 || diagnostics.length <= limit) return [...diagnostics];
  const ordered = isInPositionOrder(diagnostics) ? diagnostics : [...diagnostics].sort(byPosition);
  const kept = ordered.slice(0, limit);
  const first = ordered[limit]!;
  const hidden = { error: 0, warning: 0, info: 0 };
  for (let i = limit; i < ordered.length; i++) hidden[ordered[i]!.severity]++;
  const at: Position = { ...first.span.start };
  const extra: { help: string; file?: string } = {
    help: `only the first ${limit} diagnostics of a file are shown; set limits.diagnosticsPerFile in podc.json to change that (0 shows all)`,
  };
  if (first.file !== undefined) extra.file = first.file;
  kept.push(diagnostic("POD0006", { start: at, end: at }, { more: ordered.length - limit, severities: severities(hidden) }, extra));
  return kept;
}

function severities(counts: { error: number; warning: number; info: number }): string {
  const parts: string[] = [];
  if (counts.error > 0) parts.push(`${counts.error} error${counts.error === 1 ? "" : "s"}`);
  if (counts.warning > 0) parts.push(`${counts.warning} warning${counts.warning === 1 ? "" : "s"}`);
  if (counts.info > 0) parts.push(`${counts.info} info`);
  return parts.join(", ");
}

function isInPositionOrder(diagnostics: readonly Diagnostic[]): boolean {
  for (let i = 1; i < diagnostics.length; i++) {
    if (diagnostics[i - 1]!.span.start.offset > diagnostics[i]!.span.start.offset) return false;
  }
  return true;
}
