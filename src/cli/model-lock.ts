import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { writeFileDurably } from "../files/durable.js";
import { withModel, type Plan, type PlannedRequest, type PlannedSong } from "../compile.js";
import type { Manifest } from "../run/index.js";
import { UsageError } from "./io.js";

/*
 * podc.lock, at the repository's root and committed: the concrete model each song of each episode was made with.
 * A song asks for `auto`, and the service resolves `auto` to a model that changes every few months; without the
 * lock, re-rendering one song of an episode would silently make it with another model than its neighbours. With it,
 * a song the episode has not paid for yet that asks for `auto` is sent with the model the episode's songs were made
 * with (`--update-models` sends `auto` again), and an episode whose songs were made with several models is reported.
 * A paid song keeps the request it was paid with, so nothing paid is ever sent again. Only a run against the service
 * writes it (a local run's models are the emulator's); the same script and lock give the same requests everywhere.
 */

export const LOCK_FILE = "podc.lock";
const LOCK_VERSION = 1;

/** One song made: its title (for people reading the file) and the concrete model the service made it with. */
interface LockedSong {
  song: string;
  model: string;
}

/** The songs of one episode, by request key (the key `podc compile` prints). */
type EpisodeLock = Record<string, LockedSong>;

/** The whole lock: each episode by its script's path from the repository's root (with `/`). */
export interface ModelLock {
  lockVersion: number;
  episodes: Record<string, { songs: EpisodeLock }>;
}

/** The lock at `root`, empty when there is none; entries of a shape podc does not know are left out, not fatal. */
export function readLock(root: string): ModelLock {
  const path = join(root, LOCK_FILE);
  const lock: ModelLock = { lockVersion: LOCK_VERSION, episodes: {} };
  if (!existsSync(path)) return lock;
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new UsageError(`${LOCK_FILE} is not valid JSON (${(error as Error).message}): mend it, or take it back from git (git checkout ${LOCK_FILE})`);
  }
  const episodes = isObject(data) && isObject(data.episodes) ? data.episodes : {};
  for (const [source, episode] of Object.entries(episodes)) {
    if (!isObject(episode) || !isObject(episode.songs)) continue;
    const songs: EpisodeLock = {};
    for (const [key, entry] of Object.entries(episode.songs)) {
      if (isObject(entry) && typeof entry.model === "string" && entry.model !== "")
        songs[key] = { song: typeof entry.song === "string" ? entry.song : "", model: entry.model };
    }
    lock.episodes[source] = { songs };
  }
  return lock;
}

/** The model an episode's songs were made with: the most of them, the first in code-unit order among equals. */
function episodeModel(songs: EpisodeLock): string | undefined {
  const counts = modelCounts(songs);
  let best: string | undefined;
  for (const [model, titles] of counts) if (best === undefined || titles.length > counts.get(best)!.length) best = model;
  return best;
}

/** Each model of an episode's lock with the songs made with it, models in code-unit order. */
function modelCounts(songs: EpisodeLock): Map<string, string[]> {
  const counts = new Map<string, string[]>();
  const models = [...new Set(Object.values(songs).map((s) => s.model))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const model of models) counts.set(model, []);
  for (const entry of Object.values(songs)) counts.get(entry.model)!.push(entry.song);
  return counts;
}

/**
 * A song request as the lock sends it. A song asking for `auto` is sent as it was paid for: as itself when the lock
 * holds its key, else with the locked model it was made with; one the episode has not paid for gets the episode's
 * model, unless `update` (then `auto`). Every other request is itself.
 */
function lockedRequest(request: PlannedRequest, songs: EpisodeLock, update: boolean): PlannedRequest {
  if (request.kind !== "song" || request.body.model !== "auto" || songs[request.key] !== undefined) return request;
  for (const model of modelCounts(songs).keys()) {
    const made = withModel(request, model);
    if (songs[made.key] !== undefined) return made;
  }
  const model = update ? undefined : episodeModel(songs);
  return model === undefined ? request : withModel(request, model);
}

/** The plan of `source` (its path from the root) as the lock sends it. */
export function lockedPlan(plan: Plan, lock: ModelLock, source: string, update: boolean): Plan {
  const songs = lock.episodes[source]?.songs;
  if (songs === undefined) return plan;
  return { ...plan, requests: plan.requests.map((request) => lockedRequest(request, songs, update)) };
}

/** "songs made with mureka-7 (Intro), mureka-8 (Outro, Theme)" when an episode's songs were made with several models. */
export function mixedModels(lock: ModelLock, source: string): string | undefined {
  const songs = lock.episodes[source]?.songs;
  if (songs === undefined) return undefined;
  const counts = modelCounts(songs);
  if (counts.size < 2) return undefined;
  return `songs made with ${[...counts].map(([model, titles]) => `${model} (${titles.join(", ")})`).join(", ")}`;
}

/** What a run leaves to lock: each episode's script path from the root, its plan, its manifest, and its songs' job keys. */
export interface RunEpisode {
  source: string;
  plan: Plan;
  /** The episode's manifest.json, where its songs' models are read. */
  manifestPath: string;
  jobKey: (request: PlannedSong) => string;
}

/**
 * The lock after a run: each episode's entry holds the songs of its plan that have a concrete model, from its manifest
 * (this run's) or from the lock (a song made before whose manifest is gone). Written only when it changed; true then.
 */
export function recordModels(root: string, lock: ModelLock, episodes: readonly RunEpisode[]): boolean {
  const before = lockText(lock);
  for (const episode of episodes) {
    const made = new Map<string, string>();
    const manifestPath = episode.manifestPath;
    if (existsSync(manifestPath)) {
      try {
        const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
        for (const entry of manifest.requests ?? [])
          if (entry.kind === "song" && entry.state === "done" && typeof entry.model === "string") made.set(entry.job, entry.model);
      } catch {
        // A manifest podc cannot read locks nothing new; the run has reported what it could not write.
      }
    }
    const old = lock.episodes[episode.source]?.songs ?? {};
    const songs: EpisodeLock = {};
    for (const request of episode.plan.requests) {
      if (request.kind !== "song") continue;
      const model = made.get(episode.jobKey(request)) ?? old[request.key]?.model;
      if (model !== undefined) songs[request.key] = { song: request.origin.song ?? "", model };
    }
    if (Object.keys(songs).length > 0) lock.episodes[episode.source] = { songs };
    else delete lock.episodes[episode.source];
  }
  const after = lockText(lock);
  if (after === before) return false;
  writeFileDurably(join(root, LOCK_FILE), after);
  return true;
}

/** The lock as written: episodes and songs in code-unit order, so that a change shows as a small diff. */
function lockText(lock: ModelLock): string {
  const sorted = <T>(record: Record<string, T>) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const episodes = Object.fromEntries(Object.entries(sorted(lock.episodes)).map(([source, e]) => [source, { songs: sorted(e.songs) }]));
  return `${JSON.stringify({ lockVersion: LOCK_VERSION, episodes }, null, 2)}\n`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
