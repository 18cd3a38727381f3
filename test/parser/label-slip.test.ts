import { expect, it } from "vitest";
import type { Speech } from "../../src/ast/nodes.js";
import { analyze } from "../../src/compile.js";
import { defaultConfig } from "../../src/config/schema.js";
import type { Fix } from "../../src/diagnostics/diagnostic.js";

// A label with a slip in it (POD0119) is reported at its own line, and its fix, followed literally, gives the line to
// the speaker meant, with the words spoken and the label not.

const CAST = "Title: T\nCast:\n    HOST: Ethan\n    THEO: Jake\n    THEO'S MUM: Luna\n\n";
const config = defaultConfig();
const analyse = (text: string) => analyze(text, { file: "slip.pod", config });
const apply = (text: string, fix: Fix) => text.slice(0, fix.span.start.offset) + fix.replacement + text.slice(fix.span.end.offset);

/** Who speaks each spoken text of a script, as `SPEAKER: text`. */
function spoken(text: string): string[] {
  const body = analyse(text).script.body.filter((e): e is Speech => e.type === "Speech");
  return body.flatMap((s) => s.parts.flatMap((p) => (p.type === "Spoken" ? [`${s.speaker.name}: ${p.text}`] : [])));
}

const slips: [string, string, string][] = [
  ["THEO’S MUM: Hi.", "Change ’ to '", "THEO'S MUM: Hi."],
  ["THEO 🎙: Hi.", "Remove 🎙", "THEO: Hi."],
  ["THEO, laughing: Hi.", "Change to THEO: (laughing)", "THEO: Hi."],
  ["THEO; Hi.", 'Change ";" to ":"', "THEO: Hi."],
  ["THEO - Hi.", 'Change "-" to ":"', "THEO: Hi."],
  ["THEO — Hi.", 'Change "—" to ":"', "THEO: Hi."],
  ["THEO:: Hi.", "Remove the second colon", "THEO: Hi."],
  ["THEO\u00a0: Hi.", "Change to THEO", "THEO: Hi."],
  ["THEO'S\u00a0MUM: Hi.", "Change to THEO'S MUM", "THEO'S MUM: Hi."],
];

for (const [line, title, meant] of slips) {
  it(`${line} under a speech is reported at its line, and its fix gives it to the speaker meant`, () => {
    const text = `${CAST}HOST: Welcome.\n${line}\n`;
    const slip = analyse(text).diagnostics.filter((d) => d.code === "POD0119");
    expect(slip).toHaveLength(1);
    expect(slip[0]!.span.start.line).toBe(8);
    expect(slip[0]!.fixes!.map((f) => f.title)).toEqual([title]);
    const fixed = apply(text, slip[0]!.fixes![0]!);
    expect(analyse(fixed).diagnostics).toEqual([]);
    expect(spoken(fixed)).toEqual(["HOST: Welcome.", meant]);
  });
}

it("after a blank line, the help names the slip, not a label in capitals the line already has", () => {
  const d = analyse(`${CAST}HOST: Welcome.\n\nTHEO’S MUM: Hi.\n`).diagnostics;
  expect(d.map((x) => x.code)).toEqual(["POD0119"]);
  expect(d[0]!.help).not.toContain("capitals");
  expect(d[0]!.message).toContain("’ (a curly apostrophe)");
});

it("a Cast entry already `LABEL: Voice` but for a curly apostrophe is told so, with the fix", () => {
  const text = "Title: T\nCast:\n    THEO’S MUM: Luna\n\nTHEO'S MUM: Hi.\n";
  const d = analyse(text).diagnostics;
  // The speech below names a label no entry casts yet: that is reported too, and goes with the fix.
  expect(d.map((x) => x.code)).toEqual(["POD0119", "POD0201"]);
  expect(analyse(apply(text, d[0]!.fixes![0]!)).diagnostics).toEqual([]);
});

it("prose that merely looks the same is no slip: the semicolon, dash and aside forms count only for a cast label", () => {
  const text = `${CAST}HOST: Welcome.\nNO; never.\nOK, fine: go on.\nA - B testing.\n`;
  expect(analyse(text).diagnostics).toEqual([]);
});

it("an unclosed note before another note ends with its own line, reported, and hides no turn", () => {
  const text = `${CAST}HOST: One [[ a note whose close was deleted.\nTHEO: Two.\nHOST: Three [[ another ]] four.\n`;
  const d = analyse(text).diagnostics;
  expect(d.map((x) => `${x.code}@${x.span.start.line}`)).toEqual(["POD0102@7"]);
  expect(spoken(text)).toEqual(["HOST: One", "THEO: Two.", "HOST: Three  four."]);
});
