import stringWidth from "string-width";
import type { CastEntry, Direction, Include, Script, Section, Song, Sound, Speech, TitleEntry, TitlePage } from "../ast/nodes.js";
import { markerLine } from "../ast/song.js";
import { INCLUDE_OPEN } from "../language/include-line.js";
import { SONG_END, SONG_OPEN } from "../language/song-block.js";
import { SONG_HEADER_SPELLING } from "../language/song-headers.js";
import { TITLE_KEY_SPELLING } from "../language/title-keys.js";
import { classifyBody } from "../parser/lines.js";
import { type Block, LinePlan, type SongPart } from "./line-plan.js";
import { colonAfter, type LineEditor, type ScriptLines, spaceColon } from "./lines.js";

// The canonical spelling of each element of a script, line by line: the title page, speeches, songs, section
// headings, directions, and the lines of notes or boneyard between them. Blank lines are laid out afterwards
// (blank-lines.ts) from the block each line is given here.

/**
 * Gives every non-blank line of a parsed script its canonical content and block. Lines of elements the parser
 * could not read are kept as written; lines of nothing but notes or boneyard lose only their indentation and
 * trailing white space.
 */
export function planLines(script: Script, lines: ScriptLines): LinePlan {
  const plan = new LinePlan();
  if (script.titlePage) planTitlePage(script.titlePage, lines, plan);
  for (const element of script.body) {
    switch (element.type) {
      case "Section":
        planSection(element, lines, plan);
        break;
      case "Direction":
        planDirection(element, lines, plan);
        break;
      case "Sound":
        planSound(element, lines, plan);
        break;
      case "Speech":
        planSpeech(element, lines, plan);
        break;
      case "Song":
        planSong(element, lines, plan);
        break;
      case "Include":
        planInclude(element, lines, plan);
        break;
      case "Invalid": {
        const block = plan.newBlock("paragraph");
        for (let line = element.span.start.line; line <= element.span.end.line; line++) {
          plan.claim(line, { content: lines.editor(line).render(), block, glue: false });
        }
        break;
      }
      case "Note":
        break; // a note beside an element is part of that element's line; one on a line of its own is planned below
    }
  }
  // Lines of notes or boneyard between elements. One written directly under another line (or carried over from it,
  // inside a boneyard) stays with that line; one after a blank line is a paragraph of its own.
  for (let line = 1; line <= lines.count; line++) {
    if (plan.has(line) || lines.isBlank(line)) continue;
    const above = plan.get(line - 1);
    if (above?.block && (lines.isTriviaOnly(line) || lines.trivia.inside(lines.start(line)))) {
      const glue = { content: triviaLine(lines, line, ""), block: above.block, glue: true };
      // Under the title page, an indented note lines up with the Cast — unless a blank line ends up above it.
      if (above.block.kind === "title" && lines.isIndented(line)) {
        plan.claim(line, { ...glue, content: triviaLine(lines, line, TITLE_INDENT), alone: glue.content });
      } else plan.claim(line, glue);
    } else {
      plan.claim(line, { content: triviaLine(lines, line, ""), block: plan.newBlock("paragraph"), glue: false });
    }
  }
  return plan;
}

// The title page is spelled `Key: value`, known keys in their documented case (`title:` → `Title:`), with values
// continued on lines indented by four spaces. Cast entries are indented by four spaces and their voices aligned in
// one column, one space past the longest `LABEL:`. Keys are case-insensitive and values are trimmed line by line,
// so none of this changes what the title page means. Lines the parser could not read are kept as written.

/** The indentation of Cast entries and continued values. */
const TITLE_INDENT = "    ";

/** Plans the lines of the title page. */
function planTitlePage(page: TitlePage, lines: ScriptLines, plan: LinePlan): void {
  const block = plan.newBlock("title");
  for (const entry of page.entries) {
    plan.claim(entry.span.start.line, { content: entryLine(entry, lines), block, glue: false });
    if (entry.cast) planCast(entry.cast, lines, plan, block);
    else planContinuation(entry, lines, plan, block);
  }
  // What is left is a line the parser reported (kept as written), or notes and boneyard.
  for (let line = page.span.start.line; line <= page.span.end.line; line++) {
    if (plan.has(line) || lines.isBlank(line)) continue;
    plan.claim(line, { content: triviaLine(lines, line, lines.isIndented(line) ? TITLE_INDENT : ""), block, glue: false });
  }
}

function entryLine(entry: TitleEntry, lines: ScriptLines): string {
  const editor = lines.editor(entry.span.start.line);
  editor.trimEnd();
  const key = TITLE_KEY_SPELLING.get(entry.name);
  if (key !== undefined) editor.replace(entry.key.span.start.offset, entry.key.span.end.offset, key);
  spaceColon(editor, entry.key.span.end.offset);
  return editor.render();
}

