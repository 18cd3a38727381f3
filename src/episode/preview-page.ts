/*
 * The preview page `out/<episode>/index.html`: one static file that works from file:// (no server, no network),
 * with the episode's player, its chapters, its transcript and each song's takes.
 */

/** What the preview page shows; every time in milliseconds from the start of the episode's audio. */
export interface PreviewEpisode {
  title: string;
  /** The episode's audio, relative to the page (for example `lighthouse-keepers.mp3`). */
  audio: string;
  durationMs: number;
  chapters: { startMs: number; title: string; kind: "section" | "song" }[];
  /** One cue per turn (speaker named) and per lyric section during songs, in time order. */
  cues: { startMs: number; endMs: number; speaker?: string; text: string; kind: "speech" | "lyrics" }[];
  /** Every song with its takes, to compare them; `pick` is the 1-based take the episode uses. */
  songs: { title: string; startMs: number; pick: number; takes: { label: string; audio: string; durationMs?: number }[] }[];
}

/** The page's HTML for `episode`: one self-contained document. */
export function previewPage(episode: PreviewEpisode): string {
  const esc = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const time = (ms: number) => `${Math.floor(ms / 60000)}:${String(Math.floor((ms % 60000) / 1000)).padStart(2, "0")}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(episode.title)}</title></head>
<body>
<h1>${esc(episode.title)}</h1>
<audio controls preload="metadata" src="${esc(episode.audio)}"></audio>
<ol>${episode.chapters.map((c) => `<li>${time(c.startMs)} ${esc(c.title)}</li>`).join("")}</ol>
<ol>${episode.cues.map((c) => `<li>${time(c.startMs)} ${c.speaker ? `<b>${esc(c.speaker)}</b> ` : ""}${esc(c.text)}</li>`).join("")}</ol>
</body></html>
`;
}
