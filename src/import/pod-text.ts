import type { BodyElement, Script, Speech, TitleEntry } from "../ast/nodes.js";
import { formatText } from "../format/format.js";
import { classifyBody } from "../parser/lines.js";
import type { SourceText } from "../source/source-text.js";
import { hasLowerCase } from "../language/letters.js";

// A screenplay's tree written out as a .pod script: every element in its .pod form (scene heading → `# …`, action,
// transition and centred text → `! …`, page break → `===`, synopsis → `[[…]]`), the Cast generated, and the result
// laid out as `podc fmt` lays it out. What it writes compiles to the requests the screenplay compiles to: speeches keep
// their parts line for line, and a line of dialogue the .pod parser would read as something else is escaped with a
// backslash, which spoken text drops.

export interface PodTextOptions {
  /** Voices to hand out in turn to characters that have none yet (the configured voice list). */
  voices: readonly string[];
  /** Voices the project already gives to labels (podc.json's cast). */
  cast: Readonly<Record<string, string>>;
}

export interface PodText {
  text: string;
  /** Each character's .pod label and voice, in order of first appearance; `chosen` when import picked the voice. */
  cast: { name: string; label: string; voice: string; chosen: boolean }[];
}

/** The .pod script of a screenplay's tree (read from `source`). Pure; never throws. */
export function podText(script: Script, source: SourceText, options: PodTextOptions): PodText {
  const cast = castOf(script, options);
  const labels = new Map(cast.map((member) => [member.name, member.label]));
  const out: string[] = [];
  const page = titlePageLines(script, cast);
  if (page.length > 0) out.push(...page, "");
  if (cast.some((member) => member.chosen)) {
    out.push("[[TODO: podc import gave the characters voices in turn from the configured list; review the Cast]]", "");
  }
  let previous: BodyElement | undefined;
  for (const element of script.body) {
    // Lines of one action paragraph stay together; every other element is set apart by a blank line.
    const together = previous?.type === "Direction" && element.type === "Direction" && element.span.start.line === previous.span.end.line + 1;
    if (previous !== undefined && !together) out.push("");
    out.push(...elementLines(element, source, labels));
    previous = element;
  }
  return { text: formatText(out.join("\n") + "\n"), cast };
}

function elementLines(element: BodyElement, source: SourceText, labels: Map<string, string>): string[] {
  switch (element.type) {
    case "Section":
      return [`${"#".repeat(element.depth)} ${unopened(element.title.text)}`.trimEnd()];
    case "Sound":
      // No screenplay has a sound cue (Fountain and Final Draft have no sound syntax): only for a tree that holds one.
      return [source.text.slice(element.span.start.offset, element.span.end.offset)];
    case "Direction":
      return [element.form === "pageBreak" ? "===" : `! ${unopened(element.text)}`.trimEnd()];
    case "Note":
      return [note(element.text)];
    case "Speech":
      return speechLines(element, labels);
    case "Song":
      // Read by the .pod parser in the first place: copied as written, it means the same.
      return source.text.slice(element.span.start.offset, element.span.end.offset).split(/\r\n|\r|\n/);
    case "Include":
      return [`INCLUDE: ${element.path.text}`];
    case "Invalid":
      return element.text.split(/\r\n|\r|\n/).map((line) => `! ${unopened(line.trim())}`.trimEnd());
  }
}

function speechLines(speech: Speech, labels: Map<string, string>): string[] {
  const label = labels.get(speech.speaker.name) ?? speech.speaker.name;
  const lines = [speech.extension ? `${label} ${unopened(speech.extension.text)}` : label];
  for (const part of speech.parts) {
    if (part.type === "Parenthetical") lines.push(`(${unopened(part.text)})`);
    else if (part.type === "Note") lines.push(note(part.text));
    else lines.push(dialogueLine(part.text));
  }
  return lines;
}

