import { hash } from "node:crypto";
import type { ServiceSettings } from "../config/schema.js";
import { canonicalJson } from "../contract/canonical-json.js";
import { baseUrlProblem } from "../contract/loopback.js";
import type { PodcastRequest, SongRequest } from "../contract/requests.js";
import type { Origin, Plan, PlannedRequest } from "../lower/plan.js";
import { apiKeyProblems } from "../service/api-key.js";
import { MIN_SECRET_LENGTH } from "../service/redact.js";

/*
 * A job is one paid request as the journal tracks it. Its key is a hash of everything that changes
 * what is paid for: the path, the body and the service it goes to. Identical requests of one script
 * (a jingle used twice), or of several scripts in one run, are one job: sent once, its audio serving
 * every place it is used.
 */

/** What the key base of every --local job starts with: the emulator's port changes every run, its jobs must not. */
const LOCAL_KEY_BASE = "local:";

/**
 * The key base of --local jobs rendered by `voice` (`synth`, `espeak-ng 1.51`): another engine or version renders
 * different audio, so installing or upgrading espeak-ng makes the next local run render again (locally, free).
 */
export function localKeyBase(voice: string): string {
  return `${LOCAL_KEY_BASE}${voice}`;
}

/** Whether jobs of this key base went to the built-in emulator. */
export function isLocalKeyBase(base: string | undefined): boolean {
  return base?.startsWith(LOCAL_KEY_BASE) === true;
}

interface JobBase {
  key: string;
  path: string;
  /** The script the job was first met in, as shown to the user (for messages). */
  script: string;
  /** The same script relative to the repository root (for the journal, which outlives the working folder). */
  scriptInRoot: string;
  origin: Origin;
  /** Every place the job's audio is used, in run order. */
  placements: Placement[];
}
export interface SongJob extends JobBase {
  kind: "song";
  body: SongRequest;
}
export interface PodcastJob extends JobBase {
  kind: "podcast";
  body: PodcastRequest;
}
export type Job = SongJob | PodcastJob;

/** One script of the run: its plan, and where its audio and manifest go. */
export interface Episode {
  /** The script's file name without `.pod`: stable even when the title changes. */
  name: string;
  /** The script's path as shown to the user. */
  source: string;
  title?: string;
  /** Absolute path of `<out>/<name>/`. */
  outDir: string;
  /** The episode's distinct jobs in script order. */
  entries: EpisodeEntry[];
}

/** A job as one episode uses it. */
export interface EpisodeEntry {
  job: Job;
  /** 1-based position among the episode's distinct jobs: the number file names start with. */
  order: number;
  /** Every origin of the job in this episode (several when the script repeats a request). */
  origins: Origin[];
}

export interface Placement {
  episode: Episode;
  entry: EpisodeEntry;
}

