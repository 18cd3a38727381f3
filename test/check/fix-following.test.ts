import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lineFates, type LineFate } from "../../src/ast/line-fates.js";
import { analyze } from "../../src/compile.js";
import { parseConfig } from "../../src/config/load.js";
import { defaultConfig, type Config } from "../../src/config/schema.js";
import type { Diagnostic, Fix } from "../../src/diagnostics/diagnostic.js";
import { importScreenplay } from "../../src/import/index.js";
import { parse } from "../../src/parser/parse.js";

// Help that is right when followed literally: every quick fix of every diagnostic, on the golden scripts (the slips
// among them), the real screenplays and other parsers' test suites (test/fixtures/suites), is applied and the script checked again. No line that was silent for a
// stated reason (a direction, a heading, a note, a parenthetical, the title page) may become spoken or sung, no line
// spoken by a voice may become silent, and the diagnostic followed must go.

const GOLDEN = join(import.meta.dirname, "../fixtures/golden");
const REAL = join(import.meta.dirname, "../fixtures/real");
const SUITES = join(import.meta.dirname, "../fixtures/suites");
const FOUNTAIN = join(import.meta.dirname, "../fixtures/fountain");
/** Fountain goldens whose diagnostics carry fixes. */
const FOUNTAIN_WITH_FIXES = ["letterless-cue.fountain"];

interface Case {
  file: string;
  text: string;
  config: Config;
}

/** A voice for every character of a screenplay, as a writer's podc.json would give (real-material.test.ts). */
function castFor(text: string): Config {
  const config = defaultConfig();
  let next = 0;
  for (const element of parse(text, { dialect: "fountain" }).script.body) {
    if (element.type === "Speech" && config.cast[element.speaker.name] === undefined)
      config.cast[element.speaker.name] = config.voices[next++ % config.voices.length]!;
  }
  return config;
}

/** Notes that hold a label line alone, `]]` on its line or on the label's. */
const LABEL_ALONE_IN_NOTE: Record<string, string> = {
  "label-alone-in-note.pod": "HOST: Hello.\n[[\nGUEST: Who is there? ]]\nHOST: Only me.\n",
  "label-alone-in-note-closed-below.pod": "HOST: Hello.\n[[\nGUEST: Who is there?\n]]\nHOST: Only me.\n",
};

function cases(): Case[] {
  const out: Case[] = [];
  for (const f of readdirSync(GOLDEN).filter((f) => f.endsWith(".pod") && !f.startsWith("hostile"))) {
    const configPath = join(GOLDEN, f.replace(/\.pod$/, ".config.json"));
    const config = existsSync(configPath) ? parseConfig(readFileSync(configPath, "utf8"), configPath).config : defaultConfig();
    out.push({ file: f, text: readFileSync(join(GOLDEN, f), "utf8"), config });
  }
  // A note that holds a label line alone: the fix takes the bracket lines out with it, and neither is a line made spoken.
  const cast = defaultConfig();
  cast.cast.HOST = cast.voices[0]!;
  cast.cast.GUEST = cast.voices[1]!;
  for (const [file, text] of Object.entries(LABEL_ALONE_IN_NOTE)) out.push({ file, text, config: cast });
  for (const f of readdirSync(REAL).filter((f) => f.endsWith(".fountain"))) {
    const text = readFileSync(join(REAL, f), "utf8");
    out.push({ file: f, text, config: castFor(text) });
  }
  for (const f of FOUNTAIN_WITH_FIXES) {
    const text = readFileSync(join(FOUNTAIN, f), "utf8");
    out.push({ file: f, text, config: castFor(text) });
  }
  for (const f of readdirSync(join(SUITES, "screenplain")).filter((f) => f.endsWith(".fountain"))) {
    const text = readFileSync(join(SUITES, "screenplain", f), "utf8");
    out.push({ file: `screenplain/${f}`, text, config: castFor(text) });
  }
  // A Final Draft document is followed as the .pod script podc import makes of it.
  for (const f of readdirSync(join(SUITES, "screenplain")).filter((f) => f.endsWith(".fdx"))) {
    const imported = importScreenplay(readFileSync(join(SUITES, "screenplain", f)), f, defaultConfig());
    if (imported.text !== undefined) out.push({ file: `screenplain/${f.replace(/\.fdx$/, ".pod")}`, text: imported.text, config: defaultConfig() });
  }
  for (const f of readdirSync(join(SUITES, "jouvence")).filter((f) => f.endsWith(".json"))) {
    const suite = JSON.parse(readFileSync(join(SUITES, "jouvence", f), "utf8")) as { in: string }[];
    suite.forEach((c, i) => out.push({ file: `jouvence/${f.replace(/\.json$/, "")}-${i}.fountain`, text: c.in, config: castFor(c.in) }));
  }
  for (const c of JSON.parse(readFileSync(join(SUITES, "nyousefi-fountain", "cases.json"), "utf8")) as { file: string; in: string }[])
    out.push({ file: `nyousefi/${c.file}`, text: c.in, config: castFor(c.in) });
  (JSON.parse(readFileSync(join(SUITES, "fountain-js", "cases.json"), "utf8")) as { in: string }[]).forEach((c, i) =>
    out.push({ file: `fountain-js/${i}.fountain`, text: c.in, config: castFor(c.in) }),
  );
  for (const f of readdirSync(join(SUITES, "afterwriting")).filter((f) => f.endsWith(".fountain"))) {
    const text = readFileSync(join(SUITES, "afterwriting", f), "utf8");
    out.push({ file: `afterwriting/${f}`, text, config: castFor(text) });
  }
  return out;
}