/** A line of dialogue as the .pod parser will read it as dialogue: escaped when it would read as something else. */
function dialogueLine(text: string): string {
  // Spoken text drops a backslash, so in dialogue a stray `*/` is written `*\/`, which is no warning.
  const escaped = unopened(text).replace(/\*\//g, "*\\/");
  const line = classifyBody(escaped, 0);
  return line.kind === "text" && line.lowercaseLabel === undefined ? escaped : `\\${escaped}`;
}

/**
 * Text that opens no boneyard: a screenplay's stray `*\/` followed by `*` would, so an empty note parts them. The text
 * the tree keeps is the screenplay's, and a stray `*\/` stays the warning it was there.
 */
function unopened(text: string): string {
  return text.replace(/\*\/(?=\*)/g, "*/[[]]");
}

/**
 * Text as one note: a `]` before another `]` or at the end would close it early, so a space follows it; and a blank
 * line would end it (a Fountain note may hold a line of two spaces, a .pod note no blank line), so none is kept.
 */
function note(text: string): string {
  return `[[${text.replace(/\](?=\]|$)/g, "] ").replace(/(?:\r\n|\r|\n)[ \t]*(?=\r\n|\r|\n)/g, "")}]]`;
}

// ---- the title page and the Cast

function titlePageLines(script: Script, cast: PodText["cast"]): string[] {
  const lines: string[] = [];
  let castWritten = false;
  for (const entry of script.titlePage?.entries ?? []) {
    if (entry.name === "cast") {
      if (!castWritten) lines.push(...castLines(entry.key.text, cast));
      castWritten = true;
      continue;
    }
    lines.push(...entryLines(entry));
  }
  if (!castWritten && cast.length > 0) lines.push(...castLines("Cast", cast));
  return lines;
}

function entryLines(entry: TitleEntry): string[] {
  const values = entry.value.text === "" ? [] : entry.value.text.split("\n");
  // A value that starts on the line below its key (`Title:` then indented lines) stays there.
  const onKeyLine = values.length > 0 && entry.value.span.start.line === entry.key.span.start.line;
  const first = onKeyLine ? `${entry.key.text}: ${unopened(values[0]!)}` : `${entry.key.text}:`;
  return [first, ...values.slice(onKeyLine ? 1 : 0).map((value) => `    ${unopened(value)}`)];
}

function castLines(key: string, cast: PodText["cast"]): string[] {
  return [`${key}:`, ...cast.map((member) => `    ${member.label}: ${member.voice}`)];
}

/**
 * Every character, in order of first appearance (then those only the screenplay's Cast names), with a .pod label and
 * a voice: the screenplay's Cast first, then the project's, else the next voice of the configured list.
 */
function castOf(script: Script, options: PodTextOptions): PodText["cast"] {
  const declared = new Map<string, string>();
  for (const entry of script.titlePage?.entries ?? []) for (const member of entry.cast ?? []) declared.set(member.label.text, member.voice.text);
  const names: string[] = [];
  const seen = new Set<string>();
  const see = (name: string) => {
    if (!seen.has(name)) names.push(name);
    seen.add(name);
  };
  for (const element of script.body) if (element.type === "Speech") see(element.speaker.name);
  for (const name of declared.keys()) see(name);
  const taken = new Set<string>();
  let next = 0;
  return names.map((name) => {
    const label = podLabel(name, taken);
    const known = declared.get(name) ?? options.cast[name] ?? options.cast[label];
    const voice = known ?? options.voices[next++ % Math.max(1, options.voices.length)] ?? "Ethan";
    return { name, label, voice, chosen: known === undefined };
  });
}

/**
 * A character's name as a .pod label: Fountain allows names a label cannot hold (`GUARD #1`, `BRICK & STEEL`), so other
 * characters become spaces (`&` becomes AND), a name with lower case is forced with `@`, and a name taken already, or
 * reserved, gets a number.
 */
function podLabel(name: string, taken: Set<string>): string {
  let label = name
    .replace(/&/g, " AND ")
    .replace(/[^\p{L}\p{N} .'_-]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (!/^\p{L}/u.test(label)) label = `CHARACTER ${label}`.trim();
  if (label === "SONG" || /^END +SONG$/.test(label)) label = `${label} CHARACTER`;
  let unique = label;
  for (let n = 2; taken.has(unique); n++) unique = `${label} ${n}`;
  taken.add(unique);
  return hasLowerCase(unique) ? `@${unique}` : unique;
}
