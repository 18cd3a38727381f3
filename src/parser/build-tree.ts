import type { IToken } from "chevrotain";
import type { BodyElement, Note, Script, Sound, TitlePage } from "../ast/nodes.js";
import { readSoundLine } from "../language/sound-cues.js";
import type { Diagnostic, Fix } from "../diagnostics/diagnostic.js";
import { insertLinesAfter, insertLinesBefore, removeLines } from "../diagnostics/line-fixes.js";
import { diagnostic } from "../diagnostics/report.js";
import { endOffsetOf, startOffsetOf } from "../source/offset-span.js";
import type { SourceText } from "../source/source-text.js";
import { buildSong } from "./build-song.js";
import { buildSpeech, buildStray } from "./build-speech.js";
import { buildTitlePage } from "./build-title-page.js";
import { screenplayHabit } from "./screenplay-lines.js";
import type { ScriptActions } from "./grammar.js";
import { skipSpace, trimEnd } from "./line-kinds.js";
import { mergeByOffset } from "./place-notes.js";
import { lineOf } from "./tokens.js";
import { TreeText, type Line } from "./tree-text.js";
import { lineEndFrom, type TriviaRange } from "./trivia.js";

/**
 * Builds the tree from the elements the grammar recognises (it is the grammar's ScriptActions), reporting lines that
 * are no element of the language. Each element is built in its own file (build-title-page.ts, build-speech.ts,
 * build-song.ts); this one places them in order with the notes among them, and ends the script.
 */
export class TreeBuilder extends TreeText implements ScriptActions {
  /** Body elements recognised and not yet taken (take()), notes in their places. */
  private out: BodyElement[] = [];
  page: TitlePage | undefined;
  /** The last body element recognised. */
  private last: BodyElement | undefined;
  /** The notes (trivia ranges of that kind), in order, and the first not yet placed. */
  private readonly notes: TriviaRange[];
  private nextNote = 0;
  private sawBlank = false;

  constructor(
    source: SourceText,
    masked: string,
    private readonly projectLabels: ReadonlySet<string>,
    private readonly trivia: readonly TriviaRange[],
  ) {
    super(source, masked);
    this.notes = trivia.filter((t) => t.kind === "note");
  }

  /** The body elements recognised since the last call, in source order, with the notes among and inside them. */
  take(): BodyElement[] {
    const taken = this.out;
    this.out = [];
    return taken;
  }

  private labels: Set<string> | undefined;

  /** Labels cast by the project or by this script's title page (which is built before the body). */
  knownLabels(): Set<string> {
    if (!this.labels) {
      this.labels = new Set(this.projectLabels);
      for (const entry of this.page?.entries ?? []) for (const c of entry.cast ?? []) this.labels.add(c.label.text);
    }
    return this.labels;
  }

  /**
   * Hands on a body element with the notes that belong to it: a note before it is a body element of its own; one
   * inside a speech or song, or anywhere on its last line (whether or not a space stands before it), is among its
   * parts or items; one on the last line of any other element follows it. Elements come in source order and each
   * starts on a line after the last line of the one before, so every note is placed when the element it precedes or
   * belongs to arrives.
   */
  private push(element: BodyElement): void {
    this.last = element;
    this.sawBlank = false;
    const notes = this.notes;
    const start = startOffsetOf(element.span);
    while (this.nextNote < notes.length && notes[this.nextNote]!.start < start) this.out.push(this.note(notes[this.nextNote++]!));
    if (this.nextNote === notes.length) {
      this.out.push(element); // the common case, with no note left or none inside: nothing to allocate
      return;
    }
    const first = this.nextNote;
    // The end of the element's last line: its end lies on it, and each element has a last line of its own, so these
    // reads are linear in all.
    const end = lineEndFrom(this.source.text, endOffsetOf(element.span));
    while (this.nextNote < notes.length && notes[this.nextNote]!.start <= end) this.nextNote++;
    if (this.nextNote === first) {
      this.out.push(element);
      return;
    }
    const inside = notes.slice(first, this.nextNote).map((t) => this.note(t));
    if (element.type === "Speech") element.parts = mergeByOffset(element.parts, inside);
    else if (element.type === "Song") element.items = mergeByOffset(element.items, inside);
    this.out.push(element);
    if (element.type !== "Speech" && element.type !== "Song") for (const note of inside) this.out.push(note);
  }

  private note(t: TriviaRange): Note {
    return {
      type: "Note",
      span: this.span(t.start, t.end),
      text: this.source.text.slice(t.start + 2, t.terminated ? t.end - 2 : t.end).trim(),
      terminated: t.terminated,
    };
  }

  // ---- title page

  titlePage(tokens: readonly IToken[]): void {
    this.page = buildTitlePage(this, tokens);
  }

  // ---- body

  blank(): void {
    this.sawBlank = true;
  }

  strayEndSong(token: IToken): void {
    const line = lineOf(token);
    this.diagnostics.push(
      diagnostic(
        "POD0115",
        this.lineSpan(line),
        {},
        {
          help: "a song starts with `SONG: Title`; remove this line or open the song above it",
          fixes: [removeLines(this.source, this.source.lineOf(line.start), this.source.lineOf(line.start), "Remove this END SONG")],
        },
      ),
    );
    this.push({ type: "Invalid", span: this.lineSpan(line), text: this.clean(line.start, line.contentEnd) });
  }

