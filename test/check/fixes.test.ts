import { describe, expect, it } from "vitest";
import { analyze } from "../../src/compile.js";
import { defaultConfig } from "../../src/config/schema.js";
import type { Diagnostic, Fix } from "../../src/diagnostics/diagnostic.js";

// Every fix a diagnostic carries is one an editor offers as a quick fix: applied, it must make that diagnostic go away
// and leave a script that says what the writer meant. Each case is a script with one slip, the fix chosen by its
// title, and the script it leaves.

const config = defaultConfig();
const check = (text: string) => analyze(text, { file: "fix.pod", config, plan: false }).diagnostics;
const apply = (text: string, fix: Fix) => text.slice(0, fix.span.start.offset) + fix.replacement + text.slice(fix.span.end.offset);

function fixOf(text: string, code: string, title: RegExp): { fix: Fix; diagnostic: Diagnostic } {
  const diagnostic = check(text).find((d) => d.code === code);
  expect(diagnostic, `${code} in:\n${text}`).toBeDefined();
  const fix = diagnostic!.fixes?.find((f) => title.test(f.title));
  expect(fix, `a fix ${title} among ${JSON.stringify(diagnostic!.fixes?.map((f) => f.title))}`).toBeDefined();
  return { fix: fix!, diagnostic: diagnostic! };
}

function expectFixed(text: string, code: string, title: RegExp, expected: string): void {
  const fixed = apply(text, fixOf(text, code, title).fix);
  expect(fixed).toBe(expected);
  expect(check(fixed).filter((d) => d.code === code)).toEqual([]);
}

