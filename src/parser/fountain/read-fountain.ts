import type { BodyElement, CastEntry, Direction, Note, Script, Song, Speech, SpeechPart, TextAtom, TitleEntry, TitlePage } from "../../ast/nodes.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { Span } from "../../source/span.js";
import { diagnostic } from "../../diagnostics/report.js";
import type { SourceText } from "../../source/source-text.js";
import { looksLikeCastEntry, unindentedCastEntry } from "../cast-indent.js";
import { classifySong, classifyTitle, opensWithTitlePage, scanLabel, skipSpace, titleKey, trimEnd } from "../line-kinds.js";
import { cutTrivia, MASK, visibleLineStarts, type TriviaRange } from "../trivia.js";
import { isPageBreak, isParenthetical, isTransition, readCue, sceneHeading } from "./fountain-lines.js";

// A Fountain screenplay read by Fountain's own rules (fountain.io, version 1.1) into the tree a .pod script makes, so
// that checks, lowering and the editor treat both alike. Scene headings and `#` sections are Sections; action,
// transitions, centred text, lyrics and page breaks are Directions (never spoken); character cues with their dialogue
// are Speeches; `=` synopses are Notes. `SONG:` … `END SONG` blocks, an extension of podc's, are read by the .pod
// parser itself, so a song means the same in both. Notes and boneyard are cut out first, exactly as in a .pod script.

/** What the Fountain reader makes: the same as the .pod parser. */
export interface FountainRead {
  script: Script;
  diagnostics: Diagnostic[];
}

/** Reads it as a .pod script: the song blocks of a Fountain file, alone (the .pod parser's entry, given by parse.ts). */
export type SongReader = (text: string) => { script: Script; diagnostics: Diagnostic[] };

interface Line {
  start: number;
  contentEnd: number;
  /** First and past-last characters that are neither white space nor notes. */
  first: number;
  last: number;
  kind: "blank" | "hidden" | "text";
  /** A blank line of two spaces or more: Fountain's way to keep dialogue going across an empty line. */
  spaced: boolean;
}

const MASK_CODE = MASK.charCodeAt(0);

/** Reads decoded Fountain text into the tree. Never throws: any text is some screenplay. */
export function readFountain(source: SourceText, readSongs: SongReader): FountainRead {
  return new FountainReader(source, readSongs).read();
}

class FountainReader {
  private readonly masked: string;
  private readonly trivia: TriviaRange[];
  private readonly strayCloses: number[];
  private readonly lines: Line[];
  private readonly body: BodyElement[] = [];
  private readonly diagnostics: Diagnostic[] = [];
  /** Source ranges of song blocks, [start, end) of whole lines: read by the .pod parser. */
  private readonly songs: { start: number; end: number }[] = [];
  /** Depth of the last `#` section: a scene heading sits one level below it. */
  private sectionDepth = 0;

  constructor(
    private readonly source: SourceText,
    private readonly readSongs: SongReader,
  ) {
    const trivia = cutTrivia(source.text);
    this.masked = trivia.masked;
    this.trivia = trivia.ranges;
    this.strayCloses = trivia.strayCloses;
    this.lines = this.splitLines(visibleLineStarts(source.lineStarts, trivia.ranges));
  }

  // ---- positions: every span of the tree is made here

  private span(start: number, end: number): Span {
    return this.source.span(start, end);
  }

  /** Source text of [start, end) with notes and boneyard cut out. */
  private clean(start: number, end: number): string {
    const masked = this.masked.slice(start, end);
    return masked.indexOf(MASK) === -1 ? this.source.text.slice(start, end) : masked.split(MASK).join("");
  }

  private atom(start: number, end: number): TextAtom {
    const first = skipSpace(this.masked, start, end);
    const last = trimEnd(this.masked, first, end);
    return { text: this.clean(first, last), span: this.span(first, last) };
  }

  private lineSpan(line: Line): Span {
    return this.span(line.first, line.last);
  }

  /** The line's trimmed text, notes turned into spaces (so they never join two words or make a name). */
  private textOf(line: Line): string {
    const text = this.masked.slice(line.first, line.last);
    return text.indexOf(MASK) === -1 ? text : text.replace(/\0/g, " ");
  }

