import type { Origin } from "../lower/plan.js";
import { emptyRecord, type JobRecord, type JobState } from "../state/job-record.js";
import { type Episode, isLocalKeyBase, jobLabel } from "./job.js";
import { nextStep, stepText } from "./rerun-rules.js";

/*
 * `podc status`: the journal's view of every job — where it stands, its task and trace id, its files,
 * what went wrong, and what the next `podc run` will do with it. Read-only: it takes no lock and can
 * run beside a `podc run`.
 */

export interface StatusRow {
  job: string;
  kind?: "song" | "podcast";
  script?: string;
  origin?: Origin;
  /** The service the job was made for (`local:` for --local). */
  base?: string;
  state: JobState;
  taskId?: string;
  taskStatus?: string;
  model?: string;
  /** The latest trace id. */
  traceId?: string;
  files: string[];
  /** Files whose length is the service's figure read as seconds, not the documented milliseconds (a guess podc says). */
  lengthInSeconds?: string[];
  problem?: string;
  /** Paid POSTs begun for the job over all runs. */
  requestsSent: number;
  updatedAt?: string;
  next: string;
}

/** Every job the journal knows, ordered by script and line. */
export function journalStatus(records: Map<string, JobRecord>): StatusRow[] {
  return [...records.values()]
    .map((record) => rowOf(record, record.kind, record.script, record.origin))
    .sort((a, b) => (a.script ?? "").localeCompare(b.script ?? "") || (a.origin?.line ?? 0) - (b.origin?.line ?? 0));
}

/** The jobs of some episodes, in script order, as the journal knows them ("new" when it does not). */
export function episodeStatus(episodes: readonly Episode[], records: Map<string, JobRecord>): StatusRow[] {
  const rows: StatusRow[] = [];
  const seen = new Set<string>();
  for (const episode of episodes) {
    for (const entry of episode.entries) {
      if (seen.has(entry.job.key)) continue;
      seen.add(entry.job.key);
      const record = records.get(entry.job.key) ?? emptyRecord(entry.job.key);
      rows.push(rowOf(record, entry.job.kind, episode.source, entry.origins[0]));
    }
  }
  return rows;
}

function rowOf(record: JobRecord, kind: "song" | "podcast" | undefined, script: string | undefined, origin: Origin | undefined): StatusRow {
  const row: StatusRow = {
    job: record.key,
    state: record.state,
    files: [...new Set(record.files.map((f) => f.file))],
    requestsSent: record.intents,
    next: kind
      ? stepText(
          nextStep(record, kind, { resubmitAmbiguous: false, retryFailed: false, regenerateLost: false, local: isLocalKeyBase(record.base) }),
          record,
          isLocalKeyBase(record.base),
        )
      : "",
  };
  const inSeconds = [...new Set(record.files.filter((f) => f.durationUnit === "s").map((f) => f.file))];
  if (inSeconds.length > 0) row.lengthInSeconds = inSeconds;
  if (kind) row.kind = kind;
  if (script !== undefined) row.script = script;
  if (origin) row.origin = origin;
  if (record.base !== undefined) row.base = record.base;
  if (record.taskId !== undefined) row.taskId = record.taskId;
  if (record.taskStatus !== undefined) row.taskStatus = record.taskStatus;
  if (record.model !== undefined) row.model = record.model;
  const trace = record.problem?.traceId ?? record.traceIds[record.traceIds.length - 1];
  if (trace) row.traceId = trace;
  if (record.problem && record.state !== "done") row.problem = record.problem.message;
  if (record.lost) row.problem = `audio lost: ${record.problem?.message ?? "the link no longer works"}`;
  if (record.updatedAt !== undefined) row.updatedAt = record.updatedAt;
  return row;
}

/** The rows as text for a person, one block per job. */
export function statusText(rows: readonly StatusRow[]): string {
  if (rows.length === 0) return "The journal knows no jobs yet: nothing has been sent from this repository.\n";
  const lines: string[] = [];
  for (const row of rows) {
    const where = row.script && row.origin ? `${row.script}:${row.origin.line}` : "(unknown script)";
    const what = row.kind && row.origin ? jobLabel(row.kind, row.origin) : "request";
    const task = row.taskId ? `  task ${row.taskId}${row.taskStatus ? ` (${row.taskStatus})` : ""}` : "";
    lines.push(`${row.state.padEnd(10)} ${where}  ${what}${task}`);
    const details: string[] = [];
    if (row.traceId) details.push(`trace ${row.traceId}`);
    if (row.model) details.push(`model ${row.model}`);
    if (row.requestsSent > 1) details.push(`${row.requestsSent} requests sent`);
    if (isLocalKeyBase(row.base)) details.push("local emulator");
    if (row.updatedAt) details.push(`updated ${row.updatedAt}`);
    details.push(`job ${row.job.slice(0, 12)}`);
    lines.push(`           ${details.join(" · ")}`);
    if (row.problem) lines.push(`           problem: ${row.problem}`);
    for (const file of row.files)
      lines.push(`           file: ${file}${row.lengthInSeconds?.includes(file) ? " (its length: the service's figure, read as seconds)" : ""}`);
    if (row.next) lines.push(`           next run: ${row.next}`);
  }
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.state, (counts.get(row.state) ?? 0) + 1);
  lines.push(`${rows.length} job${rows.length === 1 ? "" : "s"}: ${[...counts].map(([state, n]) => `${n} ${state}`).join(", ")}`);
  return `${lines.join("\n")}\n`;
}