function fatesOf(file: string, text: string, config: Config): { fates: LineFate[]; diagnostics: Diagnostic[] } {
  const analysis = analyze(text, { file, config, plan: false });
  const fates = lineFates(analysis.script, analysis.source.lineCount, (speaker) => analysis.cast.get(speaker)?.voice);
  return { fates, diagnostics: analysis.diagnostics };
}

const apply = (text: string, fix: Fix) => text.slice(0, fix.span.start.offset) + fix.replacement + text.slice(fix.span.end.offset);
const breaks = (text: string) => (text.match(/\r\n|\r|\n/g) ?? []).length;
const sent = (fate: LineFate | undefined) => fate?.kind === "spoken" || fate?.kind === "sung";
const silentForAReason = (fate: LineFate) => fate.kind === "silent" && !["blank", "error", "unknown speaker", "label"].includes(fate.reason);

/** Fixes that add a line for the writer to complete (a song's descriptors are theirs to choose): reported until then. */
const TEMPLATES: ReadonlySet<string> = new Set(["Add a Style: line"]);

/**
 * The lines after the fix that a line the fix touched became: the edited lines of the same text (a line moved), else
 * those that keep some of its text (a line rewritten: `HOST: x ]]` is `HOST: x`), else none when the fix took the whole
 * line out (a note's bracket line dropped), else any line the edit left.
 */
function whereItWent(text: string, start: number, fix: Fix, edited: readonly number[], afterLines: readonly string[]): number[] {
  const own = text.trim();
  const moved = edited.filter((l) => afterLines[l - 1]?.trim() === own);
  if (moved.length > 0) return moved;
  const kept = edited.filter((l) => {
    const now = afterLines[l - 1]?.trim() ?? "";
    return now !== "" && own !== "" && (now.includes(own) || own.includes(now));
  });
  if (kept.length > 0) return kept;
  const from = start + text.length - text.trimStart().length;
  const to = start + text.trimEnd().length;
  if (own !== "" && from >= fix.span.start.offset && to <= fix.span.end.offset) return [];
  return [...edited];
}

