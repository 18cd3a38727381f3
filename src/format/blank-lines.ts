import type { LinePlan, PlannedLine } from "./line-plan.js";
import type { ScriptLines } from "./lines.js";

// Blank lines carry meaning in a script only by being there: one ends the title page, a speech or an unreadable
// run, and in a song one among the lyrics is a stanza break. Lines of notes or boneyard are skipped by the parser altogether. So between two
// elements the formatter may collapse blank lines to one, add one where two blocks meet, or move one across notes;
// and inside a song add one before a section marker or after the headers, or take one away before END SONG —
// except after an unclosed note, which ends at the next blank line (see pinned). Those are the only changes made here.
//
// The layout:
// - no blank line at the start or end of the file, and never two in a row;
// - between two blocks of which one is the title page, a section heading, a song or a cue-form speech: exactly one
//   (where the writer put blank lines among the notes between them, there; else right before the second block);
// - between two paragraph elements (inline speeches, directions, notes, unreadable lines): one if the writer left
//   any, none if not — a dialogue written line after line stays so;
// - inside a song: one after its header lines and one before each known section marker; none among the headers or
//   before END SONG; elsewhere one if the writer left any (a stanza break), none if not (a tag under its marker).
// A blank line is never put inside a note or boneyard.

interface Row {
  line: number;
  planned: PlannedLine;
  /** Blank lines the writer left before this line. */
  blanksBefore: number;
}

/** The lines of the script with canonical blank lines, joined with `eol`; a final line break unless inside trivia. */
export function layOut(lines: ScriptLines, plan: LinePlan, eol: string): string {
  const rows: Row[] = [];
  let blanks = 0;
  for (let line = 1; line <= lines.count; line++) {
    const planned = plan.get(line);
    if (planned === undefined) {
      blanks++; // unplanned lines are blank
      continue;
    }
    rows.push({ line, planned, blanksBefore: blanks });
    blanks = 0;
  }
  const blankBefore = decideBlanks(rows, lines);
  const out: string[] = [];
  let parted = false; // a blank line stands between this glue and its block
  rows.forEach((row, i) => {
    if (i > 0) {
      // A blank line repeats the line break before it: after a lone CR kept as written, an LF would make a CRLF.
      const lineBreakAbove = lineBreak(lines, rows[i - 1]!.line, eol);
      out.push(lineBreakAbove);
      if (blankBefore[i]) out.push(lineBreakAbove);
    }
    parted = row.planned.glue && (parted || blankBefore[i] === true);
    out.push(parted && row.planned.alone !== undefined ? row.planned.alone : row.planned.content);
  });
  const last = rows[rows.length - 1];
  if (last) out.push(lineBreak(lines, last.line, eol));
  return out.join("");
}

/**
 * A line break inside a note or boneyard is kept as written; so is every one after an unclosed note, which ends at
 * the first blank line the parser sees — and the parser reads the CR and LF of a CRLF as two line breaks there, so
 * making a CRLF an LF could let the note run on. Every other line break is `eol`.
 */
function lineBreak(lines: ScriptLines, line: number, eol: string): string {
  const written = lines.terminator(line);
  if (lines.endsInsideTrivia(line)) return written;
  return written !== "" && lines.trivia.firstUnclosedNote < lines.contentEnd(line) ? written : eol;
}

/** Whether each row gets a blank line before it. */
function decideBlanks(rows: Row[], lines: ScriptLines): boolean[] {
  const blank = rows.map((row, i) => i > 0 && row.blanksBefore > 0);
  const anchors: number[] = [];
  rows.forEach((row, i) => {
    if (!row.planned.glue) anchors.push(i);
  });
  for (let k = 1; k < anchors.length; k++) {
    const a = anchors[k - 1]!;
    const b = anchors[k]!;
    const need = blankBetween(rows[a]!.planned, rows[b]!.planned);
    if (need === "keep") continue;
    for (let i = a + 1; i <= b; i++) if (!pinned(rows[i]!, lines)) blank[i] = false;
    if (!need) continue;
    // One blank line: where the writer left one, else right before the second block (glue stays with the line it
    // was written under), else at the nearest place that is not inside a note or boneyard.
    let at = -1;
    for (let i = b; i > a && at === -1; i--) if (rows[i]!.blanksBefore > 0) at = i;
    for (let i = b; i > a && at === -1; i--) if (!lines.endsInsideTrivia(rows[i - 1]!.line)) at = i;
    if (at !== -1) blank[at] = true;
  }
  return blank;
}

/**
 * A note cannot span a blank line, so an unclosed `[[` ends at the first blank line after it: removing that blank
 * line could let a later `]]` close it. After an unclosed note, blank lines are only ever collapsed, never removed.
 */
function pinned(row: Row, lines: ScriptLines): boolean {
  return row.blanksBefore > 0 && lines.trivia.firstUnclosedNote < lines.start(row.line);
}

/** Blank lines between two consecutive non-glue lines: exactly one, none, or as the writer left them. */
function blankBetween(above: PlannedLine, below: PlannedLine): boolean | "keep" {
  if (above.block && below.block && above.block.id === below.block.id) {
    if (above.block.kind !== "song") return "keep";
    if (below.songPart === "marker") return true;
    if (below.songPart === "head" || below.songPart === "end") return false;
    // After the headers, one; among the lyrics a blank line is a stanza break (or sets a tag line apart): kept as one.
    return above.songPart === "head" ? true : "keep";
  }
  const standsApart = (line: PlannedLine) => line.block !== undefined && line.block.kind !== "paragraph";
  return standsApart(above) || standsApart(below) ? true : "keep";
}
