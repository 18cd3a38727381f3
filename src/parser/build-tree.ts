import type { IToken } from "chevrotain";
import type {
  BodyElement,
  CastEntry,
  Invalid,
  LyricItem,
  Marker,
  Note,
  Script,
  Song,
  SongHeader,
  Speech,
  SpeechPart,
  TextAtom,
  TitleEntry,
  TitlePage,
} from "../ast/nodes.js";
import type { Diagnostic, Fix } from "../diagnostics/diagnostic.js";
import { insertLinesAfter, insertLinesBefore, lineBreakOf, removeLines } from "../diagnostics/line-fixes.js";
import { diagnostic } from "../diagnostics/report.js";
import type { SourceText } from "../source/source-text.js";
import type { ScriptActions } from "./grammar.js";
import { looksLikeCastEntry, unindentedCastEntry } from "./cast-indent.js";
import { scanLabel, skipSpace, titleKey, trimEnd, type LabelMatch, type LineInfo } from "./line-kinds.js";
import { screenplayHabit } from "./fountain/fountain-lines.js";
import { SONG_HEADER_SPELLING } from "../language/song-headers.js";
import { readMarker } from "../language/markers.js";
import { lineOf } from "./tokens.js";
import { MASK, type TriviaRange } from "./trivia.js";

type Line = LineInfo<string>;

const MASK_CODE = MASK.charCodeAt(0);

/**
 * Builds the tree from the elements the grammar recognises (it is the grammar's ScriptActions), reporting lines that
 * are no element of the language. Texts in the tree are cut from the source text, never from the masked copy, so that
 * the copy can be dropped once the script is parsed.
 */
