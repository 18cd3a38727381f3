import type { Script } from "../ast/nodes.js";
import { Checker } from "../check/check.js";
import { analyze } from "../compile.js";
import { voicesOf, type CastMember } from "../check/cast.js";
import type { Config } from "../config/schema.js";
import { sortDiagnostics, type Diagnostic, type Fix } from "../diagnostics/diagnostic.js";
import { Lowerer } from "../lower/lower.js";
import { dialectOf } from "../parser/dialect.js";
import { parse } from "../parser/parse.js";
import { INCLUDE_OPEN } from "../language/include-line.js";
import type { Position, Span } from "../source/span.js";

// The diagnostics of a long script while it is typed, without analysing all of it after every keystroke: the script is
// cut into sections at the `#` headings that stand after a blank line, and a section whose text did not change keeps
// the diagnostics found for it before, moved to where it now stands. Only the sections that changed are analysed.
//
// This is exact, not an approximation (a property test over random edits compares it with a whole analyze()), because
// of where the cuts are: after a blank line the parser holds nothing of the lines above (a speech has ended), a heading
// ends whatever lowering was reading (a segment of speeches), and every check but two judges one element at a time.
// Whatever could make a section depend on another makes the whole script be analysed instead:
//   - a boneyard or note running over a cut (that cut is not made), a song still open at a cut (POD0303);
//   - the two checks that count across the script: the voice proposed for an unknown speaker (POD0201) depends on the
//     unknown speakers above, and inline-tag warnings (POD0603) stop at a hundred;
//   - anything decoding reports (POD0001–POD0007: capped per script, and a byte-order mark moves every offset), a
//     message or help that quotes a line number, carriage returns (a fix writes the script's own line break);
//   - a Fountain screenplay (read whole), a script over the size limit.
// The title page and what precedes the first cut (the head) are analysed as a script of their own: the head's cast is
// every section's cast, so a changed head means every section is analysed again.

/** The cut offsets of `text`: starts of `#` lines after a blank line, with text above and no boneyard across. */
function cutsOf(text: string): number[] {
  const cuts: number[] = [];
  const pattern = /\n[ \t]*\n(?=#)/g;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    const at = m.index + m[0].length;
    if (cuts.length === 0 && text.slice(0, at).trim() === "") continue;
    cuts.push(at);
  }
  return cuts.length === 0 ? cuts : outsideBoneyards(text, cuts);
}

/**
 * The cuts that no boneyard runs over. A note cannot (it never spans a blank line, and a cut follows one); a boneyard
 * runs from `/*` to the next `*\/`. Every `/*` is taken as an opening here, even one inside a note, which the parser
 * would not: such a range only covers more, and leaving a cut out is always safe (two sections are read as one).
 */
function outsideBoneyards(text: string, cuts: number[]): number[] {
  const kept: number[] = [];
  let c = 0;
  for (let open = text.indexOf("/*"); open !== -1 && c < cuts.length;) {
    const close = text.indexOf("*/", open + 2);
    const end = close === -1 ? text.length : close + 2;
    while (c < cuts.length && cuts[c]! <= open) kept.push(cuts[c++]!);
    while (c < cuts.length && cuts[c]! < end) c++;
    // From just before the closing mark: in `/*/` the parser's opening overlaps it. An opening too many is harmless.
    open = close === -1 ? -1 : text.indexOf("/*", close - 1);
  }
  while (c < cuts.length) kept.push(cuts[c++]!);
  return kept;
}

/** Codes whose diagnostics depend on more than their section (see above). */
const NOT_LOCAL = new Set(["POD0201", "POD0603", "POD0303"]);
const QUOTES_A_LINE = /\blines? \d/;
const INCLUDE_LINE = new RegExp(`^[ \\t]*${INCLUDE_OPEN}[ \\t]*[:：]`, "m");

/** Whether a diagnostic of the head (which stays where it is) is its own alone. */
function isLocal(d: Diagnostic): boolean {
  return !d.code.startsWith("POD000") && !NOT_LOCAL.has(d.code);
}

/** Whether a diagnostic of a section is its own alone and means the same once moved. */
function isMovable(d: Diagnostic): boolean {
  if (!isLocal(d)) return false;
  if (QUOTES_A_LINE.test(d.message) || (d.help !== undefined && QUOTES_A_LINE.test(d.help))) return false;
  return !(d.fixes ?? []).some((f) => QUOTES_A_LINE.test(f.title));
}

interface Head {
  text: string;
  config: Config;
  script: Script;
  cast: Map<string, CastMember>;
  labels: Set<string>;
  /** The head's own diagnostics, or undefined when one of them is not local. */
  diagnostics: Diagnostic[] | undefined;
}

