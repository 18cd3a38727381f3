import type { ServiceClient } from "../service/client.js";
import type { AuthFailed, Failure } from "../service/outcome.js";
import { type LinkPreference, type SongTask, taskState, type UsableChoice } from "../contract/responses.js";
import type { RawAnswer } from "../service/raw-answer.js";
import { sleep } from "../service/retry.js";
import type { RetryBudget } from "./retry-budget.js";

/*
 * Polling one song task until it ends. Queries are reads: repeating them costs nothing, so every
 * failure is met with a pause (shared with the other jobs through the retry budget) and another
 * query, until the task ends, the run's deadline or Ctrl-C stops it, or the budget runs out. What the
 * task does is decided by its status alone: anything not terminal is "still going".
 */

export interface PollContext {
  client: Pick<ServiceClient, "queryTask">;
  /** Time between two queries of a running task (10% jitter is added so jobs drift apart). */
  intervalMs: number;
  budget: RetryBudget;
  /** Aborts on Ctrl-C, at the deadline, or when the key is refused. */
  signal: AbortSignal;
  random: () => number;
  /** Which of a choice's links to fetch (podc.json `download.prefer`). */
  prefer?: LinkPreference;
}

export interface PollHooks {
  /** Wait this long before the first query (a task just created is not worth asking about at once). */
  firstDelayMs: number;
  /** The task's status changed (first query included). */
  onStatus(status: string, traceId: string | undefined): Promise<void>;
  /** A query failed and the next one comes after `delayMs`. */
  onRetry(delayMs: number, failure: Failure): void;
}

export type PollResult =
  | { type: "succeeded"; task: SongTask; choices: UsableChoice[]; traceId?: string }
  | { type: "failed"; task: SongTask; status: string; reason: string; traceId?: string }
  /** The task ended in a way podc cannot read: its answer, for the journal, and what podc missed in it. */
  | { type: "unrecognised"; status: string; missing: string; raw: RawAnswer; traceId?: string }
  /** Ctrl-C or the deadline: the task goes on without us; the next run resumes it. */
  | { type: "stopped" }
  /** The service answered that it does not know the task (or the query path is wrong). */
  | { type: "unknown"; failure: Failure }
  | { type: "auth"; failure: AuthFailed }
  /** The retry budget ran out while the service kept failing. */
  | { type: "gave-up"; failure: Failure };

/** Queries task `taskId` until it ends or polling must stop; see PollResult. */
export async function pollTask(ctx: PollContext, taskId: string, hooks: PollHooks): Promise<PollResult> {
  const { client, budget, signal } = ctx;
  let delayMs = hooks.firstDelayMs;
  let lastStatus: string | undefined;
  for (;;) {
    if (!(await sleep(delayMs, signal))) return { type: "stopped" };
    if (!(await budget.waitTurn(signal))) return { type: "stopped" };
    const outcome = await client.queryTask(taskId, { signal });
    if (signal.aborted) return { type: "stopped" };
    if (outcome.kind === "accepted") {
      budget.success();
      const task = outcome.value;
      const traceId = outcome.traceId ?? task.trace_id ?? undefined;
      const trace = traceId ? { traceId } : {};
      const status = task.status ?? "(no status)";
      if (status !== lastStatus) {
        lastStatus = status;
        await hooks.onStatus(status, traceId);
      }
      const state = taskState(task, ctx.prefer);
      if (state.state === "succeeded") return { type: "succeeded", task, choices: state.choices, ...trace };
      if (state.state === "failed") return { type: "failed", task, status: state.status, reason: state.reason, ...trace };
      if (state.state === "unrecognised")
        return {
          type: "unrecognised",
          status: state.status,
          missing: state.missing,
          raw: outcome.raw?.() ?? { status: outcome.status, headers: {}, body: "" },
          ...trace,
        };
      delayMs = Math.round(ctx.intervalMs * (0.9 + 0.2 * ctx.random()));
      continue;
    }
    if (outcome.kind === "auth") return { type: "auth", failure: outcome };
    if (outcome.kind === "rejected") return { type: "unknown", failure: outcome };
    const pause = budget.failure(outcome.kind === "rate-limited" ? outcome.retryAfterMs : undefined);
    if (budget.exhausted) return { type: "gave-up", failure: outcome };
    hooks.onRetry(pause, outcome);
    delayMs = 0; // waitTurn holds every job until the shared pause ends
  }
}

/** A finished song's current link for choice `index`, by asking the service again (a free read); undefined if it will not say. */
export async function freshChoiceUrl(
  client: Pick<ServiceClient, "queryTask">,
  taskId: string,
  index: number,
  signal: AbortSignal,
  prefer?: LinkPreference,
): Promise<string | undefined> {
  const outcome = await client.queryTask(taskId, { signal });
  if (outcome.kind !== "accepted") return undefined;
  const state = taskState(outcome.value, prefer);
  return state.state === "succeeded" ? state.choices.find((c) => c.index === index)?.url : undefined;
}