function planContinuation(entry: TitleEntry, lines: ScriptLines, plan: LinePlan, block: Block): void {
  for (let line = entry.span.start.line + 1; line <= entry.span.end.line; line++) {
    if (!lines.isIndented(line) || lines.isTriviaOnly(line)) continue;
    const editor = lines.editor(line);
    editor.trimEnd();
    editor.indent(TITLE_INDENT);
    plan.claim(line, { content: editor.render(), block, glue: false });
  }
}

/** Cast entries with their voices in one column: the column is found from the labels as they will be written. */
function planCast(cast: readonly CastEntry[], lines: ScriptLines, plan: LinePlan, block: Block): void {
  const rows: { editor: LineEditor; colon: number; width: number }[] = [];
  for (const entry of cast) {
    const editor = lines.editor(entry.span.start.line);
    editor.trimEnd();
    editor.indent(TITLE_INDENT);
    const labelEnd = entry.label.span.end.offset;
    const colon = colonAfter(editor, labelEnd);
    if (colon === undefined || editor.frozen) {
      plan.claim(editor.line, { content: editor.render(), block, glue: false });
      continue;
    }
    editor.replace(labelEnd, colon, "");
    rows.push({ editor, colon, width: stringWidth(editor.render(colon + 1)) });
  }
  const column = Math.max(0, ...rows.map((r) => r.width)) + 1;
  for (const { editor, colon, width } of rows) {
    editor.spaceAt(colon + 1, " ".repeat(column - width));
    plan.claim(editor.line, { content: editor.render(), block, glue: false });
  }
}

// A speech keeps its form: inline stays inline, cue stays cue. Only white space changes: the label line is spelled
// `LABEL (EXT): text`, and every other line loses its indentation and trailing white space. The parser trims and
// joins a speech's lines, so none of this changes a word that is spoken.

/** Whether the parser reads `line` as a Fountain habit (a scene heading, a transition) rather than what it was. */
function isHabit(line: string): boolean {
  const kind = classifyBody(line, 0).kind;
  return kind === "heading" || kind === "direction";
}

/** Plans the lines of one speech. */
function planSpeech(speech: Speech, lines: ScriptLines, plan: LinePlan): void {
  const block = plan.newBlock(speech.form === "cue" ? "cue" : "paragraph");
  const head = speech.span.start.line;
  plan.claim(head, { content: labelLine(speech, lines), block, glue: false });
  for (let line = head + 1; line <= speech.span.end.line; line++) {
    plan.claim(line, { content: lines.editor(line).plain(), block, glue: false });
  }
}

function labelLine(speech: Speech, lines: ScriptLines): string {
  const editor = lines.editor(speech.span.start.line);
  editor.trimEnd();
  editor.indent("");
  let end = speech.speaker.span.end.offset;
  if (speech.extension) {
    const kept = editor.render();
    editor.replace(end, speech.extension.span.start.offset, " ");
    // Spacing must not turn the label into a screenplay habit: `EST\t(V.O.)` is a cue, `EST (V.O.)` a scene heading.
    if (isHabit(editor.render())) return kept;
    end = speech.extension.span.end.offset;
  }
  if (speech.form === "inline") {
    const colon = spaceColon(editor, end);
    const opening = speech.parts[0];
    // A parenthetical that opens the speech is followed by one space, like the colon before it.
    const opens = opening?.type === "Parenthetical" && opening.span.start.line === editor.line;
    if (colon !== undefined && opens && opening.span.start.offset > colon) {
      editor.spaceAt(opening.span.end.offset, " ");
    }
  }
  return editor.render();
}

// A song is spelled `SONG: Title`, its headers `Style: …`, `Model: …`, `Takes: …` and `Pick: …` (known keys in that case), its section
// markers as the request spells them (`[verse]` → `[Verse]`, `【Verse 1】` → `[Verse 1]`, free-form tags as written)
// and its end `END SONG`.
// Lyric lines lose only their indentation and trailing white space, which are not sent. The blank lines inside the
// song are laid out later from each line's part.

