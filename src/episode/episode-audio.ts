import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { PlannedRequest } from "../lower/plan.js";
import { verifyFile } from "../files/file-hash.js";
import { MANIFEST_FILE, MANIFEST_VERSION, type Manifest, type ManifestFile } from "../run/index.js";
import { BuildError } from "./build-error.js";

/*
 * The audio the episode is made of, one piece per request of the plan in script order (a request the script repeats
 * is placed again each time): the file `podc run` downloaded and listed in the manifest, checked to be whole — its
 * size and sha256 as downloaded — before any of it is used. Anything missing or changed is named with the command
 * that fixes it.
 */

export interface PlacedAudio {
  request: PlannedRequest;
  /** The file the episode uses (for a song, the picked take), absolute. */
  path: string;
  /** Its sha256, as the manifest lists it and as the file was checked to be. */
  sha256: string;
  /** Its duration, when the manifest knows it. */
  durationMs?: number;
  /** The `lyrics_sections` the service answered with this take, when the manifest keeps them. */
  lyricsSections?: unknown;
  /** Every take of a song, as the manifest lists them (paths relative to the episode's folder); empty for a podcast. */
  takes: ManifestFile[];
}

export interface AudioSource {
  /** The episode's folder, where the manifest and the audio are. */
  outDir: string;
  /**
   * The job key of a planned request: what the manifest lists it by. Unknown when the service is not configured here:
   * the manifest's requests are then taken in order, as the run wrote them.
   */
  keyOf: ((request: PlannedRequest) => string) | undefined;
  /** The command that brings the audio back, for messages: `podc run --local examples/x.pod`. */
  fix: string;
  /** How a path of this machine is shown. */
  show: (path: string) => string;
}

/** The verified audio of every request of `requests`, in order. Throws BuildError naming what is missing or changed. */
export async function episodeAudio(requests: readonly PlannedRequest[], source: AudioSource): Promise<PlacedAudio[]> {
  const manifest = readManifest(source);
  const byJob = new Map(manifest.requests.map((r) => [r.job, r]));
  const order = new Map<string, number>();
  const listedFor = (request: PlannedRequest) => {
    if (source.keyOf) return byJob.get(source.keyOf(request));
    if (!order.has(request.key)) order.set(request.key, order.size);
    const listed = manifest.requests[order.get(request.key)!];
    return listed?.kind === request.kind ? listed : undefined;
  };
  const placed: PlacedAudio[] = [];
  const verified = new Set<string>();
  for (const request of requests) {
    const listed = listedFor(request);
    const what = request.kind === "song" ? `song "${request.origin.song ?? "untitled"}"` : `podcast "${request.origin.section ?? "opening"}"`;
    if (!listed || listed.state !== "done" || listed.files.length === 0) {
      const why = !listed
        ? "has no audio yet (the script changed since its last run)"
        : listed.state !== "done"
          ? `is not done (${listed.state})`
          : "has no audio";
      throw new BuildError(`the ${what} at line ${request.origin.line} ${why}: run \`${source.fix}\` first`);
    }
    const takes = request.kind === "song" ? [...listed.files].sort((a, b) => (a.choice ?? 0) - (b.choice ?? 0)) : [];
    const pick = request.kind === "song" ? (request.pick ?? 1) : 1;
    const file = request.kind === "song" ? takes.find((f) => f.choice === pick - 1) : listed.files[0];
    if (!file)
      throw new BuildError(
        `the ${what} at line ${request.origin.line} has ${takes.length} take${takes.length === 1 ? "" : "s"}, so there is no take ${pick} to pick: change its Pick`,
      );
    // Every take is checked, not only the picked one: the preview page offers them all.
    for (const checked of request.kind === "song" ? takes : [file]) {
      const path = join(source.outDir, checked.path);
      if (verified.has(path)) continue;
      if (!existsSync(path)) throw new BuildError(`${source.show(path)} is missing: run \`${source.fix}\` to fetch it again`);
      if (!(await verifyFile(path, checked.bytes, checked.sha256))) {
        throw new BuildError(
          `${source.show(path)} is not the file podc downloaded (its size or sha256 differs from the manifest): run \`${source.fix}\` to fetch it again`,
        );
      }
      verified.add(path);
    }
    const piece: PlacedAudio = { request, path: join(source.outDir, file.path), sha256: file.sha256, takes };
    if (file.durationMs !== undefined) piece.durationMs = file.durationMs;
    if (file.lyricsSections !== undefined) piece.lyricsSections = file.lyricsSections;
    placed.push(piece);
  }
  return placed;
}

/** Whether the manifest in `outDir` says every request of the episode is done: what a run must reach before its build. */
export function everyRequestDone(outDir: string): boolean {
  try {
    const manifest = JSON.parse(readFileSync(join(outDir, MANIFEST_FILE), "utf8")) as Partial<Manifest> | null;
    return Array.isArray(manifest?.requests) && manifest.requests.every((r) => r.state === "done" && r.files.length > 0);
  } catch {
    return false;
  }
}

function readManifest(source: AudioSource): Manifest {
  const path = join(source.outDir, MANIFEST_FILE);
  if (!existsSync(path)) throw new BuildError(`no audio yet in ${source.show(source.outDir)}/: run \`${source.fix}\` first`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new BuildError(`${source.show(path)} is not readable (${(error as Error).message}): run \`${source.fix}\` to write it again`);
  }
  const manifest = json as Partial<Manifest> | null;
  if (manifest?.manifestVersion !== MANIFEST_VERSION || !Array.isArray(manifest.requests)) {
    const newer = typeof manifest?.manifestVersion === "number" && manifest.manifestVersion > MANIFEST_VERSION;
    throw new BuildError(
      newer
        ? `${source.show(path)} was written by a newer podc: upgrade podc`
        : `${source.show(path)} is not a podc manifest: run \`${source.fix}\` to write it again`,
    );
  }
  return manifest as Manifest;
}
