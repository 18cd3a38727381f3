import { expect, it } from "vitest";
import { labelInNote } from "../../src/check/rules/label-in-note.js";
import type { Diagnostic } from "../../src/diagnostics/diagnostic.js";
import { CAST, runRule, where } from "./helpers.js";

const apply = (text: string, d: Diagnostic, n: number) => {
  const fix = d.fixes![n]!;
  return text.slice(0, fix.span.start.offset) + fix.replacement + text.slice(fix.span.end.offset);
};

it("reports a cast speaker's line on a later line of a note, not an uncast name, the first line, or a song's note", () => {
  const text =
    CAST +
    "HOST: Hi. [[ levels\nGUEST: On?\nSFX: door\nNOBODY: hi\nmore ]]\n\n[[ HOST: an alternative take ]]\n\n[[ table read:\n\\THIRD: kept\n]]\n\nSONG: S\nStyle: pop\n[[ lyric idea\nHOST: la ]]\nLa\nEND SONG\n";
  expect(where(runRule(labelInNote, text))).toEqual(["POD0124@8:1-7"]);
});

it("closes the note before the line and opens it after, every other line keeping its text; or keeps it with \\", () => {
  const text = CAST + "HOST: Hi. [[ levels\nGUEST: On?\nmore ]]\n";
  const [d] = runRule(labelInNote, text);
  expect(d!.severity).toBe("warning");
  expect(d!.fixes!.map((f) => f.title)).toEqual(["Close the note before this line", "Keep it in the note (\\)"]);
  expect(apply(text, d!, 0)).toBe(CAST + "HOST: Hi. [[ levels\n]]\nGUEST: On?\n[[\nmore ]]\n");
  expect(runRule(labelInNote, apply(text, d!, 0))).toEqual([]);
  expect(apply(text, d!, 1)).toBe(CAST + "HOST: Hi. [[ levels\n\\GUEST: On?\nmore ]]\n");
  expect(runRule(labelInNote, apply(text, d!, 1))).toEqual([]);
});

it("takes the note's end off the line when it closes there, and opens no empty note after it", () => {
  const text = CAST + "[[ ideas\nHOST: Or we cut to the lighthouse. ]]\n";
  const [d] = runRule(labelInNote, text);
  expect(apply(text, d!, 0)).toBe(CAST + "[[ ideas\n]]\nHOST: Or we cut to the lighthouse.\n");
});

it("reads Fountain screenplays' notes as Fountain does: no LABEL: lines there", async () => {
  const { analyze } = await import("../../src/compile.js");
  const { defaultConfig } = await import("../../src/config/schema.js");
  const config = defaultConfig();
  config.cast.HOST = "Ethan";
  const analysis = analyze("INT. ROOM - DAY\n\n[[ ideas\nHOST: maybe ]]\n", { file: "x.fountain", config });
  expect(analysis.diagnostics.filter((d) => d.code === "POD0124")).toEqual([]);
});