  private splitLines(starts: ArrayLike<number>): Line[] {
    const masked = this.masked;
    const lines: Line[] = [];
    for (let i = 0; i < starts.length; i++) {
      const start = starts[i]!;
      const next = i + 1 < starts.length ? starts[i + 1]! : undefined;
      // A line ends before its terminator: LF, CR or CRLF (masked text keeps every line break of the source).
      const contentEnd =
        next === undefined ? masked.length : masked.charCodeAt(next - 1) === 10 && masked.charCodeAt(next - 2) === 13 ? next - 2 : next - 1;
      const first = skipSpace(masked, start, contentEnd);
      const last = trimEnd(masked, first, contentEnd);
      let kind: Line["kind"] = "text";
      let spaced = false;
      if (first === last) {
        let hidden = false;
        let spaces = 0;
        for (let i = start; i < contentEnd; i++) {
          const c = masked.charCodeAt(i);
          if (c === MASK_CODE) hidden = true;
          else if (c === 32) spaces++;
        }
        kind = hidden ? "hidden" : "blank";
        spaced = !hidden && spaces >= 2 && spaces === contentEnd - start;
      }
      lines.push({ start, contentEnd, first, last, kind, spaced });
    }
    return lines;
  }

  // ---- the screenplay

  read(): FountainRead {
    let i = 0;
    let page: TitlePage | undefined;
    if (opensWithTitlePage(this.masked)) {
      const end = this.titlePageEnd();
      page = this.titlePage(0, end);
      i = end;
    }
    let afterBlank = true;
    const lines = this.lines;
    while (i < lines.length) {
      const line = lines[i]!;
      if (line.kind === "blank") {
        afterBlank = true;
        i++;
        continue;
      }
      if (line.kind === "hidden") {
        i++;
        continue;
      }
      i = this.element(i, afterBlank);
      afterBlank = false;
    }
    return this.finish(page);
  }

  /** Reads the element that starts at line `i`; returns the index of the line after it. */
  private element(i: number, afterBlank: boolean): number {
    const line = this.lines[i]!;
    const text = this.textOf(line);
    const c = text.charCodeAt(0);
    const song = scanLabel(this.masked, line.first, line.last);
    if (song && !song.forced && song.name === "SONG" && song.afterColon !== undefined && !song.extension) return this.song(i);
    if (isPageBreak(text)) {
      this.direction(line, line.first, "pageBreak");
      return i + 1;
    }
    if (c === 35 /* # */) {
      let hashes = line.first;
      while (this.masked.charCodeAt(hashes) === 35) hashes++;
      this.sectionDepth = hashes - line.first;
      this.body.push({ type: "Section", span: this.lineSpan(line), depth: this.sectionDepth, title: this.atom(hashes, line.last) });
      return i + 1;
    }
    if (c === 61 /* = */) {
      const note: Note = { type: "Note", span: this.lineSpan(line), text: this.atom(line.first + 1, line.last).text, terminated: true };
      this.body.push(note);
      return i + 1;
    }
    if (c === 33 /* ! */) {
      this.direction(line, line.first + 1, "action");
      return i + 1;
    }
    if (c === 126 /* ~ */) {
      this.direction(line, line.first, "lyric");
      return i + 1;
    }
    if (c === 62 /* > */) {
      if (text.endsWith("<") && text.length > 1) this.direction(line, line.first + 1, "centered", line.last - 1);
      else this.direction(line, line.first + 1, "transition");
      return i + 1;
    }
    const heading = afterBlank ? sceneHeading(text) : undefined;
    if (heading) {
      this.body.push({ type: "Section", span: this.lineSpan(line), depth: this.sectionDepth + 1, title: this.atom(line.first + heading.title, line.last) });
      return i + 1;
    }
    if (afterBlank && isTransition(text)) {
      this.direction(line, line.first, "transition");
      return i + 1;
    }
    if (afterBlank || c === 64 /* @ */) {
      const next = this.nextVisible(i + 1);
      const cue = next !== undefined && this.lines[next]!.kind === "text" ? readCue(text) : undefined;
      if (cue) return this.speech(i, cue);
    }
    this.direction(line, line.first, "action");
    return i + 1;
  }

  /** The index of the first line at or after `i` that is not hidden (notes alone), if any. */
  private nextVisible(i: number): number | undefined {
    while (i < this.lines.length && this.lines[i]!.kind === "hidden") i++;
    return i < this.lines.length ? i : undefined;
  }

  private direction(line: Line, from: number, form: NonNullable<Direction["form"]>, to = line.last): void {
    this.body.push({ type: "Direction", span: this.lineSpan(line), text: this.atom(from, to).text, form });
  }

