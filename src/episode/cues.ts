import { lyricTimings, type TimedLine } from "../contract/lyric-timings.js";
import type { PlannedPodcast, PlannedSong } from "../lower/plan.js";
import type { Clip, Timeline } from "./timeline.js";
import { turnStarts, type AlignOptions } from "./align.js";
import type { SegmentCache } from "./segment-cache.js";

/*
 * The transcript's cues: one per spoken turn, its speaker named, and during each song its lyrics, a few lines at a
 * time. A podcast clip holds several turns in one file: where each starts comes from its pauses (align.ts); a turn lasts
 * until the next one starts. Lyrics take their times from the take's `lyrics_sections` when the service gave usable
 * ones (lyric-timings.ts), and are otherwise spread over the song by their number of lines.
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

/**
 * Every cue of `line`, in time order. Where the turns of a request's audio start is read from `cache` when it knows;
 * `lyricsSectionsOf` gives the `lyrics_sections` the service answered with a song clip's file (as kept in the
 * manifest), if any.
 */
export async function cues(
  line: Timeline,
  options: AlignOptions & { cache?: SegmentCache },
  lyricsSectionsOf: (path: string) => unknown = () => undefined,
): Promise<Cue[]> {
  const list: Cue[] = [];
  const starts = new ClipTurnStarts(options);
  for (const clip of line.clips) {
    if (clip.request.kind !== "podcast") {
      list.push(...lyricCues(clip, clip.request, lyricsSectionsOf(clip.path)));
      continue;
    }
    list.push(...speechCues(clip, clip.request, await starts.of(clip, clip.request)));
  }
  return list;
}

/**
 * Where each turn of a podcast clip starts, in ms from the clip's start: what the transcript and the sound cues place
 * by. Read from the build cache when it knows.
 */
export class ClipTurnStarts {
  // A request the script repeats is one file placed several times: listen to it for pauses once.
  private readonly aligned = new Map<string, Promise<number[]>>();

  constructor(private readonly options: AlignOptions & { cache?: SegmentCache }) {}

  async of(clip: Clip, request: PlannedPodcast): Promise<readonly number[]> {
    // A clip the script's pauses edited knows where its turns start (pauses.ts): its file's times are not the clip's.
    const known = clip.edit?.turnStartsMs;
    if (known !== undefined) return known;
    const turns = request.body.conversations;
    const options = this.options;
    let starts = this.aligned.get(clip.path);
    if (starts === undefined) {
      const align = () => turnStarts(clip.path, turns, clip.durationMs, options);
      const settings = { turns: turns.map((turn) => turn.text), durationMs: clip.durationMs, wordsPerMinute: options.wordsPerMinute };
      this.aligned.set(clip.path, (starts = options.cache ? options.cache.remember("turn-starts", clip.path, settings, align) : align()));
    }
    return starts;
  }
}

function speechCues(clip: Clip, request: PlannedPodcast, starts: readonly number[]): Cue[] {
  const turns = request.body.conversations;
  const list: Cue[] = [];
  turns.forEach((turn, i) => {
    const startMs = clip.startMs + starts[i]!;
    const endMs = clip.startMs + (starts[i + 1] ?? clip.durationMs);
    // The words as written: a respelling from the pronunciation lexicon is for the voice only.
    const text = shownText(request.written?.[i] ?? turn.text);
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

function lyricCues(clip: Clip, request: PlannedSong, lyricsSections: unknown): Cue[] {
  const groups = lyricGroups(request.body.lyrics);
  const lines = groups.reduce((sum, group) => sum + group.length, 0);
  if (lines === 0) return [];
  const timed = timedGroups(groups, lyricsSections, clip.durationMs);
  if (timed) return timed.map((t, i) => ({ startMs: clip.startMs + t.startMs, endMs: clip.startMs + t.endMs, text: groups[i]!.join("\n"), kind: "lyrics" }));
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

/**
 * When each group of the script's lyrics is sung (ms from the take's start), from the service's timed lines; undefined
 * when they are absent, unreadable, or match too few of the script's lines — never an error, since a transcript with
 * evenly spread lyrics is still a transcript.
 */
function timedGroups(groups: readonly string[][], lyricsSections: unknown, durationMs: number): { startMs: number; endMs: number }[] | undefined {
  try {
    const timings = lyricsSections === undefined ? undefined : lyricTimings(lyricsSections, durationMs);
    if (!timings) return undefined;
    const script = groups.flat();
    const starts = lineStarts(script, timings.lines, durationMs);
    if (!starts) return undefined;
    const out: { startMs: number; endMs: number }[] = [];
    let first = 0;
    groups.forEach((group, g) => {
      const last = first + group.length - 1;
      const startMs = starts[first]!.startMs;
      const nextStart = g + 1 < groups.length ? starts[last + 1]!.startMs : durationMs;
      const endMs = Math.max(startMs + 1, Math.min(starts[last]!.endMs ?? nextStart, nextStart));
      out.push({ startMs, endMs });
      first = last + 1;
    });
    return out;
  } catch {
    return undefined;
  }
}

/** Letters and digits only, lower case: how a sung line is recognised whatever the punctuation or the tags. */
const spelled = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/**
 * The time of each of the script's sung lines: the service's line with the same words, in order; by position when
 * few words match but the service timed as many lines as the script has; the lines between two timed ones share the
 * time between them. Undefined when fewer than half the lines can be placed.
 */
function lineStarts(script: readonly string[], timed: readonly TimedLine[], durationMs: number): { startMs: number; endMs?: number }[] | undefined {
  let placed: (TimedLine | undefined)[] = script.map(() => undefined);
  let from = 0;
  script.forEach((line, i) => {
    const at = timed.findIndex((t, j) => j >= from && t.text !== undefined && spelled(t.text) === spelled(line));
    if (at < 0) return;
    placed[i] = timed[at];
    from = at + 1;
  });
  // Words the service wrote otherwise (or not at all), but one timed line for each of the script's: by position.
  if (placed.filter(Boolean).length * 2 < script.length && timed.length === script.length) placed = [...timed];
  if (placed.filter(Boolean).length * 2 < script.length) return undefined;
  const out: { startMs: number; endMs?: number }[] = [];
  let i = 0;
  while (i < script.length) {
    const known = placed[i];
    if (known) {
      out.push(known.endMs !== undefined ? { startMs: known.startMs, endMs: known.endMs } : { startMs: known.startMs });
      i++;
      continue;
    }
    // A run of lines the service did not time: evenly between the line before (or the take's start) and the next.
    let next = i;
    while (next < script.length && !placed[next]) next++;
    const to = next < script.length ? placed[next]!.startMs : durationMs;
    const before = out[i - 1];
    const from = Math.min(to, before ? (before.endMs ?? before.startMs) : 0);
    // After a line whose end is unknown, the first slot is that line's own.
    const slots = before && before.endMs === undefined ? next - i + 1 : next - i;
    const skip = slots - (next - i);
    for (let k = 0; k < next - i; k++) out.push({ startMs: Math.round(from + ((to - from) * (k + skip)) / slots) });
    i = next;
  }
  return out;
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
