/*
 * A generated song as a bed (`Play: bed`): the song is the same paid request as without the header, and rides in the
 * plan as a bed cue beside what follows it, so the episode lays it under that speech instead of playing it in turn.
 * Misuse is reported before anything is paid: a Play value podc does not know (POD0927), a bed with nothing under it
 * (POD0928); each fix, followed literally, leaves a script that checks clean.
 */
import { describe, expect, it } from "vitest";
import { analyze } from "../../src/compile.js";
import { defaultConfig } from "../../src/config/schema.js";
import type { Diagnostic } from "../../src/diagnostics/diagnostic.js";
import { format } from "../../src/format/format.js";
import type { PlannedSong } from "../../src/lower/plan.js";
import { CAST, where } from "./helpers.js";

const config = defaultConfig();
const analysed = (text: string) => analyze(text, { file: "episode.pod", config });
const song = (play: string) => `SONG: Harbour Theme\nStyle: ambient, slow, instrumental\n${play}[Instrumental]\nEND SONG\n`;

/** `text` with the diagnostic's fix number `n` applied, as an editor applies it. */
function fixed(text: string, d: Diagnostic, n = 0): string {
  const fix = d.fixes![n]!;
  return text.slice(0, fix.span.start.offset) + fix.replacement + text.slice(fix.span.end.offset);
}

describe("a song bed in the plan", () => {
  const text =
    CAST +
    "# Harbour\n\nHOST: Hello.\n(pause 2s)\n\nSFX bell.wav\n\n" +
    song("Play: bed\n") +
    "\nHOST: The boats.\nGUEST: The pier.\n\nBED out\n\nHOST: Thanks.\n";
  const a = analysed(text);

  it("checks clean", () => expect(a.diagnostics).toEqual([]));

  it("is the same request as the song played in turn: paid once, cached as any song", () => {
    const inTurn = analysed(CAST + "# Harbour\n\n" + song("")).plan!.requests[0] as PlannedSong;
    const bed = a.plan!.requests.find((r) => r.kind === "song") as PlannedSong;
    expect(bed.key).toBe(inTurn.key);
    expect(bed.body).toEqual(inTurn.body);
    expect(bed.bed).toBe(true);
    expect(inTurn.bed).toBeUndefined();
  });

  it("starts under the next turn, and the pause and cue written before it go to that turn, not to the song", () => {
    const [hello, bed, boats] = a.plan!.requests;
    expect(bed!.sounds).toBeUndefined();
    expect(bed!.pauseBeforeMs).toBeUndefined();
    expect(hello!.kind).toBe("podcast");
    expect(boats!.pauseBeforeMs).toBe(2000);
    expect(boats!.sounds?.map((s) => [s.kind, s.file ?? s.song, s.atTurn, s.line])).toEqual([
      ["effect", "bell.wav", 0, 12],
      ["bed", "Harbour Theme", 0, 14],
      ["bedEnd", undefined, 2, 23],
    ]);
  });

  it("reads Play in any case, and podc fmt writes the header's canonical spelling", () => {
    const b = analysed(CAST + song("play: BED\n") + "\nHOST: Hello.\n");
    expect(b.diagnostics).toEqual([]);
    expect((b.plan!.requests[0] as PlannedSong).bed).toBe(true);
    expect(format(CAST + song("play: bed\n") + "\nHOST: Hello.\n").text).toContain("\nPlay: bed\n");
  });

  it("is a bed that BED out ends (no POD0926)", () => {
    expect(analysed(CAST + song("Play: bed\n") + "\nHOST: Hello.\n\nBED out\n").diagnostics).toEqual([]);
  });
});

describe("misuse", () => {
  it("POD0927: a Play value that is not bed, with the fix to bed when it is near, and one to remove the line", () => {
    const text = CAST + song("Play: bde\n") + "\nHOST: Hello.\n";
    const [d, ...rest] = analysed(text).diagnostics;
    expect(rest).toEqual([]);
    expect(where([d!])).toEqual(["POD0927@9:1-10"]);
    expect(d!.fixes!.map((f) => f.title)).toEqual(["Change to bed", "Remove the Play line: play the song on its own, where it is written"]);
    for (const n of [0, 1]) expect(analysed(fixed(text, d!, n)).diagnostics).toEqual([]);
    expect((analysed(fixed(text, d!, 0)).plan!.requests[0] as PlannedSong).bed).toBe(true);
    expect(analysed(CAST + song("Play: loud\n") + "\nHOST: Hello.\n").diagnostics[0]!.fixes!.map((f) => f.title)).toEqual([
      "Remove the Play line: play the song on its own, where it is written",
    ]);
  });

  it("POD0928: a bed with nothing said or sung under it before its section ends, the next bed, BED out or the end", () => {
    const cases: [string, string][] = [
      [song("Play: bed\n") + "\n# Next\n\nHOST: Hello.\n", "its section ends"],
      [song("Play: bed\n") + "\nBED bed.ogg\n\nHOST: Hello.\n", "the next bed"],
      [song("Play: bed\n") + "\n" + song("Play: bed\n") + "\nHOST: Hello.\n", "the next bed"],
      [song("Play: bed\n") + "\nBED out\n\nHOST: Hello.\n", "BED out"],
      ["HOST: Hello.\n\n" + song("Play: bed\n"), "the script ends"],
    ];
    for (const [body, ends] of cases) {
      const text = CAST + body;
      const found = analysed(text).diagnostics.filter((d) => d.code === "POD0928");
      expect(found.map((d) => d.message)).toEqual([
        `the song "Harbour Theme" is a bed, but nothing is said or sung under it before ${ends}: it would be paid for and never heard`,
      ]);
      // Followed literally, the fix plays the song on its own: nothing is paid for that is not heard.
      const after = analysed(fixed(text, found[0]!));
      expect(after.diagnostics.filter((d) => d.code === "POD0928" || d.severity === "error")).toEqual([]);
      expect(after.plan!.requests.some((r) => r.kind === "song" && r.bed === undefined)).toBe(true);
    }
  });

  it("counts a song played in turn as heard under the bed", () => {
    expect(analysed(CAST + song("Play: bed\n") + "\nSONG: Shanty\nStyle: folk\nHeave away\nEND SONG\n").diagnostics).toEqual([]);
  });
});
