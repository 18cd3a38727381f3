import type { IToken } from "chevrotain";
import type { BodyElement, Note, Script, Sound, TitlePage, Invalid, Speech, SpeechPart } from "../ast/nodes.js";
import { readSoundLine } from "../language/sound-cues.js";
import type { Diagnostic, Fix } from "../diagnostics/diagnostic.js";
import { insertLinesAfter, insertLinesBefore, removeLines } from "../diagnostics/line-fixes.js";
import { diagnostic } from "../diagnostics/report.js";
import { endOffsetOf, startOffsetOf } from "../source/offset-span.js";
import type { SourceText } from "../source/source-text.js";
import { buildSong } from "./build-song.js";
import { buildTitlePage } from "./build-title-page.js";
import { screenplayHabit } from "./screenplay-lines.js";
import type { ScriptActions } from "./parse.js";
import { skipSpace, trimEnd, type LabelMatch, lineEndFrom, type TriviaRange } from "./lines.js";
import { mergeByOffset } from "./place-notes.js";
import { lineOf } from "./tokens.js";
import { TreeText, type Line } from "./tree-text.js";
import { readPause } from "../language/pauses.js";
import { labelSlip, slipDiagnostic, type LabelSlip } from "./label-slip.js";

/**
 * Builds the tree from the elements the grammar recognises (it is the grammar's ScriptActions), reporting lines that
 * are no element of the language. A speech (and a stray line) is built below; the title page and a song in their own
 * files (build-title-page.ts, build-song.ts). This class places the elements in order with the notes among them, and ends
 * the script.
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

/** The labels cast by the project or by the script's title page, asked for only when needed. */
interface KnownLabels {
  knownLabels(): ReadonlySet<string>;
}

/**
 * The parts of the speech being built, gathered in one array kept from speech to speech: each speech's own array is
 * then made once, at its size, where a fresh array filled by push is first made with room for many more parts, for
 * nothing (most speeches have one part).
 */
class Parts {
  private items: (SpeechPart | undefined)[] = [];
  private count = 0;

  clear(): void {
    this.count = 0;
  }

  push(part: SpeechPart): void {
    this.items[this.count++] = part;
  }

  /** The parts gathered, as an array of their own. */
  take(): SpeechPart[] {
    // Most speeches have one part, and an array literal is made several times faster than slice() makes one.
    const taken = (this.count === 1 ? [this.items[0]] : this.items.slice(0, this.count)) as SpeechPart[];
    // Nothing of this script is held once it is parsed (parts hold its text), nor room kept for a very long speech.
    if (this.count > 64) this.items = [];
    else for (let i = 0; i < this.count; i++) this.items[i] = undefined;
    this.count = 0;
    return taken;
  }
}

const parts = new Parts();

/**
 * A speech from its label line and the lines under it; or, for a line in capitals alone that names no one cast, the
 * action it is (see buildStray).
 */
function buildSpeech(tree: TreeText, headToken: IToken, continuation: readonly IToken[], known: KnownLabels): Speech | Invalid {
  const head = lineOf(headToken);
  const label = head.label!;
  // A line in capitals alone, with nothing under it, that names no one cast (`THE BEAST.`) is a screenplay's action
  // written in capitals, not a speech: it is reported as such, never as a speaker to declare.
  if (label.afterColon === undefined && continuation.length === 0 && !known.knownLabels().has(label.name))
    return buildStray(tree, headToken, continuation, known);
  const nameStart = label.forced ? label.start + 1 : label.start;
  const first = skipSpace(tree.masked, head.start, head.contentEnd);
  // Cut from the source text, as every text of the tree (a label holds no trivia).
  const name = tree.name(nameStart, label.end);
  const speaker = { name, span: tree.span(nameStart, label.end), forced: label.forced };
  const extension = label.extension ? tree.atom(label.extension.start, label.extension.end) : undefined;
  parts.clear();
  if (label.afterColon !== undefined) {
    doubleColon(tree, name, label.afterColon, head.contentEnd);
    openingText(tree, parts, label.afterColon, head.contentEnd);
  }
  let end = head.contentEnd;
  for (let i = 0; i < continuation.length; i++) {
    const line = lineOf(continuation[i]!);
    continuationLine(tree, known, name, parts, line);
    end = line.contentEnd;
  }
  const speech: Speech = {
    type: "Speech",
    span: tree.span(first, trimEnd(tree.masked, first, end)),
    form: label.afterColon === undefined ? "cue" : "inline",
    speaker,
    parts: parts.take(),
  };
  if (extension) speech.extension = extension;
  return speech;
}