describe("fixes that finish the job", () => {
  it("adds an unknown speaker to the Cast with the next unused voice", () => {
    const text = "Title: T\nCast:\n    HOST: Ethan\n\nHOST: Hi.\nDJ: Hello.\n";
    expectFixed(
      text,
      "POD0201",
      /^Add DJ to the Cast with the voice Victoria$/,
      "Title: T\nCast:\n    HOST: Ethan\n    DJ: Victoria\n\nHOST: Hi.\nDJ: Hello.\n",
    );
  });

  it("gives two new speakers two different voices, and keeps a forced label forced", () => {
    const text = "Cast:\n  HOST: Ethan\n\nDJ: Hello.\n@McKenzie: Hi.\n";
    const titles = check(text).flatMap((d) => d.fixes?.map((f) => f.title) ?? []);
    expect(titles).toEqual(["Add DJ to the Cast with the voice Victoria", "Add @McKenzie to the Cast with the voice Jake"]);
    const fixed = apply(text, fixOf(text, "POD0201", /DJ/).fix);
    expect(fixed).toBe("Cast:\n  HOST: Ethan\n  DJ: Victoria\n\nDJ: Hello.\n@McKenzie: Hi.\n");
    expect(check(fixed).map((d) => d.message)).toEqual(["unknown speaker McKenzie"]);
  });

  it("opens a Cast, or a title page, where there is none", () => {
    expectFixed("Title: T\n\nHOST: Hi.\n", "POD0201", /^Add HOST/, "Title: T\nCast:\n    HOST: Ethan\n\nHOST: Hi.\n");
    expectFixed("HOST: Hi.\r\n", "POD0201", /^Add HOST/, "Cast:\r\n    HOST: Ethan\r\n\r\nHOST: Hi.\r\n");
  });

  it("inserts the missing Style: line", () => {
    const { fix } = fixOf("Cast:\n  HOST: Ethan\n\nSONG: Tune\n[Verse]\nla la\nEND SONG\n", "POD0301", /Style/);
    expect(apply("Cast:\n  HOST: Ethan\n\nSONG: Tune\n[Verse]\nla la\nEND SONG\n", fix)).toBe(
      "Cast:\n  HOST: Ethan\n\nSONG: Tune\nStyle: \n[Verse]\nla la\nEND SONG\n",
    );
  });

  it("closes a boneyard after its paragraph or at the end", () => {
    const text = "HOST: Hi.\n/* cut:\nHOST: gone\n\nHOST: kept\n";
    const cast = "Cast:\n  HOST: Ethan\n\n";
    expectFixed(cast + text, "POD0101", /paragraph/, cast + "HOST: Hi.\n/* cut:\nHOST: gone\n*/\n\nHOST: kept\n");
    expectFixed(cast + text, "POD0101", /end of the script/, cast + "HOST: Hi.\n/* cut:\nHOST: gone\n\nHOST: kept\n*/\n");
  });

  it("closes a note, and removes a */ that closes nothing", () => {
    expectFixed("Cast:\n  HOST: Ethan\n\nHOST: Hi [[check\n", "POD0102", /]]/, "Cast:\n  HOST: Ethan\n\nHOST: Hi [[check]]\n");
    expectFixed("Cast:\n  HOST: Ethan\n\nHOST: Hi. */\n", "POD0103", /Remove/, "Cast:\n  HOST: Ethan\n\nHOST: Hi. \n");
  });

  it("removes a stray END SONG, and ends a song that never ends", () => {
    expectFixed("Cast:\n  HOST: Ethan\n\nHOST: Hi.\n\nEND SONG\n\nHOST: Bye.\n", "POD0115", /Remove/, "Cast:\n  HOST: Ethan\n\nHOST: Hi.\n\n\nHOST: Bye.\n");
    expectFixed("SONG: Tune\nStyle: pop\n[Verse]\nla la\n\n# Next\n", "POD0303", /END SONG/, "SONG: Tune\nStyle: pop\n[Verse]\nla la\nEND SONG\n\n# Next\n");
  });

  it("moves a header up from the lyrics", () => {
    expectFixed(
      "SONG: Tune\nStyle: pop\n[Verse]\nla la\nModel: v2\nEND SONG\n",
      "POD0308",
      /Move Model/,
      "SONG: Tune\nStyle: pop\nModel: v2\n[Verse]\nla la\nEND SONG\n",
    );
  });

  it("puts a blank line before a heading or direction that ends a speech", () => {
    const cast = "Cast:\n  HOST: Ethan\n\n";
    const fixed = apply(cast + "HOST: Hi.\n! door\n", fixOf(cast + "HOST: Hi.\n! door\n", "POD0118", /blank line/).fix);
    expect(fixed).toBe(cast + "HOST: Hi.\n\n! door\n");
  });

  it("removes the earlier of two entries, keeping what the script means", () => {
    expectFixed("Cast:\n  HOST: Ethan\n  HOST: Luna\n\nHOST: Hi.\n", "POD0204", /earlier entry/, "Cast:\n  HOST: Luna\n\nHOST: Hi.\n");
    expectFixed("Title: A\nTitle: B\n\n", "POD0117", /earlier Title/, "Title: B\n\n");
    expectFixed("SONG: T\nStyle: a\nStyle: b\n[Verse]\nla\nEND SONG\n", "POD0307", /earlier Style/, "SONG: T\nStyle: b\n[Verse]\nla\nEND SONG\n");
  });

  it("indents a Cast entry written flush left, and writes an action line as a direction", () => {
    expectFixed("Title: T\nCast:\nHOST: Ethan\n\nHOST: Hi.\n", "POD0122", /Indent/, "Title: T\nCast:\n    HOST: Ethan\n\nHOST: Hi.\n");
    const cast = "Cast:\n  HOST: Ethan\n\nHOST: Hi.\n\n";
    expectFixed(cast + "The door opens slowly.\n", "POD0110", /direction/, cast + "! The door opens slowly.\n");
  });

  it("deletes a NUL byte", () => {
    expectFixed("Cast:\n  HOST: Ethan\n\nHOST: Hi\0.\n", "POD0002", /NUL/, "Cast:\n  HOST: Ethan\n\nHOST: Hi.\n");
  });
});
