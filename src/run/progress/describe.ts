import { displayPath } from "../../files/display-path.js";
import type { JobRef, RunEvent } from "../events.js";

/*
 * The wording every human format shares, so a line reads the same in a terminal, a CI log and the
 * live view. Every line about a request names it, where it comes from in the script, and its trace
 * id (or says there is none yet), because that id is what support asks for.
 */

/** `[night-shift 02] song "Night Shift Anthem" (examples/night-shift.pod:21)` */
export function refText(ref: JobRef): string {
  return `[${ref.episode} ${String(ref.order).padStart(2, "0")}] ${ref.label} (${ref.at})`;
}

/** `[trace 4f3a…]`, or `[no trace id yet]` before the service has answered anything. */
export function traceText(traceId: string | undefined): string {
  return traceId ? `[trace ${traceId}]` : "[no trace id yet]";
}

/** `2.2 MB` */
function sizeText(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** `0.4 s`, `1:07` */
export function durationText(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** The one-line, human form of an event (without the `podc: ` prefix). */
export function eventText(event: RunEvent, cwd: string): string {
  switch (event.type) {
    case "start": {
      const parts = [`${event.jobs.length} request${event.jobs.length === 1 ? "" : "s"}`, `${event.toSend} to send`];
      if (event.alreadyDone > 0) parts.push(`${event.alreadyDone} already done`);
      return parts.join(", ");
    }
    case "job": {
      const words: string[] = [event.phase];
      if (event.phase === "accepted" && event.taskId) words.push(`task ${event.taskId}`);
      else if (event.phase === "polling" && event.taskStatus) words.push(`task ${event.taskId ?? "?"} ${event.taskStatus}`);
      if (event.detail && !(event.phase === "accepted" && event.taskId)) words.push(`(${event.detail})`);
      return `${refText(event.ref)}: ${words.join(" ")} ${traceText(event.traceId)}`;
    }
    case "retry":
      return `${event.ref ? `${refText(event.ref)}: ` : ""}${event.what} failed (${event.reason}); next try in ${durationText(event.delayMs)} ${traceText(event.traceId)}`;
    case "file": {
      const how = event.how === "verified" ? "already on disk" : event.how;
      const length = event.durationMs !== undefined ? `, ${durationText(event.durationMs)}` : "";
      return `${refText(event.ref)}: ${how} ${displayPath(event.path, cwd)} (${sizeText(event.bytes)}${length}) ${traceText(event.traceId)}`;
    }
    case "problem":
      return event.traceId && !event.message.includes(event.traceId) ? `${event.message} ${traceText(event.traceId)}` : event.message;
    case "notice":
      return event.message;
    case "end":
      return summaryText(event.counts, event.elapsedMs);
  }
}

const ENDING_WORDS: Record<string, string> = {
  done: "done",
  ambiguous: "outcome unknown",
  rejected: "rejected",
  failed: "failed",
  lost: "lost",
  download: "download failed",
  "unknown-task": "task unknown to the service",
  "still-running": "still running",
  "not-started": "not sent yet",
  "not-sent": "not sent",
  error: "stopped by a local error",
};

/** Problems that are only "not finished yet": the next run carries on; they are no error of anyone's. */
export function isUnfinished(problem: string): boolean {
  return problem === "still-running" || problem === "not-started";
}

/** `3 done, 1 still running — run again to resume (12.3 s)` */
function summaryText(counts: Record<string, number>, elapsedMs: number): string {
  const parts = Object.entries(counts).map(([kind, n]) => `${n} ${ENDING_WORDS[kind] ?? kind}`);
  const unresolved = Object.entries(counts).some(([kind, n]) => kind !== "done" && n > 0);
  const resumable = (counts["still-running"] ?? 0) + (counts["not-started"] ?? 0) + (counts.download ?? 0) + (counts["not-sent"] ?? 0) > 0;
  const advice = unresolved ? (resumable ? " — run again to resume" : " — see above") : "";
  return `${parts.join(", ") || "nothing to do"}${advice} (${durationText(elapsedMs)})`;
}
