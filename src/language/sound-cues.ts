// A sound cue: a local audio file the script places in the episode. Radio scripts write `SFX:` and `MUSIC:` as if they
// were speakers; in a .pod script a label with a colon is a speaker (an unknown one is an error whose fix makes it a
// direction), so a cue is written without the colon, a keyword in capitals and then the file: a line that was no
// element of the language before, so no script that was valid changes meaning.
//
//   SFX sounds/door.wav        an effect, starting where the next turn starts
//   BED music/harbour.ogg      a bed under what follows, ducked under the voices, to `BED out` or the section's end
//   BED out                    ends the bed
//   STING music/sting.wav      a stinger: played on its own, the episode waits for it

/** The kinds of cue, by what they do in the mix. */
export type SoundKind = "effect" | "bed" | "bedEnd" | "sting";

const KEYWORDS: Readonly<Record<string, SoundKind>> = { SFX: "effect", BED: "bed", STING: "sting" };

/** The word after BED that ends the bed rather than naming a file (a file called so is written `./out`). */
const BED_END = "out";

/** A cue line read: its kind, and where its file is written in the line (offsets into the line), absent for `BED out`. */
export interface SoundLine {
  kind: SoundKind;
  keyword: string;
  file?: { start: number; end: number; text: string };
}

const LINE = /^([ \t]*)(SFX|BED|STING)[ \t]+(\S(?:.*\S)?)[ \t]*$/;

/**
 * How a line reads as a sound cue: the keyword in capitals at the line's start, white space, then the file (or `out`
 * after BED); undefined for any other line. The caller has already found that the line is no speaker label (`SFX:`).
 */
export function readSoundLine(line: string): SoundLine | undefined {
  const c = line.charCodeAt(line.search(/\S/));
  if (c !== 83 /* S */ && c !== 66 /* B */) return undefined;
  const m = LINE.exec(line);
  if (!m) return undefined;
  const keyword = m[2]!;
  const kind = KEYWORDS[keyword]!;
  const written = m[3]!;
  if (kind === "bed" && written.toLowerCase() === BED_END) return { kind: "bedEnd", keyword };
  const start = line.indexOf(written, m[1]!.length + keyword.length);
  return { kind, keyword, file: { start, end: start + written.length, text: written } };
}
