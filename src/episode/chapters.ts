import { withoutEmphasis } from "../ast/emphasis.js";
import type { Timeline } from "./timeline.js";

/*
 * The episode's chapters: one for every section that is heard and one for every song, in order, each lasting until
 * the next. A section split over several requests (or a repeated request) is one chapter as long as nothing else
 * comes between its pieces.
 */

export interface Chapter {
  title: string;
  kind: "section" | "song";
  startMs: number;
  endMs: number;
}

/** What speech before the first section heading is called. */
const OPENING_TITLE = "Opening";

/** A screenplay's scene number at the end of a heading: `INT. HOUSE - DAY #1#`, `#12A#`, `#I-1-A#`. */
const SCENE_NUMBER = /\s*#([\p{L}\p{N}.-]+)#\s*$/u;

/**
 * A heading as a chapter's title: without emphasis marks (`**Part one**`), and without a screenplay's scene number
 * (`INT. HOUSE - DAY #1#`), which is the page's layout, not words a listener reads, unless `sceneNumbers` asks for it
 * (then before the heading, as a list numbers its items: `1. INT. HOUSE - DAY`).
 */
function chapterTitle(heading: string | undefined, sceneNumbers: boolean): string {
  if (heading === undefined) return "";
  const plain = withoutEmphasis(heading);
  const scene = SCENE_NUMBER.exec(plain)?.[1];
  const title = plain.replace(SCENE_NUMBER, "").replace(/\s+/g, " ").trim();
  return sceneNumbers && scene !== undefined ? `${scene}. ${title}`.trim() : title;
}

/** The chapters of `line`, covering it from 0 to its end without a hole; `sceneNumbers`: see chapterTitle. */
export function chapters(line: Timeline, { sceneNumbers = false }: { sceneNumbers?: boolean } = {}): Chapter[] {
  const list: Chapter[] = [];
  for (const clip of line.clips) {
    const { request } = clip;
    const kind = request.kind === "song" ? "song" : "section";
    const title =
      chapterTitle(request.kind === "song" ? request.origin.song : request.origin.section, sceneNumbers) || (kind === "song" ? "Song" : OPENING_TITLE);
    const last = list.at(-1);
    if (last && kind === "section" && last.kind === "section" && last.title === title) continue;
    if (last) last.endMs = clip.startMs;
    list.push({ title, kind, startMs: list.length === 0 ? 0 : clip.startMs, endMs: line.durationMs });
  }
  return list;
}

/** Podcasting 2.0 JSON chapters (version 1.2.0): start times in seconds. */
export function chaptersJson(list: readonly Chapter[], title?: string): string {
  const json = {
    version: "1.2.0",
    ...(title !== undefined ? { title } : {}),
    chapters: list.map((c) => ({ startTime: seconds(c.startMs), endTime: seconds(c.endMs), title: c.title })),
  };
  return `${JSON.stringify(json, null, 2)}\n`;
}

function seconds(ms: number): number {
  return Math.round(ms) / 1000;
}