/** What following `fix` did wrong, in words; empty when it did what its help says. */
function misleads(c: Case, d: Diagnostic, fix: Fix): string[] {
  const before = fatesOf(c.file, c.text, c.config);
  const fixedText = apply(c.text, fix);
  const after = fatesOf(c.file, fixedText, c.config);
  const first = fix.span.start.line;
  const last = fix.span.end.line;
  const delta = breaks(fix.replacement) - breaks(c.text.slice(fix.span.start.offset, fix.span.end.offset));
  const problems: string[] = [];
  const beforeLines = c.text.split(/\r\n|\r|\n/);
  const afterLines = fixedText.split(/\r\n|\r|\n/);
  const edited = Array.from({ length: last - first + delta + 1 }, (_, k) => first + k);
  const lineStarts = [0, ...[...c.text.matchAll(/\r\n|\r|\n/g)].map((m) => m.index + m[0].length)];
  before.fates.forEach((fate, index) => {
    const line = index + 1;
    const mapped = line < first ? [line] : line > last ? [line + delta] : whereItWent(beforeLines[index]!, lineStarts[index]!, fix, edited, afterLines);
    const now = mapped.map((l) => after.fates[l - 1]);
    // The lines a diagnostic is about are the ones it means to change: `HOST: …` read as a title-page key becomes spoken.
    const itsOwn = line >= d.span.start.line && line <= d.span.end.line;
    if (!itsOwn && silentForAReason(fate) && now.some(sent))
      problems.push(`line ${line}, ${fate.kind === "silent" ? fate.reason : ""}, became ${JSON.stringify(now)}`);
    // Spoken stays spoken, or becomes an error that says why (a label to cast): never silent without a word. A line the
    // diagnostic is about may become what its fix says: a cue's line read as speech (POD0925) becomes the sound cue.
    const meant = (f: (typeof now)[number]) => itsOwn && f?.kind === "sound";
    if (
      fate.kind === "spoken" &&
      !now.some((f) => f?.kind === "spoken" || meant(f) || (f?.kind === "silent" && (f.reason === "unknown speaker" || f.reason === "error")))
    )
      problems.push(`line ${line}, spoken by ${fate.speaker}, became ${JSON.stringify(now)}`);
  });
  const same = (x: Diagnostic) => x.code === d.code && x.message === d.message;
  if (!TEMPLATES.has(fix.title) && after.diagnostics.filter(same).length >= before.diagnostics.filter(same).length)
    problems.push(`${d.code} is still reported`);
  return problems;
}

describe("every quick fix, followed literally", () => {
  const all = cases();
  let fixesFollowed = 0;
  it("has scripts with fixes to follow, the slips among them", () => {
    expect(all.some((c) => c.file === "slips.pod")).toBe(true);
    for (const file of Object.keys(LABEL_ALONE_IN_NOTE)) {
      const c = all.find((c) => c.file === file)!;
      expect(fatesOf(file, c.text, c.config).diagnostics.flatMap((d) => (d.fixes ?? []).map((f) => `${d.code} ${f.title}`))).toContain(
        "POD0124 Close the note before this line",
      );
    }
    const letterless = all.find((c) => c.file === "letterless-cue.fountain")!;
    expect(
      fatesOf(letterless.file, letterless.text, letterless.config).diagnostics.flatMap((d) => (d.fixes ?? []).map((f) => `${d.code} ${f.title}`)),
    ).toContain("POD0125 Force the cue (@23)");
    expect(all.filter((c) => c.file.endsWith(".fountain")).length).toBeGreaterThan(3);
    expect(all.filter((c) => /^(screenplain|jouvence|nyousefi|fountain-js|afterwriting)\//.test(c.file))).toHaveLength(12 + 8 + 46 + 13 + 35 + 4);
  });
  for (const c of all) {
    it(c.file, () => {
      const followed: string[] = [];
      for (const d of fatesOf(c.file, c.text, c.config).diagnostics) {
        for (const fix of d.fixes ?? []) {
          const problems = misleads(c, d, fix);
          fixesFollowed++;
          followed.push(...problems.map((p) => `${d.code} at line ${d.span.start.line}, "${fix.title}": ${p}`));
        }
      }
      expect(followed).toEqual([]);
    });
  }
  it("still catches a fix that takes a spoken line out with a note's brackets", () => {
    const c = all.find((c) => c.file === "label-alone-in-note.pod")!;
    const d = fatesOf(c.file, c.text, c.config).diagnostics.find((d) => d.code === "POD0124")!;
    const fix = d.fixes![0]!;
    // The same edit reaching one line further: `HOST: Only me.` goes too.
    const end = c.text.indexOf("\n", fix.span.end.offset + 1);
    const tooFar = { ...fix, span: { start: fix.span.start, end: { line: fix.span.end.line + 1, column: 15, offset: end } } };
    expect(misleads(c, d, tooFar)).toContain("line 4, spoken by HOST, became []");
  });
  it("followed fixes of many kinds", () => expect(fixesFollowed).toBeGreaterThan(60));
});