  heading(token: IToken): void {
    const line = lineOf(token);
    this.endsSpeech(line, "section heading");
    const first = skipSpace(this.masked, line.start, line.contentEnd);
    if (this.masked.charCodeAt(first) !== 35 /* # */) {
      // A screenplay's scene heading (`INT. HOUSE - DAY`, `.FLASHBACK`) is a section.
      const forced = this.masked.charCodeAt(first) === 46 /* . */ ? 1 : 0;
      this.push({ type: "Section", span: this.lineSpan(line), depth: 1, title: this.atom(first + forced, line.contentEnd) });
      return;
    }
    let hashes = first;
    while (this.masked.charCodeAt(hashes) === 35) hashes++;
    this.push({ type: "Section", span: this.lineSpan(line), depth: hashes - first, title: this.atom(hashes, line.contentEnd) });
  }

  direction(token: IToken): void {
    const line = lineOf(token);
    this.endsSpeech(line, "direction");
    const first = skipSpace(this.masked, line.start, line.contentEnd);
    if (this.masked.charCodeAt(first) === 33 /* ! */) {
      this.push({ type: "Direction", span: this.lineSpan(line), text: this.atom(first + 1, line.contentEnd).text });
      return;
    }
    // A screenplay's transition, centred text or page break: a direction, never spoken.
    const last = trimEnd(this.masked, first, line.contentEnd);
    const habit = screenplayHabit(this.masked.slice(first, last));
    const form = habit === "centered" || habit === "pageBreak" ? habit : "transition";
    const forced = this.masked.charCodeAt(first) === 62 /* > */ ? 1 : 0;
    const text = this.atom(first + forced, form === "centered" ? last - 1 : line.contentEnd).text;
    this.push({ type: "Direction", span: this.lineSpan(line), text, form });
  }

  sound(token: IToken): void {
    const line = lineOf(token);
    const first = skipSpace(this.masked, line.start, line.contentEnd);
    const read = readSoundLine(this.masked.slice(line.start, trimEnd(this.masked, first, line.contentEnd)))!;
    const sound: Sound = { type: "Sound", span: this.lineSpan(line), kind: read.kind, keyword: read.keyword };
    if (read.file) sound.file = this.atom(line.start + read.file.start, line.start + read.file.end);
    this.push(sound);
  }

  include(token: IToken): void {
    // Like a `LABEL:` line, which it looks like, it ends the speech above it: no blank line is asked for.
    const line = lineOf(token);
    const label = line.label!;
    const first = skipSpace(this.masked, label.afterColon!, line.contentEnd);
    this.push({ type: "Include", span: this.lineSpan(line), path: this.atom(first, trimEnd(this.masked, first, line.contentEnd)) });
  }

  /** A heading or direction directly under a speech ends it: it is not spoken, and the writer is told so. */
  private endsSpeech(line: Line, what: string): void {
    const previous = this.last;
    if (this.sawBlank || previous?.type !== "Speech") return;
    this.diagnostics.push(
      diagnostic(
        "POD0118",
        this.lineSpan(line),
        { what, speaker: previous.speaker.name },
        {
          help: `put a blank line before it, so that it reads as the ${what} it is`,
          fixes: [insertLinesBefore(this.source, this.source.lineOf(line.start), [""], "Put a blank line before it")],
        },
      ),
    );
  }

  speech(headToken: IToken, continuation: readonly IToken[]): void {
    this.push(buildSpeech(this, headToken, continuation, this));
  }

  stray(headToken: IToken, continuation: readonly IToken[]): void {
    this.push(buildStray(this, headToken, continuation, this));
  }

  song(tokens: readonly IToken[]): void {
    this.push(buildSong(this, tokens));
  }

  // ---- notes and boneyards

  /** Where an unclosed boneyard opened at `start` may be closed: after its paragraph, and at the end of the script. */
  private closeBoneyard(start: number): Fix[] {
    const source = this.source;
    const isBlank = (line: number) => source.lineText(line).trim() === "";
    let last = source.lineCount;
    while (last > 1 && isBlank(last)) last--;
    let paragraph = source.lineOf(start);
    while (paragraph < last && !isBlank(paragraph + 1)) paragraph++;
    const fixes = [insertLinesAfter(source, last, ["*/"], "Close the boneyard at the end of the script")];
    if (paragraph < last) fixes.unshift(insertLinesAfter(source, paragraph, ["*/"], "Close the boneyard at the end of its paragraph"));
    return fixes;
  }

  /**
   * Ends the script: the notes after the last element (then take() them), the boneyards, and the diagnostics of trivia
   * left open. The script returned has no body: its elements were taken as they came.
   */
  finish(): { script: Script; diagnostics: Diagnostic[] } {
    while (this.nextNote < this.notes.length) this.out.push(this.note(this.notes[this.nextNote++]!));
    const boneyards = this.trivia
      .filter((t) => t.kind === "boneyard")
      .map((t) => ({ type: "Boneyard" as const, span: this.span(t.start, t.end), terminated: t.terminated }));
    for (const t of this.trivia) {
      if (t.terminated) continue;
      this.diagnostics.push(
        t.kind === "boneyard"
          ? diagnostic(
              "POD0101",
              this.span(t.start, t.start + 2),
              {},
              {
                help: "close it with */",
                fixes: this.closeBoneyard(t.start),
              },
            )
          : diagnostic(
              "POD0102",
              this.span(t.start, t.start + 2),
              {},
              {
                help: "close it with ]] where the note ends (a note cannot span a blank line, nor hold another [[); as written, it hides the rest of its line",
                fixes: [{ title: "Close the note with ]]", span: this.span(t.end, t.end), replacement: "]]" }],
              },
            ),
      );
    }
    const script: Script = { type: "Script", span: this.span(0, this.source.text.length), body: [], boneyards };
    if (this.page) script.titlePage = this.page;
    return { script, diagnostics: this.diagnostics };
  }
}
