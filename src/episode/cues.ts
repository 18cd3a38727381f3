import type { PlannedPodcast, PlannedSong } from "../lower/plan.js";
import type { Clip, Timeline } from "./timeline.js";
import { turnStarts, type AlignOptions } from "./align.js";
import type { SegmentCache } from "./segment-cache.js";

/*
 * The transcript's cues: one per spoken turn, its speaker named, and during each song its lyrics, a few lines at a
 * time. A podcast clip holds several turns in one file: where each starts comes from its pauses (align.ts); a turn lasts
 * until the next one starts. Lyrics are spread over the song by their number of lines: the service says nothing of
 * when each is sung.
 */

export interface Cue {
  startMs: number;
  endMs: number;
  /** The speaker's cast label; absent for lyrics. */
  speaker?: string;
  text: string;
  kind: "speech" | "lyrics";
}

/** Most lines of lyrics shown at once, as captions are read. */
const LYRIC_LINES_PER_CUE = 2;

/** Every cue of `line`, in time order; where the turns of a request's audio start is read from `cache` when it knows. */
export async function cues(line: Timeline, options: AlignOptions & { cache?: SegmentCache }): Promise<Cue[]> {
  const list: Cue[] = [];
  // A request the script repeats is one file placed several times: listen to it for pauses once.
  const aligned = new Map<string, Promise<number[]>>();
  for (const clip of line.clips) {
    if (clip.request.kind !== "podcast") {
      list.push(...lyricCues(clip, clip.request));
      continue;
    }
    const turns = clip.request.body.conversations;
    let starts = aligned.get(clip.path);
    if (starts === undefined) {
      const align = () => turnStarts(clip.path, turns, clip.durationMs, options);
      const settings = { turns: turns.map((turn) => turn.text), durationMs: clip.durationMs, wordsPerMinute: options.wordsPerMinute };
      aligned.set(clip.path, (starts = options.cache ? options.cache.remember("turn-starts", clip.path, settings, align) : align()));
    }
    list.push(...speechCues(clip, clip.request, await starts));
  }
  return list;
}

function speechCues(clip: Clip, request: PlannedPodcast, starts: readonly number[]): Cue[] {
  const turns = request.body.conversations;
  const list: Cue[] = [];
  turns.forEach((turn, i) => {
    const startMs = clip.startMs + starts[i]!;
    const endMs = clip.startMs + (starts[i + 1] ?? clip.durationMs);
    const text = shownText(turn.text);
    if (text === "" || endMs <= startMs) return;
    const cue: Cue = { startMs, endMs, text, kind: "speech" };
    const speaker = request.speakers[i];
    if (speaker !== undefined) cue.speaker = speaker;
    list.push(cue);
  });
  return list;
}

/** A turn's text as a reader wants it: without the tags meant for the voice (`[laugh]`, `<break time="1s"/>`). */
function shownText(text: string): string {
  return text
    .replace(/<[^>]*>/g, " ")
    .replace(/\[[^\]\n]*\]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function lyricCues(clip: Clip, request: PlannedSong): Cue[] {
  const groups = lyricGroups(request.body.lyrics);
  const lines = groups.reduce((sum, group) => sum + group.length, 0);
  if (lines === 0) return [];
  const list: Cue[] = [];
  let sung = 0;
  for (const group of groups) {
    const startMs = clip.startMs + Math.round((sung / lines) * clip.durationMs);
    sung += group.length;
    const endMs = clip.startMs + Math.round((sung / lines) * clip.durationMs);
    list.push({ startMs, endMs, text: group.join("\n"), kind: "lyrics" });
  }
  return list;
}

/** The sung lines of `lyrics` in groups: a section marker or a blank line ends one, and none is longer than two lines. */
export function lyricGroups(lyrics: string): string[][] {
  const groups: string[][] = [];
  let group: string[] = [];
  const close = () => {
    for (let i = 0; i < group.length; i += LYRIC_LINES_PER_CUE) groups.push(group.slice(i, i + LYRIC_LINES_PER_CUE));
    group = [];
  };
  for (const raw of lyrics.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" || /^\[[^\]]*\]$/.test(line)) close();
    else {
      const text = shownText(line);
      if (text !== "") group.push(text);
    }
  }
  close();
  return groups;
}