export class TreeBuilder implements ScriptActions {
  readonly diagnostics: Diagnostic[] = [];
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
    private readonly source: SourceText,
    private readonly masked: string,
    private readonly projectLabels: ReadonlySet<string>,
    private readonly trivia: readonly TriviaRange[],
  ) {
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
  private knownLabels(): Set<string> {
    if (!this.labels) {
      this.labels = new Set(this.projectLabels);
      for (const entry of this.page?.entries ?? []) for (const c of entry.cast ?? []) this.labels.add(c.label.text);
    }
    return this.labels;
  }

  // ---- positions and text

  private span(start: number, end: number) {
    return this.source.span(start, end);
  }

  /** Source text in [start, end) with notes and boneyard cut out. */
  private clean(start: number, end: number): string {
    if (!this.masks(start, end)) return this.source.text.slice(start, end);
    return this.masked.slice(start, end).split(MASK).join("");
  }

  // The first masked character at or after maskFrom (-1: none). Texts are cut in increasing order, so searching again
  // only once it is passed keeps all searches together linear in the script's length.
  private maskFrom = 0;
  private nextMask = -2;

  /** Whether [start, end) of the masked text holds a masked character. */
  private masks(start: number, end: number): boolean {
    if (start < this.maskFrom) {
      for (let i = start; i < end; i++) if (this.masked.charCodeAt(i) === MASK_CODE) return true;
      return false;
    }
    if (this.nextMask === -2 || (this.nextMask !== -1 && this.nextMask < start)) {
      this.nextMask = this.masked.indexOf(MASK, start);
      this.maskFrom = start;
    }
    return this.nextMask !== -1 && this.nextMask < end;
  }

  /** The trimmed, cleaned text of [start, end) with the span of what is left. */
  private atom(start: number, end: number): TextAtom {
    const first = skipSpace(this.masked, start, end);
    const last = trimEnd(this.masked, first, end);
    return { text: this.clean(first, last), span: this.span(first, last) };
  }

  private lineSpan(line: Line) {
    const first = skipSpace(this.masked, line.start, line.contentEnd);
    return this.span(first, trimEnd(this.masked, first, line.contentEnd));
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
    const start = element.span.start.offset;
    while (this.nextNote < notes.length && notes[this.nextNote]!.start < start) this.out.push(this.note(notes[this.nextNote++]!));
    if (this.nextNote === notes.length) {
      this.out.push(element); // the common case, with no note left or none inside: nothing to allocate
      return;
    }
    const first = this.nextNote;
    const end = this.source.lineEnd(this.source.lineOf(element.span.end.offset));
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
    const entries: TitleEntry[] = [];
    let current: TitleEntry | undefined;
    let end = tokens[0]!.startOffset;
    for (const token of tokens) {
      const line = lineOf(token);
      if (line.kind === "blank") continue;
      if (line.kind === "entry") {
        const colon = titleKey(this.masked, line.start, line.contentEnd)!;
        const key = this.atom(line.start, colon);
        if (current?.cast && looksLikeCastEntry(key.text, this.masked.slice(colon + 1, line.contentEnd), current.cast)) {
          this.diagnostics.push(unindentedCastEntry(this.lineSpan(line), this.span(line.start, line.start)));
          this.continueEntry(current, line);
          end = line.contentEnd;
          continue;
        }
        current = {
          type: "TitleEntry",
          span: this.lineSpan(line),
          key,
          name: key.text.toLowerCase(),
          value: this.atom(colon + 1, line.contentEnd),
        };
        if (current.name === "cast") current.cast = [];
        entries.push(current);
      } else if (line.kind === "indent" && current) {
        this.continueEntry(current, line);
      } else {
        this.diagnostics.push(
          diagnostic("POD0112", this.lineSpan(line), "this title-page line is not `Key: value`", {
            help:
              line.kind === "indent"
                ? "an indented line continues the entry above it; start the title page with `Key: value`"
                : "continue a value on lines indented by two spaces or a tab, and end the title page with a blank line",
          }),
        );
      }
      end = line.contentEnd;
    }
    this.page = { type: "TitlePage", span: this.span(tokens[0]!.startOffset, end), entries };
  }

  private continueEntry(entry: TitleEntry, line: Line): void {
    entry.span = this.span(entry.span.start.offset, line.contentEnd);
    if (entry.cast) {
      const cast = this.castEntry(line);
      if (cast) entry.cast.push(cast);
      return;
    }
    const more = this.atom(line.start, line.contentEnd);
    entry.value =
      entry.value.text === ""
        ? more
        : { text: `${entry.value.text}\n${more.text}`, span: this.span(entry.value.span.start.offset, more.span.end.offset) };
  }

  private castEntry(line: Line): CastEntry | undefined {
    const label = scanLabel(this.masked, line.start, line.contentEnd);
    if (!label || label.afterColon === undefined || label.extension) {
      const wouldBe = scanLabel(this.masked, line.start, line.contentEnd, true);
      const lower = wouldBe && wouldBe.afterColon !== undefined && !wouldBe.extension ? wouldBe : undefined;
      this.diagnostics.push(
        diagnostic(
          lower ? "POD0111" : "POD0121",
          lower ? this.span(lower.start, lower.end) : this.lineSpan(line),
          lower ? `speaker labels are written in capitals: ${lower.name.toUpperCase()}` : "a Cast entry is `LABEL: Voice`",
          lower
            ? {
                help: `write ${lower.name.toUpperCase()}, or force a mixed-case label with @${lower.name}`,
                fixes: [this.capitalise(lower)],
              }
            : { help: "one entry per indented line, such as `    HOST: Ethan`" },
        ),
      );
      return undefined;
    }
    const voice = this.atom(label.afterColon, line.contentEnd);
    return {
      type: "CastEntry",
      span: this.lineSpan(line),
      label: { text: label.name, span: this.span(label.forced ? label.start + 1 : label.start, label.end) },
      voice,
    };
  }

  private capitalise(label: LabelMatch) {
    return {
      title: `Write the label as ${label.name.toUpperCase()}`,
      span: this.span(label.start, label.end),
      replacement: label.name.toUpperCase(),
    };
  }

  // ---- body

  blank(): void {
    this.sawBlank = true;
  }

  strayEndSong(token: IToken): void {
    const line = lineOf(token);
    this.diagnostics.push(
      diagnostic("POD0115", this.lineSpan(line), "END SONG without a song to end", {
        help: "a song starts with `SONG: Title`; remove this line or open the song above it",
        fixes: [removeLines(this.source, this.source.lineOf(line.start), this.source.lineOf(line.start), "Remove this END SONG")],
      }),
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

  /** A heading or direction directly under a speech ends it: it is not spoken, and the writer is told so. */
  private endsSpeech(line: Line, what: string): void {
    const previous = this.last;
    if (this.sawBlank || previous?.type !== "Speech") return;
    this.diagnostics.push(
      diagnostic("POD0118", this.lineSpan(line), `this ${what} ends ${previous.speaker.name}'s speech; it is not spoken`, {
        help: `put a blank line before it, so that it reads as the ${what} it is`,
        fixes: [insertLinesBefore(this.source, this.source.lineOf(line.start), [""], "Put a blank line before it")],
      }),
    );
  }

  speech(headToken: IToken, continuation: readonly IToken[]): void {
    const head = lineOf(headToken);
    const label = head.label!;
    // A line in capitals alone, with nothing under it, that names no one cast (`THE BEAST.`) is a screenplay's action
    // written in capitals, not a speech: it is reported as such, never as a speaker to declare.
    if (label.afterColon === undefined && continuation.length === 0 && !this.knownLabels().has(label.name)) {
      this.stray(headToken, continuation);
      return;
    }
    const nameStart = label.forced ? label.start + 1 : label.start;
    // Positions are asked for in source order, which is cheapest (SourceText): the speech's span, from the label to
    // the end of its last line, is made last.
    const first = skipSpace(this.masked, head.start, head.contentEnd);
    const start = this.source.positionAt(first);
    // Cut from the source text, as every text of the tree (a label holds no trivia).
    const name = this.source.text.slice(nameStart, label.end);
    const speaker = { name, span: this.span(nameStart, label.end), forced: label.forced };
    const extension = label.extension ? this.atom(label.extension.start, label.extension.end) : undefined;
    const parts: SpeechPart[] = [];
    if (label.afterColon !== undefined) this.openingText(parts, label.afterColon, head.contentEnd);
    let end = head.contentEnd;
    for (const token of continuation) {
      const line = lineOf(token);
      this.continuationLine(name, parts, line);
      end = line.contentEnd;
    }
    const speech: Speech = {
      type: "Speech",
      span: { start, end: this.source.positionAt(trimEnd(this.masked, first, end)) },
      form: label.afterColon === undefined ? "cue" : "inline",
      speaker,
      // A copy, as long as it needs to be: the array filled by push has room for many more parts, for nothing.
      parts: parts.slice(),
    };
    if (extension) speech.extension = extension;
    this.push(speech);
  }

  /** The text after `LABEL:`: a parenthetical may open it. */
  private openingText(parts: SpeechPart[], from: number, to: number): void {
    const first = skipSpace(this.masked, from, to);
    const open = this.masked.charCodeAt(first);
    if (open === 40 /* ( */ || open === 0xff08 /* （ */) {
      const close = this.masked.indexOf(open === 40 ? ")" : "）", first);
      if (close !== -1 && close < to) {
        parts.push({ type: "Parenthetical", span: this.span(first, close + 1), text: this.atom(first + 1, close).text });
        from = close + 1;
      }
    }
    this.spoken(parts, from, to);
  }

  private spoken(parts: SpeechPart[], from: number, to: number): void {
    const first = skipSpace(this.masked, from, to);
    const last = trimEnd(this.masked, first, to);
    const text = this.clean(first, last);
    if (!isWhiteSpace(text)) parts.push({ type: "Spoken", span: this.span(first, last), text });
  }

  private continuationLine(who: string, parts: SpeechPart[], line: Line): void {
    if (line.kind === "paren") {
      const atom = this.atom(line.start, line.contentEnd);
      parts.push({ type: "Parenthetical", span: atom.span, text: atom.text.slice(1, -1).trim() });
      return;
    }
    if (line.lowercaseLabel) {
      const label = line.lowercaseLabel;
      const upper = label.name.toUpperCase();
      const span = this.span(label.start, label.end);
      // `Guest:` when GUEST is cast is surely a new speech; `Fun fact:` may well be part of this one.
      this.diagnostics.push(
        this.knownLabels().has(upper)
          ? diagnostic("POD0111", span, `speaker labels are written in capitals: ${upper}`, {
              help: `as written, this line is spoken by ${who}; write ${upper}: to give it to ${upper}`,
              fixes: [this.capitalise(label)],
            })
          : diagnostic("POD0114", span, `this line is spoken as part of ${who}'s speech`, {
              help: `if ${upper} speaks here, write the label in capitals: ${upper}`,
              fixes: [this.capitalise(label)],
            }),
      );
    }
    this.spoken(parts, line.start, line.contentEnd);
  }

  stray(headToken: IToken, continuation: readonly IToken[]): void {
    const head = lineOf(headToken);
    const lastToken = continuation[continuation.length - 1];
    const end = lastToken === undefined ? head.contentEnd : lineOf(lastToken).contentEnd;
    const first = skipSpace(this.masked, head.start, head.contentEnd);
    const invalid: Invalid = {
      type: "Invalid",
      span: this.span(first, trimEnd(this.masked, first, end)),
      text: this.clean(first, trimEnd(this.masked, first, end)),
    };
    const wrongCase: Line[] = [];
    for (const token of continuation) {
      const line = lineOf(token);
      if (line.lowercaseLabel && this.knownLabels().has(line.lowercaseLabel.name.toUpperCase())) wrongCase.push(line);
    }
    if (head.lowercaseLabel && this.knownLabels().has(head.lowercaseLabel.name.toUpperCase())) wrongCase.unshift(head);
    if (wrongCase.length > 0 || head.lowercaseLabel) {
      // `Host: …` on every line of a paragraph: every one is reported, in one pass.
      for (const line of head.lowercaseLabel && !wrongCase.includes(head) ? [head, ...wrongCase] : wrongCase)
        this.diagnostics.push(this.wrongCase(line.lowercaseLabel!));
    } else {
      this.diagnostics.push(this.strayDiagnostic(head, continuation.length + 1));
    }
    this.push(invalid);
  }

  private wrongCase(lower: LabelMatch): Diagnostic {
    const upper = lower.name.toUpperCase();
    return diagnostic("POD0111", this.span(lower.start, lower.end), `speaker labels are written in capitals: ${upper}`, {
      help: `write ${upper}: (or @${lower.name}: to keep the spelling as a forced label)`,
      fixes: [this.capitalise(lower)],
    });
  }

  /**
   * A paragraph that is no element: in a screenplay, action. The help says to make it a direction — never to join it to
   * the speech above (it would be spoken) nor to cast it (a heading is no speaker).
   */
  private strayDiagnostic(head: Line, lineCount: number): Diagnostic {
    const first = skipSpace(this.masked, head.start, head.contentEnd);
    const fix = { title: lineCount === 1 ? "Write it as a direction (! …)" : "Write this line as a direction (! …)", span: this.span(first, first), replacement: "! " };
    return diagnostic("POD0110", this.lineSpan(head), "this line is not dialogue, a section heading, a direction, a note or a song", {
      help:
        "if it is action or a note to the producer, write it as a direction: `! " +
        excerpt(this.clean(head.start, head.contentEnd).trim()) +
        "`; if someone says it, start it with their label in capitals (HOST: …)",
      fixes: [fix],
    });
  }

  song(tokens: readonly IToken[]): void {
    const open = lineOf(tokens[0]!);
    const song: Song = {
      type: "Song",
      span: this.lineSpan(open),
      title: this.atom(open.label!.afterColon!, open.contentEnd),
      headers: [],
      items: [],
    };
    let inLyrics = false;
    let stanzaBreak: Line | undefined;
    let end = open.contentEnd;
    for (let i = 1; i < tokens.length; i++) {
      const line = lineOf(tokens[i]!);
      if (line.kind === "blank") {
        // A stanza break: one empty Lyric for a run of blank lines between two lyric or tag lines, none at either end.
        if (inLyrics) stanzaBreak ??= line;
        continue;
      }
      end = line.contentEnd;
      if (line.kind === "songEnd") {
        song.end = this.lineSpan(line);
        continue;
      }
      if (line.kind === "keyValue" && !inLyrics) {
        song.headers.push(this.songHeader(line));
        continue;
      }
      inLyrics = true;
      const item = line.kind === "marker" ? this.marker(line) : this.lyric(line, song);
      // Before a known section marker, blank lines mean nothing: sections are set apart anyway.
      const opensSection = item.type === "Marker" && item.canonical !== null;
      if (stanzaBreak !== undefined && !opensSection) song.items.push({ type: "Lyric", span: this.span(stanzaBreak.start, stanzaBreak.start), text: "" });
      stanzaBreak = undefined;
      song.items.push(item);
    }
    song.span = this.span(song.span.start.offset, trimEnd(this.masked, open.start, end));
    if (!song.end) {
      this.diagnostics.push(
        diagnostic("POD0303", this.lineSpan(open), `song "${song.title.text}" never ends`, {
          help: "add a line END SONG after its lyrics",
          fixes: [insertLinesAfter(this.source, song.span.end.line, ["END SONG"], "Add END SONG after the lyrics")],
        }),
      );
    }
    this.push(song);
  }

  private songHeader(line: Line): SongHeader {
    const colon = this.colonIn(line);
    const key = this.atom(line.start, colon);
    return {
      type: "SongHeader",
      span: this.lineSpan(line),
      key,
      name: key.text.toLowerCase(),
      value: this.atom(colon + 1, line.contentEnd),
    };
  }

  private colonIn(line: Line): number {
    for (let i = line.start; i < line.contentEnd; i++) {
      const c = this.masked.charCodeAt(i);
      if (c === 58 || c === 0xff1a) return i;
    }
    return line.contentEnd;
  }

  private marker(line: Line): LyricItem {
    const atom = this.atom(line.start, line.contentEnd);
    const name = readMarker(atom.text.slice(1, -1));
    const marker: Marker = { type: "Marker", span: atom.span, raw: name.raw, canonical: name.canonical, written: atom.text };
    if (name.number !== undefined) marker.number = name.number;
    if (name.suffix !== undefined) marker.suffix = name.suffix;
    return marker;
  }

  private lyric(line: Line, song: Song): LyricItem {
    if (line.kind === "keyValue") {
      const colon = this.colonIn(line);
      const key = this.atom(line.start, colon).text;
      if (SONG_HEADER_SPELLING.has(key.toLowerCase())) {
        const headers = song.headers;
        const above = headers.length > 0 ? headers[headers.length - 1]!.span.end.line : song.span.start.line;
        this.diagnostics.push(
          diagnostic("POD0308", this.lineSpan(line), `"${key}:" among the lyrics is sent as a lyric line`, {
            help: "song headers go directly after the SONG: line, before the first lyric or section marker",
            fixes: [this.moveLineUp(this.source.lineOf(line.start), above, `Move ${key}: up to the song's headers`)],
          }),
        );
      }
    }
    const first = skipSpace(this.masked, line.start, line.contentEnd);
    const last = trimEnd(this.masked, first, line.contentEnd);
    // Lyrics are sent as written: keep inner spacing, cut only notes and the line's ends.
    return { type: "Lyric", span: this.span(first, last), text: this.clean(first, last) };
  }

  // ---- fixes that move lines

  /** One edit that moves the 1-based line `line` up to just after line `above`, the lines between kept in order. */
  private moveLineUp(line: number, above: number, title: string): Fix {
    const source = this.source;
    const from = source.lineEnd(above);
    const between = source.text.slice(from, source.lineEnd(line - 1));
    const replacement = lineBreakOf(source) + source.lineText(line) + between;
    return { title, span: this.span(from, source.lineEnd(line)), replacement };
  }

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

  // ---- notes and boneyards

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
          ? diagnostic("POD0101", this.span(t.start, t.start + 2), "this boneyard is never closed: it hides the rest of the script", {
              help: "close it with */",
              fixes: this.closeBoneyard(t.start),
            })
          : diagnostic("POD0102", this.span(t.start, t.start + 2), "this note is never closed", {
              help: "close it with ]] (a note cannot span a blank line)",
              fixes: [{ title: "Close the note with ]]", span: this.span(t.end, t.end), replacement: "]]" }],
            }),
      );
    }
    const script: Script = { type: "Script", span: this.span(0, this.source.text.length), body: [], boneyards };
    if (this.page) script.titlePage = this.page;
    return { script, diagnostics: this.diagnostics };
  }
}

function mergeByOffset<T extends { span: { start: { offset: number } } }>(items: T[], notes: Note[]): (T | Note)[] {
  return [...items, ...notes].sort((a, b) => a.span.start.offset - b.span.start.offset);
}

/** The start of a line, short enough to quote in a help. */
function excerpt(text: string): string {
  return text.length <= 40 ? text : `${text.slice(0, 37)}…`;
}

/** Whether a text is empty or all white space (as String.prototype.trim sees it), without trimming a copy. */
function isWhiteSpace(text: string): boolean {
  const c = text.charCodeAt(0);
  if (c > 32 && c < 127) return false;
  return text.trim() === "";
}
