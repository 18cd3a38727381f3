import type { BodyElement, Direction, Note, Script, Song, Speech, SpeechPart, TitlePage } from "../../ast/nodes.js";
import { withoutEmphasis } from "../../ast/emphasis.js";
import { hasLetter } from "../../language/letters.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { diagnostic } from "../../diagnostics/report.js";
import type { SourceText } from "../../source/source-text.js";
import { classifySong, opensWithTitlePage, scanLabel, skipSpace } from "../lines.js";
import { mergeByStart, placeNotes } from "../place-notes.js";
import { isPageBreak, isParenthetical, isTransition, readCue, sceneHeading } from "../screenplay-lines.js";
import { FountainText, type Line } from "./fountain-text.js";
import { fountainTitlePage, titlePageEnd } from "./fountain-title-page.js";

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

/** Reads decoded Fountain text into the tree. Never throws: any text is some screenplay. */
export function readFountain(source: SourceText, readSongs: SongReader): FountainRead {
  return new FountainReader(source, readSongs).read();
}

/** The screenplay's elements, in order; the title page (fountain-title-page.ts) and the songs (the .pod parser's) apart. */
class FountainReader extends FountainText {
  private readonly body: BodyElement[] = [];
  /** Source ranges of song blocks, [start, end) of whole lines: read by the .pod parser. */
  private readonly songs: { start: number; end: number }[] = [];
  /** Depth of the last `#` section: a scene heading sits one level below it. */
  private sectionDepth = 0;

  constructor(
    source: SourceText,
    private readonly readSongs: SongReader,
  ) {
    super(source);
  }

  // ---- the screenplay

  read(): FountainRead {
    let i = 0;
    let page: TitlePage | undefined;
    if (opensWithTitlePage(this.masked)) {
      const end = titlePageEnd(this);
      page = fountainTitlePage(this, 0, end);
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
        // A boneyard that cut out a blank line (a whole scene, say) leaves one: a heading right after its `*/` is one.
        if (line.breaks) afterBlank = true;
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
      if (next !== undefined && this.lines[next]!.kind === "text" && c !== 64) this.letterlessCue(line, next, text);
    }
    this.direction(line, line.first, "action");
    return i + 1;
  }

  /**
   * A cue-shaped line whose name is a number (`23 (O.S.)`, `23`) is action, as fountain.io says, and so is the line of
   * dialogue under it: that line is reported, with the `@` that makes the cue a cue for any name.
   */
  private letterlessCue(line: Line, next: number, text: string): void {
    const forced = readCue(`@${text}`);
    if (!forced) return;
    const name = text.slice(0, forced.nameEnd - 1);
    // A number alone or with an extension is a name; `1.` over a line is a list, `...` a pause: those are left alone.
    if (!/\p{N}/u.test(name) || hasLetter(name) || (!forced.extension && !/^[\p{N} ]+$/u.test(name.trim()))) return;
    const below = this.lines[next]!;
    this.diagnostics.push(
      diagnostic(
        "POD0125",
        this.lineSpan(below),
        { name: name.trim() },
        {
          help: `a character's name needs at least one letter, so \`${text.trim()}\` and the line under it are action, not sent: to have ${name.trim()} say it, force the cue with @ (\`@${text.trim()}\`)`,
          fixes: [{ title: `Force the cue (@${name.trim()})`, span: this.span(line.first, line.first), replacement: "@" }],
        },
      ),
    );
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
      speaker: { name: this.speakerName(nameStart, nameEnd), span: this.span(nameStart, nameEnd), forced: cue.forced },
      parts,
    };
    if (cue.extension) speech.extension = this.atom(head.first + cue.extension.start, head.first + cue.extension.end);
    this.body.push(speech);
    return j;
  }

  /**
   * The name a cue gives its speaker: without emphasis (`**MR. SELF DESTRUCT**` is MR. SELF DESTRUCT) and with a
   * no-break space read as the space it looks like, reported, so that `WILL` and `WILL` with one are one speaker.
   */
  private speakerName(start: number, end: number): string {
    const raw = this.clean(start, end);
    for (const m of raw.matchAll(/[\u00a0\u2007\u202f]/g)) {
      const at = start + m.index;
      const trailing = raw.slice(m.index).trim() === "";
      this.diagnostics.push(
        diagnostic(
          "POD0123",
          this.span(at, at + 1),
          { code: m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0") },
          {
            fixes: [{ title: trailing ? "Remove the no-break space" : "Change it to a space", span: this.span(at, at + 1), replacement: trailing ? "" : " " }],
          },
        ),
      );
    }
    return withoutEmphasis(raw)
      .replace(/[\s\u00a0\u2007\u202f]+/g, " ")
      .trim();
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
          ? diagnostic(
              "POD0101",
              this.span(t.start, t.start + 2),
              {},
              {
                help: "close it with */",
              },
            )
          : diagnostic(
              "POD0102",
              this.span(t.start, t.start + 2),
              {},
              {
                help: "close it with ]] (a note cannot span a blank line)",
              },
            ),
      );
    }
    for (const offset of this.strayCloses) {
      if (inSong(offset)) continue;
      this.diagnostics.push(
        diagnostic(
          "POD0103",
          this.span(offset, offset + 2),
          {},
          {
            help: "a boneyard opens with /*; remove this */ or add the opening",
          },
        ),
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