/** `THEO:: text`: the second colon would be spoken. */
function doubleColon(tree: TreeText, name: string, from: number, to: number): void {
  const at = skipSpace(tree.masked, from, to);
  const c = tree.masked.charCodeAt(at);
  if (c !== 58 && c !== 0xff1a) return;
  tree.diagnostics.push(
    diagnostic(
      "POD0119",
      tree.span(at, at + 1),
      { name, cause: "a second colon follows the first" },
      {
        help: `as written, ${name} says "${tree.masked[at]!}" first: remove the second colon`,
        fixes: [{ title: "Remove the second colon", span: tree.span(at, at + 1), replacement: "" }],
      },
    ),
  );
}

/** The text after `LABEL:`: a parenthetical may open it. */
function openingText(tree: TreeText, parts: Parts, from: number, to: number): void {
  const first = skipSpace(tree.masked, from, to);
  const open = tree.masked.charCodeAt(first);
  if (open === 40 /* ( */ || open === 0xff08 /* （ */) {
    const close = tree.masked.indexOf(open === 40 ? ")" : "）", first);
    if (close !== -1 && close < to) {
      parts.push({ type: "Parenthetical", span: tree.span(first, close + 1), text: tree.atom(first + 1, close).text });
      from = close + 1;
    } else unclosedParen(tree, first, to);
  }
  spoken(tree, parts, from, to);
}

function spoken(tree: TreeText, parts: Parts, from: number, to: number): void {
  const first = skipSpace(tree.masked, from, to);
  const last = trimEnd(tree.masked, first, to);
  const text = tree.clean(first, last);
  if (!isWhiteSpace(text)) parts.push({ type: "Spoken", span: tree.span(first, last), text });
}

/**
 * `(laughing That cannot be true.`: the parenthesis and all would be spoken. The fix closes it after its first word,
 * the direction such a slip nearly always is.
 */
