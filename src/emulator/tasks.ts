import { randomInt } from "node:crypto";

/*
 * Song tasks of the emulator. A task's status is a function of time: one status per clock step
 * (preparing → queued → running [→ reviewing]) and then its ending. A task that should succeed stays at
 * its last step until its audio is rendered, so a fast clock never announces files that do not exist.
 */

export type TaskEnding = "succeeded" | "failed" | "timeouted" | "cancelled" | "no-url";

export interface RenderedChoice {
  index: number;
  id: string;
  /** Absolute URL of the audio as `url` gives it: the WAV, or the mp3 under the quirks that serve one. */
  url: string;
  /** `wav_url`, when offered (the WAV render: by default the same link as `url`). */
  wavUrl?: string;
  flacUrl?: string;
  durationMs: number;
  /** Given with the choice under the `lyrics-sections` quirk. */
  lyricsSections?: Record<string, unknown>[];
}

export interface SongTaskRecord {
  id: string;
  createdAtMs: number;
  model: string;
  n: number;
  ending: TaskEnding;
  /** Passes through "reviewing" (a status the public record mentions) before its ending. */
  reviewing: boolean;
  choices?: RenderedChoice[];
  renderedAtMs?: number;
  renderError?: string;
}

const FAILED_REASONS: Record<string, string> = {
  failed: "The song could not be generated (emulated failure)",
  timeouted: "Generation timed out (emulated)",
  cancelled: "The task was cancelled (emulated)",
};

export class TaskStore {
  readonly #tasks = new Map<string, SongTaskRecord>();
  #lastId = 0n;

  constructor(
    readonly clockMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Creates a task at the current time with a fresh id. */
  create(fields: Pick<SongTaskRecord, "model" | "n" | "ending" | "reviewing">): SongTaskRecord {
    const task: SongTaskRecord = { id: this.#newId(), createdAtMs: this.now(), ...fields };
    this.#tasks.set(task.id, task);
    return task;
  }

  get(id: string): SongTaskRecord | undefined {
    return this.#tasks.get(id);
  }

  /** The status a query sees at `nowMs`. */
  status(task: SongTaskRecord, nowMs: number = this.now()): string {
    const steps = this.#steps(task);
    const step = Math.floor((nowMs - task.createdAtMs) / this.clockMs);
    if (step < steps.length) return steps[step]!;
    if (task.ending === "failed" || task.ending === "timeouted" || task.ending === "cancelled") return task.ending;
    if (task.renderError !== undefined) return "failed";
    // Still rendering after its last step (a busy machine): a service never steps back to "running".
    return task.choices ? "succeeded" : steps[steps.length - 1]!;
  }

  /** Tasks not yet ended: what an account's concurrency limit counts. */
  activeCount(nowMs: number = this.now()): number {
    let n = 0;
    for (const task of this.#tasks.values()) if (!isEnded(this.status(task, nowMs))) n++;
    return n;
  }

  /** The task as the query path answers it (without trace_id, which belongs to the response). */
  view(task: SongTaskRecord, nowMs: number = this.now()): Record<string, unknown> {
    const status = this.status(task, nowMs);
    const body: Record<string, unknown> = {
      id: task.id,
      created_at: Math.floor(task.createdAtMs / 1000),
      model: task.model,
      status,
    };
    if (isEnded(status)) {
      const scheduled = task.createdAtMs + this.#steps(task).length * this.clockMs;
      body.finished_at = Math.floor(Math.max(scheduled, task.renderedAtMs ?? 0) / 1000);
    }
    if (status === "failed" || status === "timeouted" || status === "cancelled") {
      body.failed_reason = task.renderError ?? FAILED_REASONS[status];
    }
    if (status === "succeeded") {
      body.choices =
        task.ending === "no-url"
          ? Array.from({ length: task.n }, (_, index) => ({ index, id: `${task.id}-${index}`, url: "", duration: 0 }))
          : (task.choices ?? []).map((c) => ({
              index: c.index,
              id: c.id,
              url: c.url,
              ...(c.wavUrl !== undefined ? { wav_url: c.wavUrl } : {}),
              ...(c.flacUrl !== undefined ? { flac_url: c.flacUrl } : {}),
              duration: c.durationMs,
              ...(c.lyricsSections !== undefined ? { lyrics_sections: c.lyricsSections } : {}),
            }));
    }
    return body;
  }

  #steps(task: SongTaskRecord): string[] {
    return task.reviewing ? ["preparing", "queued", "running", "reviewing"] : ["preparing", "queued", "running"];
  }

  /** Numeric-looking, 19 digits: beyond what a JSON number holds exactly, so parsing one as a number shows. */
  #newId(): string {
    let id = BigInt(this.now()) * 1_000_000n + BigInt(randomInt(1_000_000));
    if (id <= this.#lastId) id = this.#lastId + 1n;
    this.#lastId = id;
    return id.toString();
  }
}

function isEnded(status: string): boolean {
  return status === "succeeded" || status === "failed" || status === "timeouted" || status === "cancelled";
}