/** The part of a base URL that identifies the service for job keys: origin and path, without a trailing slash. */
function keyBaseOf(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

/** Lower-case hex SHA-256 of the canonical JSON of `{base, body, method, path}`. */
export function jobKey(path: string, body: unknown, keyBase: string): string {
  // The one-shot form of createHash().update().digest(): the same digest, without a Hash object per job.
  return hash("sha256", canonicalJson({ base: keyBase, body, method: "POST", path }), "hex");
}

/**
 * The `Idempotency-Key` of a job's generation. It stays the same across retries, reruns and
 * --resubmit-ambiguous; only a deliberately new request (--retry-failed, --regenerate-lost) gets a new
 * one, since a service honouring the key would otherwise hand back the old, failed or lost, result.
 */
export function idempotencyKey(key: string, generation: number): string {
  return generation === 0 ? key : `${key}.${generation}`;
}

/** The input of `buildEpisodes`: one compiled script. */
export interface CompiledScript {
  name: string;
  /** As shown to the user. */
  source: string;
  /** Relative to the repository root, with `/`. */
  sourceInRoot: string;
  outDir: string;
  plan: Plan;
}

/** Turns compiled scripts into episodes and their distinct jobs (shared across scripts when identical). */
export function buildEpisodes(scripts: readonly CompiledScript[], keyBase: string): { episodes: Episode[]; jobs: Job[] } {
  const jobs = new Map<string, Job>();
  const episodes: Episode[] = [];
  for (const script of scripts) {
    const episode: Episode = { name: script.name, source: script.source, outDir: script.outDir, entries: [] };
    if (script.plan.title !== undefined) episode.title = script.plan.title;
    const byKey = new Map<string, EpisodeEntry>();
    for (const request of script.plan.requests) {
      const key = jobKey(request.path, request.body, keyBase);
      let job = jobs.get(key);
      if (!job) {
        job = newJob(key, request, script);
        jobs.set(key, job);
      }
      const known = byKey.get(key);
      if (known) {
        known.origins.push(request.origin);
        continue;
      }
      const entry: EpisodeEntry = { job, order: episode.entries.length + 1, origins: [request.origin] };
      byKey.set(key, entry);
      episode.entries.push(entry);
      job.placements.push({ episode, entry });
    }
    episodes.push(episode);
  }
  return { episodes, jobs: [...jobs.values()] };
}

function newJob(key: string, request: PlannedRequest, script: CompiledScript): Job {
  const base = { key, path: request.path, script: script.source, scriptInRoot: script.sourceInRoot, origin: request.origin, placements: [] };
  return request.kind === "song" ? { ...base, kind: "song", body: request.body } : { ...base, kind: "podcast", body: request.body };
}

/** How a person recognises a job: `song "Night Shift Anthem"` or `podcast "Cold open"`. */
export function jobLabel(kind: "song" | "podcast", origin: Origin): string {
  const name = kind === "song" ? origin.song : origin.section;
  return name ? `${kind} "${name}"` : kind;
}

/** Where in the script a job comes from, as an editor jumps to it: `episodes/ep01.pod:21`. */
export function originText(script: string, origin: Origin): string {
  return `${script}:${origin.line}`;
}

/*
 * Which service a run talks to and with what key, settled before any network I/O: the base URL from
 * PODC_BASE_URL or podc.json's service.baseUrl, the key from PODC_API_KEY only (never a flag, never a
 * file in the repository, where it would end up in version control).
 */

export interface ServiceTarget {
  baseUrl: string;
  /** What job keys are made with: the base URL without a trailing slash. */
  keyBase: string;
}

/** The configured base URL, or a message saying what to set (`missing` when none is set, rather than a wrong one). */
export function baseUrlFrom(env: NodeJS.ProcessEnv, settings: ServiceSettings): ServiceTarget | { error: string; missing?: true } {
  const fromEnv = env.PODC_BASE_URL?.trim();
  const baseUrl = fromEnv || settings.baseUrl;
  const source = fromEnv ? "PODC_BASE_URL" : "service.baseUrl in podc.json";
  if (!baseUrl) {
    return {
      error: "no service to send to: set PODC_BASE_URL (or service.baseUrl in podc.json) — or try podc run --local, which runs against the built-in emulator",
      missing: true,
    };
  }
  const problem = baseUrlProblem(baseUrl);
  if (problem?.kind === "not-a-url") return { error: `${source} is not a URL: ${baseUrl}` };
  if (problem?.kind === "credentials") return { error: `${source} ${problem.text}: the key belongs in PODC_API_KEY` };
  if (problem) return { error: `${source} ${problem.text}` };
  return { baseUrl, keyBase: keyBaseOf(baseUrl) };
}

/** The API key from the environment, or a message saying what to set. */
export function apiKeyFrom(env: NodeJS.ProcessEnv): { apiKey: string } | { error: string } {
  const apiKey = env.PODC_API_KEY ?? "";
  const problem = apiKeyProblems(apiKey)[0];
  switch (problem?.kind) {
    case undefined:
      return { apiKey };
    case "empty":
    case "blank":
      return {
        error:
          "no API key: set the environment variable PODC_API_KEY to your key (podc reads it from the environment only) — or try podc run --local, which needs none",
      };
    case "line-break":
      return { error: "PODC_API_KEY contains a line break or NUL character: check that it was copied whole, and nothing else" };
    case "odd-character": {
      const what =
        problem.character === " " || problem.character === "\t"
          ? "a space"
          : problem.character.charCodeAt(0) > 0x7e
            ? "a character outside ASCII (a typographic quote, a non-breaking space, a letter with an accent?)"
            : "a control character";
      return {
        error: `PODC_API_KEY has ${what} at position ${problem.index + 1}: an API key is plain ASCII letters, digits and punctuation — check that it was copied whole, and nothing else`,
      };
    }
    case "short":
      return {
        error: `PODC_API_KEY is ${problem.length} character${problem.length === 1 ? "" : "s"} long, too short to be a key (at least ${MIN_SECRET_LENGTH}): check that it was copied whole`,
      };
  }
}