function unclosedParen(tree: TreeText, open: number, to: number): void {
  const last = trimEnd(tree.masked, open, to);
  const word = /^[(（]\s*[^\s()（）]+/.exec(tree.masked.slice(open, last));
  const at = word ? open + word[0].length : last;
  const direction = tree.masked.slice(open + 1, at).trim();
  tree.diagnostics.push(
    diagnostic(
      "POD0120",
      tree.span(open, open + 1),
      {},
      {
        help: `close it where the direction ends, such as (${direction})`,
        fixes: [{ title: `Close it after "${direction}"`, span: tree.span(at, at), replacement: ")" }],
      },
    ),
  );
}

/** The slip that keeps a line from being the label it looks like, reported with `fate`: what becomes of it as written. */
function reportSlip(tree: TreeText, slip: LabelSlip, line: Line, fate: string): void {
  const first = skipSpace(tree.masked, line.start, line.contentEnd);
  tree.diagnostics.push(slipDiagnostic(tree, slip, first, fate, ` to give it to ${slip.name}`));
}

function slipOf(tree: TreeText, known: KnownLabels, line: Line): LabelSlip | undefined {
  const first = skipSpace(tree.masked, line.start, line.contentEnd);
  return labelSlip(tree.masked, first, trimEnd(tree.masked, first, line.contentEnd), (label) => known.knownLabels().has(label));
}

function continuationLine(tree: TreeText, known: KnownLabels, who: string, parts: Parts, line: Line): void {
  if (line.kind === "paren") {
    const atom = tree.atom(line.start, line.contentEnd);
    parts.push({ type: "Parenthetical", span: atom.span, text: atom.text.slice(1, -1).trim() });
    return;
  }
  if (line.kind === "sound") soundInSpeech(tree, who, line);
  const slip = line.lowercaseLabel ? undefined : slipOf(tree, known, line);
  if (slip) reportSlip(tree, slip, line, `${who} speaks this line, label and all`);
  const first = skipSpace(tree.masked, line.start, line.contentEnd);
  const open = tree.masked.charCodeAt(first);
  if (open === 40 || open === 0xff08) {
    const close = tree.masked.indexOf(open === 40 ? ")" : "）", first);
    if (close === -1 || close > line.contentEnd) unclosedParen(tree, first, line.contentEnd);
  }
  if (line.lowercaseLabel) {
    const label = line.lowercaseLabel;
    const upper = label.name.toUpperCase();
    const span = tree.span(label.start, label.end);
    // `Guest:` when GUEST is cast is surely a new speech; `Fun fact:` may well be part of this one.
    tree.diagnostics.push(
      known.knownLabels().has(upper)
        ? diagnostic(
            "POD0111",
            span,
            { upper },
            {
              help: `as written, this line is spoken by ${who}; write ${upper}: to give it to ${upper}`,
              fixes: [tree.capitalise(label)],
            },
          )
        : diagnostic(
            "POD0114",
            span,
            { who },
            {
              help: `if ${upper} speaks here, write the label in capitals: ${upper}; if ${who} says it, start the line with \\ to say so`,
              // Most such lines are the speech's own words (`Fun fact: …`): keeping them there comes first.
              fixes: [{ title: `Keep it in ${who}'s speech (\\)`, span: tree.span(label.start, label.start), replacement: "\\" }, tree.capitalise(label)],
            },
          ),
    );
  }
  spoken(tree, parts, line.start, line.contentEnd);
}

/**
 * A sound cue's line directly under a speech stays a line of it, as before cues existed (so no script changes meaning),
 * and is spoken: the writer surely meant the cue, which a blank line above it makes.
 */
function soundInSpeech(tree: TreeText, who: string, line: Line): void {
  const span = tree.lineSpan(line);
  const fixes = [insertLinesBefore(tree.source, tree.source.lineOf(line.start), [""], "Put a blank line before it, to make it a sound cue")];
  tree.diagnostics.push(diagnostic("POD0925", span, { who }, { help: "put a blank line before it, so that it is the sound cue it looks like", fixes }));
}

/** A paragraph that is no element of the language (a label in the wrong case, or a screenplay's action), reported. */
function buildStray(tree: TreeText, headToken: IToken, continuation: readonly IToken[], known: KnownLabels): Invalid {
  const head = lineOf(headToken);
  const lastToken = continuation[continuation.length - 1];
  const end = lastToken === undefined ? head.contentEnd : lineOf(lastToken).contentEnd;
  const first = skipSpace(tree.masked, head.start, head.contentEnd);
  const invalid: Invalid = {
    type: "Invalid",
    span: tree.span(first, trimEnd(tree.masked, first, end)),
    text: tree.clean(first, trimEnd(tree.masked, first, end)),
  };
  const wrongCase: Line[] = [];
  for (const token of continuation) {
    const line = lineOf(token);
    if (line.lowercaseLabel && known.knownLabels().has(line.lowercaseLabel.name.toUpperCase())) wrongCase.push(line);
  }
  if (head.lowercaseLabel && known.knownLabels().has(head.lowercaseLabel.name.toUpperCase())) wrongCase.unshift(head);
  if (wrongCase.length > 0 || head.lowercaseLabel) {
    // `Host: …` on every line of a paragraph: every one is reported, in one pass.
    for (const line of head.lowercaseLabel && !wrongCase.includes(head) ? [head, ...wrongCase] : wrongCase)
      tree.diagnostics.push(wrongCaseDiagnostic(tree, line.lowercaseLabel!));
  } else {
    const slip = slipOf(tree, known, head);
    if (slip) reportSlip(tree, slip, head, "it is not read at all");
    else tree.diagnostics.push(strayDiagnostic(tree, head, continuation));
  }
  return invalid;
}

function wrongCaseDiagnostic(tree: TreeText, lower: LabelMatch): Diagnostic {
  const upper = lower.name.toUpperCase();
  return diagnostic(
    "POD0111",
    tree.span(lower.start, lower.end),
    { upper },
    {
      help: `write ${upper}: (or @${lower.name}: to keep the spelling as a forced label)`,
      fixes: [tree.capitalise(lower)],
    },
  );
}

/**
 * A paragraph that is no element: in a screenplay, action. The help says to make it a direction — never to join it to
 * the speech above (it would be spoken) nor to cast it (a heading is no speaker).
 */
function strayDiagnostic(tree: TreeText, head: Line, continuation: readonly IToken[]): Diagnostic {
  const first = skipSpace(tree.masked, head.start, head.contentEnd);
  // A pause on its own paragraph: as a direction it would be silently no pause, so the help says where it is one.
  const written = tree.clean(head.start, head.contentEnd).trim();
  if (continuation.length === 0 && /^\(.*\)$/.test(written) && readPause(written.slice(1, -1)).kind !== "none") {
    const help = `a pause belongs to a speech: remove the blank line above it, so that it ends the speech before, or write it after the next label's colon (HOST: ${written} …)`;
    return diagnostic("POD0110", tree.lineSpan(head), {}, { help });
  }
  // Every line of the paragraph: a direction is one line, and a line left below it would be the next error.
  const lines = [head, ...continuation.map(lineOf)];
  const last = lines[lines.length - 1]!;
  const source = tree.source.text;
  let replacement = "";
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const from = i === 0 ? first : skipSpace(tree.masked, line.start, line.contentEnd);
    if (i > 0) replacement += source.slice(lines[i - 1]!.contentEnd, from);
    replacement += "! " + source.slice(from, line.contentEnd);
  }
  const fix = {
    title: lines.length === 1 ? "Write it as a direction (! …)" : `Write its ${lines.length} lines as directions (! …)`,
    span: tree.span(first, last.contentEnd),
    replacement,
  };
  return diagnostic(
    "POD0110",
    tree.lineSpan(head),
    {},
    {
      help:
        "if it is action or a note to the producer, write it as a direction: `! " +
        excerpt(tree.clean(head.start, head.contentEnd).trim()) +
        "`; if someone says it, start it with their label in capitals (HOST: …)",
      fixes: [fix],
    },
  );
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