/** Plans the lines of one song block. */
function planSong(song: Song, lines: ScriptLines, plan: LinePlan): void {
  const block = plan.newBlock("song");
  const claim = (line: number, content: string, songPart: SongPart) => plan.claim(line, { content, block, glue: false, songPart });

  const open = canonicalLine(lines, song.span.start.line);
  spaceColon(open, song.span.start.offset + SONG_OPEN.length);
  claim(open.line, open.render(), "head");

  for (const header of song.headers) {
    const editor = canonicalLine(lines, header.span.start.line);
    const key = SONG_HEADER_SPELLING.get(header.name);
    if (key !== undefined) editor.replace(header.key.span.start.offset, header.key.span.end.offset, key);
    spaceColon(editor, header.key.span.end.offset);
    claim(editor.line, editor.render(), "head");
  }

  for (const item of song.items) {
    if (item.type === "Note") continue; // a note on a line of its own is glue, laid out with its neighbours
    if (item.type === "Lyric" && item.text === "") continue; // a stanza break: blank lines, laid out below
    const editor = canonicalLine(lines, item.span.start.line);
    if (item.type === "Marker") editor.replace(item.span.start.offset, item.span.end.offset, markerLine(item));
    // A free-form tag is laid out like a lyric: a blank line before it is the writer's choice, and means something.
    claim(editor.line, editor.render(), item.type === "Marker" && item.canonical !== null ? "marker" : "lyric");
  }

  if (song.end) {
    const editor = canonicalLine(lines, song.end.start.line);
    editor.replace(song.end.start.offset, song.end.end.offset, SONG_END);
    claim(editor.line, editor.render(), "end");
  }

  // Lines of notes or boneyard between the song's lines.
  for (let line = song.span.start.line + 1; line < song.span.end.line; line++) {
    if (!plan.has(line) && !lines.isBlank(line)) plan.claim(line, { content: lines.editor(line).plain(), block, glue: true });
  }
}

function canonicalLine(lines: ScriptLines, line: number): LineEditor {
  const editor = lines.editor(line);
  editor.trimEnd();
  editor.indent("");
  return editor;
}

// Section headings and directions are one line each. A heading is written `# Title` (its `#`s, one space, the
// title); a direction `! text`; a screenplay's scene heading, transition, centred text or page break as written. The parser trims both titles and texts, so the spaces are free to choose.

/** Plans a section heading: a block of its own. */
function planSection(section: Section, lines: ScriptLines, plan: LinePlan): void {
  const editor = lines.editor(section.span.start.line);
  editor.trimEnd();
  editor.indent("");
  // A scene heading (`INT. HOUSE - DAY`, `.FLASHBACK`) is kept as written.
  if (editor.text[section.span.start.offset] === "#") editor.spaceAt(section.span.start.offset + section.depth, " ");
  plan.claim(editor.line, { content: editor.render(), block: plan.newBlock("section"), glue: false });
}

/** Plans a direction: part of the paragraph it was written in. */
function planDirection(direction: Direction, lines: ScriptLines, plan: LinePlan): void {
  const editor = lines.editor(direction.span.start.line);
  editor.trimEnd();
  editor.indent("");
  const bang = direction.span.start.offset;
  // `!! LOUD` stays as written rather than become `! ! LOUD`; a transition, centred text or page break (`CUT TO:`,
  // `> THE END <`, `===`) is kept as written.
  const written = direction.form !== undefined;
  if (!written && !(editor.spaceAfter(bang + 1) === bang + 1 && editor.text[bang + 1] === "!")) editor.spaceAt(bang + 1, " ");
  plan.claim(editor.line, { content: editor.render(), block: plan.newBlock("paragraph"), glue: false });
}

/** Plans a sound cue: on its own line, unindented, one space between the keyword and the file (which is kept as written). */
function planSound(sound: Sound, lines: ScriptLines, plan: LinePlan): void {
  const editor = lines.editor(sound.span.start.line);
  editor.trimEnd();
  editor.indent("");
  const after = sound.span.start.offset + sound.keyword.length;
  editor.spaceAt(after, " ");
  plan.claim(editor.line, { content: editor.render(), block: plan.newBlock("paragraph"), glue: false });
}

/** `INCLUDE: path` at the left margin with one space after the colon; the path as written (never inlined). */
function planInclude(include: Include, lines: ScriptLines, plan: LinePlan): void {
  const editor = lines.editor(include.span.start.line);
  editor.trimEnd();
  editor.indent("");
  spaceColon(editor, include.span.start.offset + INCLUDE_OPEN.length);
  plan.claim(editor.line, { content: editor.render(), block: plan.newBlock("paragraph"), glue: false });
}

/**
 * The canonical form of a line that belongs to no element: one of nothing but notes or boneyard loses its trailing
 * white space and takes `indent` (none in the body; on the title page an indented one lines up with the Cast). Any
 * other such line is kept as written.
 */
function triviaLine(lines: ScriptLines, line: number, indent: string): string {
  const editor = lines.editor(line);
  if (!lines.isTriviaOnly(line)) return editor.render();
  editor.trimEnd();
  editor.indent(indent);
  return editor.render();
}
