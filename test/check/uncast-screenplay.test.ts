import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { analyze } from "../../src/compile.js";
import { defaultConfig, ConfigSchema } from "../../src/config/schema.js";
import type { Fix } from "../../src/diagnostics/diagnostic.js";

// A Fountain screenplay opened as it came has no Cast: it is told so once, at its title page, with a fix that casts
// every character — not one "unknown speaker" per cue (a real screenplay had over a hundred).

const REAL = new URL("../fixtures/real/brick-and-steel.fountain", import.meta.url);
const apply = (text: string, fix: Fix) => text.slice(0, fix.span.start.offset) + fix.replacement + text.slice(fix.span.end.offset);
const check = (text: string, file = "scene.fountain", config = defaultConfig()) => analyze(text, { file, config, plan: false }).diagnostics;

describe("a screenplay without a Cast", () => {
  it("gets one error at the title page, and its fix casts every character with a voice of its own", () => {
    const text = readFileSync(REAL, "utf8");
    const diagnostics = check(text);
    expect(diagnostics.map((d) => `${d.code}@${d.span.start.line}`)).toEqual(["POD0205@1"]);
    const [only] = diagnostics;
    expect(only!.message).toBe("this screenplay has no Cast: its 7 characters have no voice (STEEL, BRICK, JACK and 4 more)");
    const fix = only!.fixes![0]!;
    expect(fix.title).toBe("Add a Cast of all 7 characters to the title page");
    const fixed = apply(text, fix);
    expect(check(fixed).filter((d) => d.severity === "error")).toEqual([]);
    const cast = /\nCast:\n((?: {4}.+\n)+)/.exec(fixed)![1]!.trimEnd().split("\n");
    expect(cast).toHaveLength(7);
    // As many different voices as the project has (five by default), then round again.
    expect(new Set(cast.map((line) => line.split(": ")[1])).size).toBe(Math.min(7, defaultConfig().voices.length));
  });

  it("without a title page, the fix writes one, and the error is at the first cue", () => {
    const text = "INT. KITCHEN - NIGHT\n\nANNA\nWho's there?\n\nBEN\nOnly me.\n";
    const [only, ...rest] = check(text);
    expect(rest).toEqual([]);
    expect(`${only!.code}@${only!.span.start.line}`).toBe("POD0205@3");
    expect(only!.message).toBe("this screenplay has no Cast: its 2 characters have no voice (ANNA, BEN)");
    const fixed = apply(text, only!.fixes![0]!);
    expect(fixed.startsWith("Cast:\n    ANNA: ")).toBe(true);
    expect(check(fixed)).toEqual([]);
  });

  it("a screenplay cast in part (on its title page or in podc.json), and a .pod script, still get unknown speaker at each uncast cue", () => {
    const text = "Title: T\nCast:\n    ANNA: Ethan\n\nINT. KITCHEN - NIGHT\n\nANNA\nHi.\n\nBEN\nHello.\n";
    expect(check(text).map((d) => d.code)).toEqual(["POD0201"]);
    const config = ConfigSchema.parse({ cast: { ANNA: "Ethan" } });
    expect(check("INT. KITCHEN - NIGHT\n\nANNA\nHi.\n\nBEN\nHello.\n", "scene.fountain", config).map((d) => d.code)).toEqual(["POD0201"]);
    expect(check("HOST: Hi.\nGUEST: Hello.\n", "episode.pod").map((d) => d.code)).toEqual(["POD0201", "POD0201"]);
  });
});

describe("a screenplay in a project whose podc.json casts other speakers", () => {
  const config = ConfigSchema.parse({ cast: { NARRATOR: "Ethan" } });

  it("is still uncast when none of its characters is cast there, and the fix leaves podc.json's voices for last", () => {
    const text = "Title: Pilot\n\nINT. KITCHEN - NIGHT\n\nANNA\nWho's there?\n";
    const [only, ...rest] = check(text, "pilot.fountain", config);
    expect(rest).toEqual([]);
    expect(only!.code).toBe("POD0205");
    expect(apply(text, only!.fixes![0]!)).not.toMatch(/ANNA: Ethan/);
  });
});
