/**
 * Boneyards (`/* … *\/`) and notes (`[[ … ]]`) can sit anywhere, even across lines and inside other elements, so
 * they are cut out before lines are classified. The rest of the parser reads `masked`: the same text with every
 * character of a boneyard or note replaced by MASK (line breaks kept), so offsets and lines stay those of the source.
 */

export const MASK = "\u0000";

export interface TriviaRange {
  kind: "boneyard" | "note";
  start: number;
  end: number;
  terminated: boolean;
}

export interface Trivia {
  masked: string;
  ranges: TriviaRange[];
  /** Offsets of `*\/` that close nothing. */
  strayCloses: number[];
}

const OPENER = /\/\*|\[\[|\*\//g;
const BLANK_LINE = /(?:\r\n|\r|\n)[ \t]*(?:\r\n|\r|\n)/g;

/** Finds boneyards and notes in one left-to-right pass; linear even for many unclosed openers. */
export function cutTrivia(text: string): Trivia {
  const ranges: TriviaRange[] = [];
  const strayCloses: number[] = [];
  // Each search result stays valid for every later start up to it, so it is searched again only once passed:
  // this keeps thousands of unclosed `[[` linear.
  let nextNoteClose = -2;
  let nextBlank = -2;
  let nextBoneyardClose = -2;
  OPENER.lastIndex = 0;
  for (let m = OPENER.exec(text); m !== null; m = OPENER.exec(text)) {
    const start = m.index;
    if (m[0] === "*/") {
      strayCloses.push(start);
      continue;
    }
    if (m[0] === "/*") {
      if (nextBoneyardClose !== -1 && nextBoneyardClose < start + 2) nextBoneyardClose = text.indexOf("*/", start + 2);
      const terminated = nextBoneyardClose !== -1;
      const end = terminated ? nextBoneyardClose + 2 : text.length;
      ranges.push({ kind: "boneyard", start, end, terminated });
      OPENER.lastIndex = end;
      continue;
    }
    if (nextNoteClose !== -1 && nextNoteClose < start + 2) nextNoteClose = text.indexOf("]]", start + 2);
    if (nextBlank !== -1 && nextBlank < start) {
      BLANK_LINE.lastIndex = start;
      nextBlank = BLANK_LINE.exec(text)?.index ?? -1;
    }
    // A note may span lines but not a blank line: an unclosed `[[` then only takes the rest of its own line.
    const closesBeforeBlank = nextNoteClose !== -1 && (nextBlank === -1 || nextNoteClose < nextBlank);
    const end = closesBeforeBlank ? nextNoteClose + 2 : lineEndFrom(text, start);
    ranges.push({ kind: "note", start, end, terminated: closesBeforeBlank });
    OPENER.lastIndex = end;
  }
  return { masked: ranges.length === 0 ? text : mask(text, ranges), ranges, strayCloses };
}

function lineEndFrom(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) return i;
  }
  return text.length;
}

function mask(text: string, ranges: TriviaRange[]): string {
  const parts: string[] = [];
  let at = 0;
  for (const r of ranges) {
    parts.push(text.slice(at, r.start), text.slice(r.start, r.end).replace(/[^\r\n]/g, MASK));
    at = r.end;
  }
  parts.push(text.slice(at));
  return parts.join("");
}
