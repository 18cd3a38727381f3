import { clock, cspHash, escapeHtml, isoDuration, relativeUrl, scriptJson } from "./preview-page/html.js";
import { PREVIEW_SCRIPT } from "./preview-page/script.js";
import { PREVIEW_STYLE } from "./preview-page/style.js";

/*
 * The preview page `out/<episode>/index.html`: one static file that works from file:// (no server, no network),
 * with the episode's player, its chapters, its transcript and each song's takes.
 *
 * Every line is in the HTML itself (readable, searchable and printable without the script); the script only gets
 * the times, as JSON. A content security policy allows the page's own script and style (by hash) and its audio, and
 * nothing else: even text that slipped past escaping could neither run nor reach the network.
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
  /** On a published site (podc publish): the podcast's name over the title, and links to its home, feed and apps. */
  site?: { podcast: string; links: { label: string; href: string }[] };
}

type Cue = PreviewEpisode["cues"][number];
type Chapter = PreviewEpisode["chapters"][number];
type Song = PreviewEpisode["songs"][number];

const SPEAKER_COLOURS = 6;
const SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2];
/** Lines per list: the browser skips the layout of a list off screen (content-visibility), so lists stay short. */
const CUES_PER_LIST = 100;

/** The page's HTML for `episode`: one self-contained document. */
export function previewPage(episode: PreviewEpisode): string {
  // The highlight's binary search and the grouping under chapters need time order; a stable sort keeps ties as given.
  const byStart = (a: { startMs: number }, b: { startMs: number }) => a.startMs - b.startMs;
  return page({ ...episode, chapters: [...episode.chapters].sort(byStart), cues: [...episode.cues].sort(byStart) });
}