/** A section's diagnostics with offsets and lines counted from its start (null when one of them is not movable), and its line breaks. */
interface Found {
  diagnostics: Diagnostic[] | null;
  lines: number;
}

/**
 * The diagnostics of one document, version after version: `diagnostics(text)` equals `analyze(text, …).diagnostics`
 * (sorted), analysing only the sections that changed since the previous call. One instance per document.
 */
export class SectionDiagnostics {
  private head: Head | undefined;
  private sections = new Map<string, Found>();
  /** How many sections the last call analysed (the rest were reused): for tests and measurements. */
  analysed = 0;

  /** `file`: the script's path (its extension says whether it is a screenplay), or its URI when it has none. */
  constructor(private readonly file: string) {}

  /** The sorted diagnostics of `text` under `config`, or undefined when the script must be analysed whole. */
  diagnostics(text: string, config: Config): Diagnostic[] | undefined {
    this.analysed = 0;
    if (dialectOf(this.file) !== "pod" || text.includes("\r") || text.charCodeAt(0) === 0xfeff) return undefined;
    if (Buffer.byteLength(text, "utf8") > config.limits.fileBytes) return undefined;
    // An include's diagnostics depend on another file: a script with one is analysed whole.
    if (INCLUDE_LINE.test(text)) return undefined;
    const cuts = cutsOf(text);
    if (cuts.length === 0) return undefined;
    const head = this.headOf(text.slice(0, cuts[0]), config);
    if (head.diagnostics === undefined) return undefined;
    const all = head.diagnostics.filter((d) => d.code !== "POD0005"); // the sections below are not empty
    const previous = this.sections;
    const next = new Map<string, Found>();
    let line = lineCount(text, 0, cuts[0]!);
    for (let i = 0; i < cuts.length; i++) {
      const start = cuts[i]!;
      const end = cuts[i + 1] ?? text.length;
      const section = text.slice(start, end);
      let found = next.get(section) ?? previous.get(section);
      if (found === undefined) {
        found = { diagnostics: this.analyseSection(section, head), lines: lineCount(section, 0, section.length) };
        this.analysed++;
      }
      next.set(section, found);
      if (found.diagnostics === null) {
        // Kept with the sections found before, so that the rest stays reusable while an unknown speaker is there —
        // up to a bound: typing elsewhere in the meantime adds a version of a section with every keystroke.
        if (previous.size > 2 * cuts.length + 16) this.sections = next;
        else for (const [key, value] of next) previous.set(key, value);
        return undefined;
      }
      for (const d of found.diagnostics) all.push(moved(d, start, line));
      line += found.lines;
    }
    this.sections = next;
    return sortDiagnostics(all);
  }

  private headOf(text: string, config: Config): Head {
    if (this.head && this.head.text === text && this.head.config === config) return this.head;
    const analysis = analyze(text, { file: this.file, config, plan: false });
    const labels = new Set(Object.keys(config.cast));
    for (const entry of analysis.script.titlePage?.entries ?? []) for (const c of entry.cast ?? []) labels.add(c.label.text);
    const diagnostics = analysis.diagnostics.every(isLocal) ? analysis.diagnostics : undefined;
    this.head = { text, config, script: analysis.script, cast: analysis.cast, labels, diagnostics };
    this.sections = new Map(); // they were found with the previous head's cast
    this.analysed++;
    return this.head;
  }

  /** What analyze() finds in a section, as the whole script's parse, checks and lowering find it there. */
  private analyseSection(text: string, head: Head): Diagnostic[] | null {
    const parsed = parse(text, { projectLabels: head.labels });
    // The section's own script has no title page: the checks of the title page ran with the head.
    const checker = new Checker(parsed.script, parsed.source, head.config, head.cast);
    const lowerer = new Lowerer(head.script, { source: this.file, config: head.config, cast: voicesOf(head.cast), requests: false });
    for (const element of parsed.script.body) {
      checker.element(element);
      lowerer.element(element);
    }
    const diagnostics = parsed.diagnostics;
    for (const d of checker.finish()) diagnostics.push(d);
    for (const d of lowerer.finish().diagnostics) diagnostics.push(d);
    return diagnostics.every(isMovable) ? diagnostics : null;
  }
}

/** Line breaks in text[from, to). */
function lineCount(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf("\n", from); i !== -1 && i < to; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

function moved(d: Diagnostic, offset: number, lines: number): Diagnostic {
  const at = (p: Position): Position => ({ line: p.line + lines, column: p.column, offset: p.offset + offset });
  const span = (s: Span): Span => ({ start: at(s.start), end: at(s.end) });
  const copy: Diagnostic = { ...d, span: span(d.span) };
  if (d.fixes) copy.fixes = d.fixes.map((f): Fix => ({ ...f, span: span(f.span) }));
  return copy;
}
