import type { Chapter } from "./chapters.js";
import type { EpisodeTags } from "./episode-tags.js";

/*
 * ffmpeg's metadata file (FFMETADATA1): the tags and chapters ffmpeg writes into every format — ID3v2 text frames and
 * CHAP/CTOC frames in the mp3, chapter atoms in the m4a, chapter comments in the opus and flac files.
 */

/** The metadata file for an episode with `tags` and `chapters` (times in milliseconds). */
export function ffmetadata(tags: EpisodeTags, chapters: readonly Chapter[]): string {
  const lines = [";FFMETADATA1"];
  const tag = (key: string, value: string | undefined) => {
    if (value !== undefined && value !== "") lines.push(`${key}=${escape(value)}`);
  };
  tag("title", tags.title);
  tag("album", tags.series ?? tags.title);
  tag("artist", tags.author);
  tag("album_artist", tags.author);
  tag("track", tags.episode !== undefined && /^\d+$/.test(tags.episode) ? String(Number(tags.episode)) : undefined);
  tag("genre", "Podcast");
  for (const chapter of chapters) {
    lines.push("[CHAPTER]", "TIMEBASE=1/1000", `START=${Math.round(chapter.startMs)}`, `END=${Math.round(chapter.endMs)}`);
    tag("title", chapter.title);
  }
  return `${lines.join("\n")}\n`;
}

/** A value as FFMETADATA1 reads it: `=`, `;`, `#`, `\` and line breaks escaped with a backslash. */
function escape(value: string): string {
  return value.replace(/[=;#\\\n]/g, (c) => `\\${c}`).replace(/\r/g, "");
}