function page(episode: PreviewEpisode): string {
  const title = escapeHtml(episode.title);
  const data = { durationMs: episode.durationMs, chapters: episode.chapters.map((c) => c.startMs), cues: episode.cues.map((c) => [c.startMs, c.endMs]) };
  const policy = [
    "default-src 'none'",
    `script-src '${cspHash(PREVIEW_SCRIPT)}'`,
    `style-src '${cspHash(PREVIEW_STYLE)}'`,
    "media-src 'self' file:",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${policy}">
<meta name="color-scheme" content="light dark">
<meta name="generator" content="podc">
<title>${title}</title>
<style>${PREVIEW_STYLE}</style>
</head>
<body>
<a class="skip" href="#transcript">Skip to the transcript</a>
<header class="bar">
<div class="bar-inner">
<div><p class="kicker">${episode.site ? escapeHtml(episode.site.podcast) : "Episode preview"}</p><h1>${title}</h1></div>${siteLinks(episode.site)}
<p class="meta"><time datetime="${isoDuration(episode.durationMs)}">${clock(episode.durationMs)}</time><span class="download"> · <a href="${escapeHtml(relativeUrl(episode.audio))}" download>Download the audio</a></span></p>
<audio id="player" class="player" controls preload="metadata" aria-label="The episode" src="${escapeHtml(relativeUrl(episode.audio))}"></audio>
<div class="now"><span id="now-chapter" class="now-chapter"></span><button type="button" id="follow" class="follow" hidden>Follow the audio</button><label class="speed">Speed <select id="speed">${SPEEDS.map((x) => `<option value="${x}"${x === 1 ? " selected" : ""}>${x}×</option>`).join("")}</select></label></div>
</div>
</header>
<main class="layout">
<div class="side">
${chaptersPanel(episode.chapters)}
${songsPanel(episode.songs)}
</div>
${transcriptPanel(episode)}
</main>
<footer>
<p>Click a line or a chapter to play from there. Keyboard: Tab to the transcript, then</p>
<dl><div><dt><kbd>↑</kbd> <kbd>↓</kbd></dt> <dd>move between lines</dd></div><div><dt><kbd>Enter</kbd></dt> <dd>play from the line</dd></div><div><dt><kbd>k</kbd></dt> <dd>play or pause</dd></div><div><dt><kbd>j</kbd> <kbd>l</kbd></dt> <dd>back or ahead 5 seconds</dd></div><div><dt><kbd>f</kbd></dt> <dd>follow the audio</dd></div></dl>
<p>Made by podc from the episode's script; the times of spoken lines are estimated from the audio.</p>
</footer>
<script type="application/json" id="episode-data">${scriptJson(data)}</script>
<script>${PREVIEW_SCRIPT}</script>
</body>
</html>
`;
}

function siteLinks(site: PreviewEpisode["site"]): string {
  if (!site) return "";
  return `<nav class="site-links" aria-label="The podcast">${site.links.map((l) => `<a href="${escapeHtml(l.href)}">${escapeHtml(l.label)}</a>`).join(" ")}</nav>`;
}

function chaptersPanel(chapters: readonly Chapter[]): string {
  const items = chapters.map(
    (c) =>
      `<li><button type="button" data-start="${c.startMs}"><time datetime="${isoDuration(c.startMs)}">${clock(c.startMs)}</time><span>${songMark(c.kind)}<span class="title">${escapeHtml(c.title)}</span></span></button></li>`,
  );
  const body = items.length > 0 ? `<ol class="chapter-list">\n${items.join("\n")}\n</ol>` : `<p class="empty">This episode has no chapters.</p>`;
  return `<nav class="chapters panel" aria-labelledby="chapters-heading">
<h2 id="chapters-heading">Chapters</h2>
${body}
</nav>`;
}

function songMark(kind: Chapter["kind"]): string {
  return kind === "song" ? `<span class="song-mark" aria-hidden="true">♪ </span><span class="visually-hidden">Song: </span>` : "";
}

/** The transcript, grouped under the chapter each cue starts in; cues keep one index across groups. */
function transcriptPanel(episode: PreviewEpisode): string {
  const colours = new Map<string, number>();
  const groups: string[] = [];
  let chapter = 0;
  let open = false;
  let inList = 0;
  const close = () => {
    if (open) groups.push("</ol>\n</div>");
    open = false;
  };
  const openGroup = (heading: Chapter | undefined) => {
    close();
    // A heading, not a landmark: a hundred chapters would otherwise be a hundred regions to a screen reader.
    groups.push(`<div class="group">${heading ? `\n<h3>${songMark(heading.kind)}${escapeHtml(heading.title)}</h3>` : ""}\n<ol class="cues">`);
    open = true;
    inList = 0;
  };
  for (const [index, cue] of episode.cues.entries()) {
    // Every chapter started by now gets its heading, even one without words (a song without lyrics).
    while (chapter < episode.chapters.length && episode.chapters[chapter]!.startMs <= cue.startMs) openGroup(episode.chapters[chapter++]);
    if (!open) openGroup(undefined);
    if (inList === CUES_PER_LIST) {
      groups.push(`</ol>\n<ol class="cues">`);
      inList = 0;
    }
    inList++;
    groups.push(cueItem(cue, index, colours));
  }
  while (episode.cues.length > 0 && chapter < episode.chapters.length) openGroup(episode.chapters[chapter++]);
  close();
  const body = groups.length > 0 ? groups.join("\n") : `<p class="empty">This episode has no transcript.</p>`;
  return `<section id="transcript" class="transcript panel" aria-labelledby="transcript-heading">
<h2 id="transcript-heading">Transcript</h2>
${body}
</section>`;
}

function cueItem(cue: Cue, index: number, colours: Map<string, number>): string {
  let who = "";
  if (cue.kind === "lyrics") {
    who = `<span class="who"><span aria-hidden="true">♪ </span>${cue.speaker === undefined ? "Lyrics" : escapeHtml(cue.speaker)}</span>`;
  } else if (cue.speaker !== undefined) {
    if (!colours.has(cue.speaker)) colours.set(cue.speaker, colours.size % SPEAKER_COLOURS);
    who = `<span class="who s${colours.get(cue.speaker)}">${escapeHtml(cue.speaker)}</span>`;
  }
  // Only the first line is a tab stop; the script moves it along with the audio and the arrow keys.
  return `<li class="cue ${cue.kind}"><button type="button" data-start="${cue.startMs}" data-index="${index}" tabindex="${index === 0 ? 0 : -1}"><time datetime="${isoDuration(cue.startMs)}">${clock(cue.startMs)}</time>${who}<span class="text">${escapeHtml(cue.text)}</span></button></li>`;
}

function songsPanel(songs: readonly Song[]): string {
  if (songs.length === 0) return "";
  const items = songs.map((song, s) => {
    const takes = song.takes.map((take, t) => {
      const picked = t + 1 === song.pick;
      const length = take.durationMs === undefined ? "" : ` <time datetime="${isoDuration(take.durationMs)}">${clock(take.durationMs)}</time>`;
      return `<li class="take${picked ? " picked" : ""}"><span class="take-label">${escapeHtml(take.label)}${length}</span>${picked ? `<strong class="badge">in the episode</strong>` : "<span></span>"}<audio controls preload="metadata" src="${escapeHtml(relativeUrl(take.audio))}" aria-label="${escapeHtml(`${song.title}, ${take.label}`)}"></audio></li>`;
    });
    const single =
      song.takes.length === 1
        ? `<p class="hint">One take was made. <code>Takes: 2</code> or <code>3</code> asks for more to choose from; each take is billed.</p>`
        : "";
    return `<article class="song" aria-labelledby="song-${s}">
<h3 id="song-${s}">${escapeHtml(song.title)}</h3>
<button type="button" class="at" data-start="${song.startMs}">Play it in the episode, at ${clock(song.startMs)}</button>
<ol class="take-list">
${takes.join("\n")}
</ol>
${single}</article>`;
  });
  return `<section class="takes panel" aria-labelledby="takes-heading">
<h2 id="takes-heading">Songs and their takes</h2>
<p class="hint">To put another take in the episode, write <code>Pick: N</code> under the song's title in the script and run <code>podc build</code>. The takes are already downloaded: nothing is sent and nothing is paid again.</p>
${items.join("\n")}
</section>`;
}