  private speech(i: number, cue: NonNullable<ReturnType<typeof readCue>>): number {
    const head = this.lines[i]!;
    const nameStart = head.first + cue.nameStart;
    const nameEnd = head.first + cue.nameEnd;
    const parts: SpeechPart[] = [];
    let j = i + 1;
    let end = head.last;
    for (; j < this.lines.length; j++) {
      const line = this.lines[j]!;
      if (line.kind === "hidden" || (line.kind === "blank" && line.spaced)) continue;
      if (line.kind === "blank") break;
      const text = this.textOf(line);
      if (isParenthetical(text)) {
        parts.push({ type: "Parenthetical", span: this.lineSpan(line), text: this.atom(line.first + 1, line.last - 1).text });
      } else {
        // A lyric line inside dialogue is sung by the speaker: the `~` is layout, the words are said.
        const from = text.charCodeAt(0) === 126 ? skipSpace(this.masked, line.first + 1, line.last) : line.first;
        if (from < line.last) parts.push({ type: "Spoken", span: this.span(from, line.last), text: this.clean(from, line.last) });
      }
      end = line.last;
    }
    const speech: Speech = {
      type: "Speech",
      span: this.span(head.first, end),
      form: "cue",
      speaker: { name: this.clean(nameStart, nameEnd), span: this.span(nameStart, nameEnd), forced: cue.forced },
      parts,
    };
    if (cue.extension) speech.extension = this.atom(head.first + cue.extension.start, head.first + cue.extension.end);
    this.body.push(speech);
    return j;
  }

  /** A `SONG:` block runs to its `END SONG` line (or the end of the file); the .pod parser reads it later. */
  private song(i: number): number {
    let j = i + 1;
    for (; j < this.lines.length; j++) {
      const line = this.lines[j]!;
      if (line.kind === "text" && classifySong(this.masked, line.start, line.contentEnd).kind === "songEnd") {
        j++;
        break;
      }
    }
    const last = this.lines[j - 1]!;
    this.songs.push({ start: this.lines[i]!.start, end: last.contentEnd });
    return j;
  }

  // ---- title page

  private titlePageEnd(): number {
    let i = 0;
    while (i < this.lines.length && this.lines[i]!.kind !== "text") i++;
    while (i < this.lines.length && this.lines[i]!.kind !== "blank") i++;
    return i;
  }

  /** The title page, lines [from, to): `Key: value`, values continued on indented lines; `Cast` entries as cues. */
  private titlePage(from: number, to: number): TitlePage {
    const entries: TitleEntry[] = [];
    let current: TitleEntry | undefined;
    let first: number | undefined;
    let end = 0;
    for (let i = from; i < to; i++) {
      const line = this.lines[i]!;
      if (line.kind !== "text") continue;
      first ??= line.first;
      end = line.last;
      const kind = classifyTitle(this.masked, line.start, line.contentEnd).kind;
      if (kind === "entry") {
        const colon = titleKey(this.masked, line.start, line.contentEnd)!;
        const key = this.atom(line.start, colon);
        if (current?.cast && looksLikeCastEntry(key.text, this.masked.slice(colon + 1, line.contentEnd), current.cast)) {
          this.diagnostics.push(unindentedCastEntry(this.lineSpan(line), this.span(line.start, line.start)));
          const entry = this.castEntry(line);
          if (entry) current.cast.push(entry);
          continue;
        }
        current = { type: "TitleEntry", span: this.lineSpan(line), key, name: key.text.toLowerCase(), value: this.atom(colon + 1, line.last) };
        if (current.name === "cast") current.cast = [];
        entries.push(current);
      } else if (kind === "indent" && current) {
        current.span = this.span(current.span.start.offset, line.last);
        if (current.cast) {
          const entry = this.castEntry(line);
          if (entry) current.cast.push(entry);
        } else {
          const more = this.atom(line.first, line.last);
          current.value =
            current.value.text === ""
              ? more
              : { text: `${current.value.text}\n${more.text}`, span: this.span(current.value.span.start.offset, more.span.end.offset) };
        }
      } else {
        this.diagnostics.push(
          diagnostic("POD0112", this.lineSpan(line), "this title-page line is not `Key: value`", {
            help: "continue a value on lines indented by three spaces or a tab, and end the title page with a blank line",
          }),
        );
      }
    }
    return { type: "TitlePage", span: this.span(first ?? 0, end), entries };
  }

  /** `NAME: Voice`, the name as Fountain allows it (`GUARD #1`, `@McCLANE`). */
  private castEntry(line: Line): CastEntry | undefined {
    const text = this.textOf(line);
    const colon = text.search(/[:：]/);
    const forced = text.charCodeAt(0) === 64;
    const name = colon === -1 ? "" : text.slice(forced ? 1 : 0, colon).trim();
    if (colon === -1 || name === "" || !/\p{L}/u.test(name)) {
      this.diagnostics.push(
        diagnostic("POD0121", this.lineSpan(line), "a Cast entry is `NAME: Voice`", {
          help: "one entry per indented line, such as `    BRICK: Ethan`",
        }),
      );
      return undefined;
    }
    const nameStart = line.first + (forced ? 1 : 0);
    return {
      type: "CastEntry",
      span: this.lineSpan(line),
      label: this.atom(nameStart, line.first + colon),
      voice: this.atom(line.first + colon + 1, line.last),
    };
  }

  // ---- songs, notes and boneyard

