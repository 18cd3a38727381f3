import type { ServiceSettings } from "../config/schema.js";
import type { StateStore } from "../state/store.js";
import type { ProblemKind, RunEvent } from "./events.js";
import type { Episode, Job } from "./job.js";

// What the runner (runner.ts) is given and what it gives back.

export interface RunChoices {
  resubmitAmbiguous: boolean;
  retryFailed: boolean;
  regenerateLost: boolean;
}

export interface RunnerOptions {
  episodes: Episode[];
  jobs: Job[];
  /** Where job states live (the journal, or the shared database), already held for this run. */
  store: StateStore;
  /** Repository root: journaled paths are relative to it. */
  root: string;
  /** What job keys were made with (see job.ts keyBaseOf, LOCAL_KEY_BASE). */
  keyBase: string;
  service: { baseUrl: string; apiKey: string; settings: ServiceSettings };
  /** Running against the in-process emulator (`podc run --local`): its links die with it, so lost audio is simply made again. */
  local: boolean;
  choices: RunChoices;
  /** Largest audio file accepted, in bytes. */
  maxDownloadBytes: number;
  /** Aborted on Ctrl-C. */
  interrupted?: AbortSignal;
  report: (event: RunEvent) => void;
  random?: () => number;
  now?: () => number;
}

export interface RunResult {
  exitCode: 0 | 1;
  /** Each job's ending, by job key. */
  endings: Map<string, Ending>;
  manifests: string[];
}

export type Ending = { kind: "done" } | { kind: ProblemKind; message: string };
