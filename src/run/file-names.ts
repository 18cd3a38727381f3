import type { EpisodeEntry } from "./job.js";

/*
 * Audio file names come from the script, never from a link: `<order>-<slug>[-<choice>].<ext>`, e.g.
 * `01-cold-open.wav`, `02-night-shift-anthem-1.wav`. The order is the request's place among the
 * episode's distinct requests, the slug its section (podcast) or song title, the choice the song
 * take's index counted from 1. A link cannot steer a file out of its folder, and names stay stable
 * when the service changes its URLs.
 */

const EXTENSIONS: Record<string, string> = {
  "audio/wav": ".wav",
  "audio/x-wav": ".wav",
  "audio/wave": ".wav",
  "audio/vnd.wave": ".wav",
  "audio/mpeg": ".mp3",
  "audio/mp3": ".mp3",
  "audio/flac": ".flac",
  "audio/x-flac": ".flac",
  "audio/ogg": ".ogg",
  "audio/opus": ".opus",
  "audio/aac": ".aac",
  "audio/mp4": ".m4a",
};

/** The content type a file name's extension stands for (the first listed above), for files known only by name. */
export function contentTypeFor(fileName: string): string {
  const extension = /\.[^./]+$/.exec(fileName)?.[0]?.toLowerCase();
  return Object.entries(EXTENSIONS).find(([, ext]) => ext === extension)?.[0] ?? "application/octet-stream";
}

/** The file extension for a content type: .wav, .mp3, .flac, … and .bin for anything else. */
export function extensionFor(contentType: string): string {
  return EXTENSIONS[contentType.split(";")[0]!.trim().toLowerCase()] ?? ".bin";
}

/** Lower-case ASCII words joined by hyphens, at most 48 characters; accents are dropped, other letters too. */
export function slug(text: string): string {
  const plain = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return plain.slice(0, 48).replace(/-+$/, "");
}

/** `01-cold-open`: the name of an entry's files without choice and extension; `width` digits of order. */
export function fileStem(entry: EpisodeEntry, width: number): string {
  const { job } = entry;
  const origin = entry.origins[0]!;
  const name = job.kind === "song" ? origin.song : origin.section;
  const words = slug(name ?? "") || (job.kind === "song" ? "song" : "opening");
  return `${String(entry.order).padStart(width, "0")}-${words}`;
}

/** Digits of the order numbers of an episode with `count` entries: at least two, so names sort. */
export function orderWidth(count: number): number {
  return Math.max(2, String(count).length);
}

/** The file name of one choice: songs carry the choice (index + 1), a podcast has one file. */
export function choiceFileName(stem: string, kind: "song" | "podcast", choice: number, extension: string): string {
  return kind === "song" ? `${stem}-${choice + 1}${extension}` : `${stem}${extension}`;
}
