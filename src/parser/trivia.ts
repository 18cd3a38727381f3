/**
 * Boneyards (`/* … *\/`) and notes (`[[ … ]]`) can sit anywhere, even across lines and inside other elements, so
 * they are cut out before lines are classified. The rest of the parser reads `masked`: the same text with every
 * character of a boneyard or note replaced by MASK, line breaks included — what a boneyard hides, an empty line among
 * it too, is no line at all — so offsets stay those of the source while lines are those left once trivia is gone
 * (`visibleLineStarts`).
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

// A CR directly followed by LF is one line break, not a blank line between two.
const BLANK_LINE = /(?:\r\n|\r(?!\n)|\n)[ \t]*(?:\r\n|\r|\n)/g;
// In Fountain, a line of two spaces or more (and nothing else) joins what is around it: a note may hold one.
const FOUNTAIN_BLANK_LINE = /(?:\r\n|\r(?!\n)|\n)(?: ?|[ \t]*\t[ \t]*)(?:\r\n|\r|\n)/g;

/**
 * Whether `text` holds a blank line as Fountain has it (a line of two spaces is none). A boneyard that held one stands
 * for the blank line it hid: what follows it starts afresh.
 */
export function holdsFountainBlankLine(text: string): boolean {
  FOUNTAIN_BLANK_LINE.lastIndex = 0;
  return FOUNTAIN_BLANK_LINE.test(text);
}

/**
 * Finds boneyards and notes in one left-to-right pass; linear even for many unclosed openers. `fountain`: a line of
 * two spaces is no blank line, as fountain.io has it.
 */
export function cutTrivia(text: string, fountain = false): Trivia {
  const blankLine = fountain ? FOUNTAIN_BLANK_LINE : BLANK_LINE;
  const ranges: TriviaRange[] = [];
  const strayCloses: number[] = [];
  // Each search result stays valid for every later start up to it, so it is searched again only once passed:
  // this keeps thousands of unclosed `[[` linear. The three marks are found with indexOf, which skips plain text far
  // faster than a regular expression; at any offset the leftmost mark wins (no two marks start with the same
  // character, so they never tie).
  let nextNoteClose = -2;
  let nextBlank = -2;
  let nextBoneyardClose = -2;
  let nextBoneyard = text.indexOf("/*");
  let nextNote = text.indexOf("[[");
  let nextStray = text.indexOf("*/");
  let at = 0;
  for (;;) {
    if (nextBoneyard !== -1 && nextBoneyard < at) nextBoneyard = text.indexOf("/*", at);
    if (nextNote !== -1 && nextNote < at) nextNote = text.indexOf("[[", at);
    if (nextStray !== -1 && nextStray < at) nextStray = text.indexOf("*/", at);
    const start = leftmost(leftmost(nextBoneyard, nextNote), nextStray);
    if (start === -1) break;
    if (start === nextStray) {
      strayCloses.push(start);
      at = start + 2;
      continue;
    }
    if (start === nextBoneyard) {
      if (nextBoneyardClose !== -1 && nextBoneyardClose < start + 2) nextBoneyardClose = text.indexOf("*/", start + 2);
      const terminated = nextBoneyardClose !== -1;
      const end = terminated ? nextBoneyardClose + 2 : text.length;
      ranges.push({ kind: "boneyard", start, end, terminated });
      at = end;
      continue;
    }
    if (nextNoteClose !== -1 && nextNoteClose < start + 2) nextNoteClose = text.indexOf("]]", start + 2);
    if (nextBlank !== -1 && nextBlank < start) {
      blankLine.lastIndex = start;
      nextBlank = blankLine.exec(text)?.index ?? -1;
    }
    // A note may span lines but not a blank line: an unclosed `[[` then only takes the rest of its own line.
    // Nor another note's opening on a later line: notes do not nest, so a `]]` after it closes that note, and the first
    // one was left open (a deleted `]]` would otherwise hide every line up to the next note's end).
    let closes = nextNoteClose !== -1 && (nextBlank === -1 || nextNoteClose < nextBlank);
    const lineEnd = lineEndFrom(text, start);
    if (closes && nextNoteClose > lineEnd) {
      const inner = text.indexOf("[[", start + 2);
      if (inner !== -1 && inner < nextNoteClose && inner > lineEnd) closes = false;
    }
    const end = closes ? nextNoteClose + 2 : lineEnd;
    ranges.push({ kind: "note", start, end, terminated: closes });
    at = end;
  }
  return { masked: ranges.length === 0 ? text : mask(text, ranges), ranges, strayCloses };
}

/** The smaller of two indexOf results, -1 meaning none. */
function leftmost(a: number, b: number): number {
  return a === -1 ? b : b === -1 ? a : a < b ? a : b;
}

/**
 * Offset of the line break that ends the line holding `from` (or the text's end), read on from `from`: linear in what it
 * reads, so readers that each ask from a later offset read the text once in all. A loop, not a regular expression: run
 * for every element of a script, the expression cost the tree builder 2 % of checking it, in instructions run.
 */
export function lineEndFrom(text: string, from: number): number {
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
    parts.push(text.slice(at, r.start), MASK.repeat(r.end - r.start));
    at = r.end;
  }
  parts.push(text.slice(at));
  return parts.join("");
}

/** The source's line starts without those whose line break lies inside trivia: the line table of the masked text. */
export function visibleLineStarts(lineStarts: Uint32Array, ranges: readonly TriviaRange[]): Uint32Array {
  if (ranges.length === 0) return lineStarts;
  // Most notes sit within one line: then every line break is visible and the table is the source's own, not a copy.
  if (!ranges.some((r) => hidesBreak(lineStarts, r))) return lineStarts;
  const visible = new Uint32Array(lineStarts.length);
  let n = 0;
  let r = 0;
  for (let i = 0; i < lineStarts.length; i++) {
    const start = lineStarts[i]!;
    while (r < ranges.length && ranges[r]!.end < start) r++;
    const range = ranges[r];
    // The break before `start` ends at `start`; it is hidden when the range covers it (start > range.start,
    // start <= range.end: a range never ends right after a break it did not take, so this is exact).
    if (range && start > range.start && start <= range.end && start > 0) continue;
    visible[n++] = start;
  }
  return visible.subarray(0, n);
}

/** Whether a line break lies inside `range` (a line starts within it, after its first character). */
function hidesBreak(lineStarts: Uint32Array, range: TriviaRange): boolean {
  // The first line start after range.start, by binary search.
  let lo = 0;
  let hi = lineStarts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (lineStarts[mid]! <= range.start) lo = mid + 1;
    else hi = mid;
  }
  return lo < lineStarts.length && lineStarts[lo]! <= range.end;
}
