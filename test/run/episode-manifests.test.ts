/*
 * An episode's manifest during a run: rewritten whole after every file made a run of n files cost n² (each
 * rewrite is the whole manifest, fsynced); now it is rewritten when the files have doubled since its last
 * write, or when it is a few seconds old, and always at the end. At every moment it is valid JSON listing only
 * files that are complete — at least half of those the run has placed so far, once its writes (off the main
 * thread) have settled.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EpisodeManifests } from "../../src/run/episode-folder.js";
import { emptyRecord } from "../../src/state/job-record.js";
import type { Episode, Job } from "../../src/run/job.js";

function episodeOf(n: number): Episode {
  const outDir = join(mkdtempSync(join(tmpdir(), "podc-manifests-")), "out", "episode");
  const entries = Array.from({ length: n }, (_, i) => ({
    job: { key: `${i}`.padStart(64, "0"), kind: "podcast" } as Job,
    order: i + 1,
    origins: [{ line: i + 1 }],
  }));
  return { name: "episode", source: "episode.pod", outDir, entries };
}

const listed = (episode: Episode): number | undefined => {
  try {
    const manifest = JSON.parse(readFileSync(join(episode.outDir, "manifest.json"), "utf8")) as { requests: { files: unknown[] }[] };
    return manifest.requests.reduce((n, r) => n + r.files.length, 0);
  } catch {
    return undefined;
  }
};

const fileOf = (episode: Episode, i: number) => ({ choice: 0, path: join(episode.outDir, `${i}.wav`), bytes: 1, sha256: "a".repeat(64) });

describe("an episode's manifest during a run", () => {
  it("is rewritten a logarithmic number of times, and always lists at least half the files placed so far", async () => {
    const episode = episodeOf(200);
    const manifests = new EpisodeManifests(emptyRecord, () => 0);
    const seen: number[] = [];
    for (let i = 0; i < 200; i++) {
      manifests.add(episode, episode.entries[i]!.job.key, fileOf(episode, i), true);
      await manifests.settled();
      const now = listed(episode)!;
      expect(now).toBeGreaterThanOrEqual(Math.ceil((i + 1) / 2));
      expect(now).toBeLessThanOrEqual(i + 1);
      if (seen[seen.length - 1] !== now) seen.push(now);
    }
    expect(seen).toEqual([1, 2, 4, 8, 16, 32, 64, 128]);
    manifests.write(episode);
    expect(listed(episode)).toBe(200);
  });

  it("is rewritten at the next file once it is five seconds old, however few files came since", async () => {
    const episode = episodeOf(10);
    let clock = 0;
    const manifests = new EpisodeManifests(emptyRecord, () => clock);
    for (let i = 0; i < 3; i++) manifests.add(episode, episode.entries[i]!.job.key, fileOf(episode, i), true);
    await manifests.settled();
    expect(listed(episode)).toBe(2);
    clock = 5_000;
    manifests.add(episode, episode.entries[3]!.job.key, fileOf(episode, 3), true);
    await manifests.settled();
    expect(listed(episode)).toBe(4);
  });

  it("is not rewritten for files that were already there and only verified", () => {
    const episode = episodeOf(3);
    const manifests = new EpisodeManifests(emptyRecord, () => 0);
    manifests.add(episode, episode.entries[0]!.job.key, fileOf(episode, 0), false);
    expect(listed(episode)).toBeUndefined();
    manifests.write(episode);
    expect(listed(episode)).toBe(1);
  });

  it("fails the run's end when a mid-run write failed (the folder is a file)", async () => {
    const episode = episodeOf(2);
    episode.outDir = join(mkdtempSync(join(tmpdir(), "podc-manifests-")), "blocked");
    writeFileSync(episode.outDir, "");
    const manifests = new EpisodeManifests(emptyRecord, () => 0);
    manifests.add(episode, episode.entries[0]!.job.key, fileOf(episode, 0), true);
    await expect(manifests.settled()).rejects.toThrow();
  });
});