  private finish(page: TitlePage | undefined): FountainRead {
    const inSong = (offset: number) => this.songs.some((s) => offset >= s.start && offset < s.end);
    let body: BodyElement[] = this.body;
    if (this.songs.length > 0) body = mergeByStart(body, this.songElements());
    const notes: Note[] = [];
    for (const t of this.trivia) {
      if (t.kind === "note" && !inSong(t.start)) {
        notes.push({
          type: "Note",
          span: this.span(t.start, t.end),
          text: this.source.text.slice(t.start + 2, t.terminated ? t.end - 2 : t.end).trim(),
          terminated: t.terminated,
        });
      }
    }
    for (const t of this.trivia) {
      if (t.terminated || inSong(t.start)) continue;
      this.diagnostics.push(
        t.kind === "boneyard"
          ? diagnostic("POD0101", this.span(t.start, t.start + 2), "this boneyard is never closed: it hides the rest of the script", {
              help: "close it with */",
            })
          : diagnostic("POD0102", this.span(t.start, t.start + 2), "this note is never closed", {
              help: "close it with ]] (a note cannot span a blank line)",
            }),
      );
    }
    for (const offset of this.strayCloses) {
      if (inSong(offset)) continue;
      this.diagnostics.push(
        diagnostic("POD0103", this.span(offset, offset + 2), "*/ closes no boneyard", {
          help: "a boneyard opens with /*; remove this */ or add the opening",
        }),
      );
    }
    const script: Script = {
      type: "Script",
      span: this.span(0, this.source.text.length),
      body: placeNotes(body, notes, (offset) => this.source.lineEnd(this.source.lineOf(offset))),
      boneyards: this.trivia
        .filter((t) => t.kind === "boneyard")
        .map((t) => ({ type: "Boneyard" as const, span: this.span(t.start, t.end), terminated: t.terminated })),
    };
    if (page) script.titlePage = page;
    return { script, diagnostics: this.diagnostics };
  }

  /**
   * The song blocks, read by the .pod parser from a copy of the text where every other line is blank: offsets, lines
   * and columns stay those of the file, and a song means exactly what it means in a .pod script.
   */
  private songElements(): Song[] {
    const text = this.source.text;
    const pieces: string[] = [];
    let at = 0;
    for (const song of this.songs) {
      pieces.push(blankOut(text.slice(at, song.start)), text.slice(song.start, song.end));
      at = song.end;
    }
    pieces.push(blankOut(text.slice(at)));
    const read = this.readSongs(pieces.join(""));
    // Encoding problems were reported on the whole file already.
    for (const d of read.diagnostics) if (!d.code.startsWith("POD000")) this.diagnostics.push(d);
    return read.script.body.filter((element): element is Song => element.type === "Song");
  }
}

/** The text with every character but line breaks turned into a space. */
function blankOut(text: string): string {
  return text.replace(/[^\r\n]+/g, (run) => " ".repeat(run.length));
}

function mergeByStart(a: BodyElement[], b: BodyElement[]): BodyElement[] {
  const out: BodyElement[] = [];
  let j = 0;
  for (const element of a) {
    while (j < b.length && b[j]!.span.start.offset < element.span.start.offset) out.push(b[j++]!);
    out.push(element);
  }
  while (j < b.length) out.push(b[j++]!);
  return out;
}

/**
 * Puts each note inside the speech or song it sits in, or between body elements: both lists are in source order.
 * A note anywhere on an element's last line belongs to it, whether or not a space stands before it.
 */
function placeNotes(body: BodyElement[], notes: Note[], lineEndOf: (offset: number) => number): BodyElement[] {
  if (notes.length === 0) return body;
  const out: BodyElement[] = [];
  let n = 0;
  for (const element of body) {
    while (n < notes.length && notes[n]!.span.start.offset < element.span.start.offset) out.push(notes[n++]!);
    const first = n;
    const end = n < notes.length ? lineEndOf(element.span.end.offset) : element.span.end.offset;
    while (n < notes.length && notes[n]!.span.start.offset <= end) n++;
    if (n === first) {
      out.push(element); // the common case, with no note inside: nothing to allocate
      continue;
    }
    const inside = notes.slice(first, n);
    if (inside.length > 0) {
      if (element.type === "Speech") element.parts = mergeByOffset(element.parts, inside);
      else if (element.type === "Song") element.items = mergeByOffset(element.items, inside);
      else out.push(...inside.filter((note) => note.span.start.offset < element.span.start.offset));
    }
    out.push(element);
    if (inside.length > 0 && element.type !== "Speech" && element.type !== "Song")
      out.push(...inside.filter((note) => note.span.start.offset >= element.span.start.offset));
  }
  while (n < notes.length) out.push(notes[n++]!);
  return out;
}

function mergeByOffset<T extends { span: { start: { offset: number } } }>(items: T[], notes: Note[]): (T | Note)[] {
  return [...items, ...notes].sort((a, b) => a.span.start.offset - b.span.start.offset);
}
