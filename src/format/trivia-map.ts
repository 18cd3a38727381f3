import type { Script } from "../ast/nodes.js";
import { walk } from "../ast/walk.js";

// Notes and boneyards must come out of the formatter exactly as they went in. Every edit the formatter makes is
// first checked against this map, and refused when it would touch a single character of one of them — or a line
// break inside one, or the end of a boneyard that runs to the end of the file.

interface Range {
  start: number;
  end: number;
  /** An unclosed boneyard: it takes everything to the end of the text, even what would be appended. */
  open: boolean;
}

/** The notes and boneyards of a parsed script, by offset into the text the tree was parsed from. */
export class TriviaMap {
  private readonly ranges: Range[] = [];
  private unclosedNote = Infinity;

  constructor(script: Script) {
    for (const b of script.boneyards) {
      this.ranges.push({ start: b.span.start.offset, end: b.span.end.offset, open: !b.terminated });
    }
    walk(script, [
      {
        Note: (note) => {
          this.ranges.push({ start: note.span.start.offset, end: note.span.end.offset, open: false });
          if (!note.terminated) this.unclosedNote = Math.min(this.unclosedNote, note.span.start.offset);
        },
      },
    ]);
    // The parser cuts trivia in one left-to-right pass, so ranges never overlap: sorted by start, they are sorted by end.
    this.ranges.sort((a, b) => a.start - b.start);
  }

  /** Every note and boneyard as [start, end) offsets, in source order. */
  all(): readonly { start: number; end: number }[] {
    return this.ranges;
  }

  /** Where the first unclosed note starts (Infinity if none). */
  get firstUnclosedNote(): number {
    return this.unclosedNote;
  }

  /** Whether the point `p` lies strictly inside a note or boneyard (inserting text there would change it). */
  inside(p: number): boolean {
    const r = this.lastStartingBefore(p);
    return r !== undefined && (p < r.end || r.open);
  }

  /** Whether replacing [from, to) would change a note or boneyard. An empty range asks about the point `from`. */
  touches(from: number, to: number): boolean {
    if (from === to) return this.inside(from);
    const r = this.lastStartingBefore(to);
    return r !== undefined && (from < r.end || r.open);
  }

  /** The first offset in [from, to) that is neither a space, a tab, nor inside a note or boneyard; `to` if none. */
  skip(text: string, from: number, to: number): number {
    let p = from;
    while (p < to) {
      const c = text.charCodeAt(p);
      if (c === 32 || c === 9) {
        p++;
        continue;
      }
      const r = this.containing(p);
      if (r === undefined) return p;
      p = r.end;
    }
    return Math.min(p, to);
  }

  /** Whether [from, to) holds a note or boneyard and nothing else but spaces and tabs. */
  onlyTrivia(text: string, from: number, to: number): boolean {
    return this.skipSpace(text, from, to) < to && this.skip(text, from, to) === to;
  }

  private skipSpace(text: string, from: number, to: number): number {
    let p = from;
    while (p < to && (text.charCodeAt(p) === 32 || text.charCodeAt(p) === 9)) p++;
    return p;
  }

  /** The range holding the character at `p`, if any. */
  private containing(p: number): Range | undefined {
    const r = this.lastStartingBefore(p + 1);
    return r !== undefined && p < r.end ? r : undefined;
  }

  /** The range with the greatest start below `p`. */
  private lastStartingBefore(p: number): Range | undefined {
    let lo = 0;
    let hi = this.ranges.length - 1;
    let found: Range | undefined;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const r = this.ranges[mid]!;
      if (r.start < p) {
        found = r;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }
}
