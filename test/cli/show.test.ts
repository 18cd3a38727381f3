/*
 * `podc show` as a writer uses it: the script beside the fate of each line, plain when piped, coloured on request,
 * as JSON for tools, on a .pod script and a Fountain screenplay; and script text never steers the terminal.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runPodc } from "./io-helper.js";

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** A folder holding `files` (name → text). */
function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "podc-show-"));
  folders.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const SCRIPT = `Title: The Night Shift
Cast:
    HOST: Ethan
    GUEST: Victoria

# Cold open

HOST: Welcome back. (beat) It is *late*.
GUEST:
(laughing)
Is it?
[[ a note for us ]]
! Rain on the window.

SONG: Theme
Style: pop

[Verse]
La la la
END SONG
`;

const PLAIN = ` 1  not sent: title page             Title: The Night Shift
 2  not sent: title page             Cast:
 3  not sent: cast                       HOST: Ethan
 4  not sent: cast                       GUEST: Victoria
 5
 6  not sent: heading                # Cold open
 7
 8  HOST (Ethan)                     HOST: Welcome back. (beat) It is *late*.
 9  not sent: GUEST's label          GUEST:
10  not sent: GUEST's parenthetical  (laughing)
11  GUEST (Victoria)                 Is it?
12  not sent: note                   [[ a note for us ]]
13  not sent: direction              ! Rain on the window.
14
15  not sent: song opening           SONG: Theme
16  not sent: song header            Style: pop
17
18  song tag: Theme                  [Verse]
19  sung: Theme                      La la la
20  not sent: song end               END SONG
`;

describe("podc show", () => {
  it("prints each line beside its fate, plain when piped", async () => {
    const dir = folder({ "night.pod": SCRIPT });
    const result = await runPodc(["show", "night.pod"], dir, { NO_COLOR: "" });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(PLAIN);
  });

  it("says what each line becomes in JSON: speaker and voice, the text sent, the song, or why it is not sent", async () => {
    const dir = folder({ "night.pod": SCRIPT });
    const result = await runPodc(["show", "--json", "night.pod"], dir);
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout);
    expect(document.showVersion).toBe(2);
    expect(document.scripts).toHaveLength(1);
    const [script] = document.scripts;
    expect(script.file).toBe("night.pod");
    expect(script.lines).toHaveLength(20);
    expect(script.lines[7]).toEqual({
      line: 8,
      text: "HOST: Welcome back. (beat) It is *late*.",
      fate: "spoken",
      label: "HOST (Ethan)",
      speaker: "HOST",
      voice: "Ethan",
      // A parenthetical inside a sentence is read aloud, as POD0603 warns: show makes it plain to see.
      sent: "Welcome back. (beat) It is late.",
    });
    expect(script.lines[9]).toEqual({
      line: 10,
      text: "(laughing)",
      fate: "silent",
      label: "not sent: GUEST's parenthetical",
      speaker: "GUEST",
      reason: "parenthetical",
    });
    expect(script.lines[11]).toEqual({ line: 12, text: "[[ a note for us ]]", fate: "silent", label: "not sent: note", reason: "note" });
    expect(script.lines[17]).toEqual({ line: 18, text: "[Verse]", fate: "tag", label: "song tag: Theme", song: "Theme", sent: "[Verse]" });
    expect(script.lines[18]).toEqual({ line: 19, text: "La la la", fate: "sung", label: "sung: Theme", song: "Theme", sent: "La la la" });
    expect(script.lines[4]).toEqual({ line: 5, text: "", fate: "silent", label: "", reason: "blank" });
  });

  it("shows a pause as silence of its length, and a parenthetical podc.json maps to a voice tag as spoken", async () => {
    const script = "Title: Beats\nCast:\n    HOST: Ethan\n\nHOST:\n(pause 2s)\nStill there?\n(whispering)\nGood.\n";
    const config = JSON.stringify({ speech: { directionTags: { whispering: "[whispers]" } } });
    const dir = folder({ "beats.pod": script, "podc.json": config });
    const result = await runPodc(["show", "--json", "beats.pod"], dir);
    expect(result.stderr).toBe("");
    const [shown] = JSON.parse(result.stdout).scripts;
    expect(shown.lines[5]).toEqual({ line: 6, text: "(pause 2s)", fate: "pause", label: "pause 2s", speaker: "HOST", pauseMs: 2000 });
    expect(shown.lines[7]).toMatchObject({ line: 8, fate: "spoken", speaker: "HOST", voice: "Ethan", sent: "[whispers]" });
    expect((await runPodc(["show", "beats.pod"], dir)).stdout).toMatch(/^6 {2}pause 2s +\(pause 2s\)$/m);
  });

  it("shows a song played as a bed on its Play line, where it comes in, and its lyrics as sung", async () => {
    const script =
      "Title: Beds\nCast:\n    HOST: Ethan\n\nSONG: Lamp Light\nStyle: calm piano\nPlay: bed\n\nLight on the water\nEND SONG\n\nHOST: Under it, we speak.\n";
    const dir = folder({ "beds.pod": script, "podc.json": "{}" });
    const result = await runPodc(["show", "--json", "beds.pod"], dir);
    expect(result.stderr).toBe("");
    const [shown] = JSON.parse(result.stdout).scripts;
    expect(shown.lines[6]).toEqual({ line: 7, text: "Play: bed", fate: "sound", label: "bed, ducked: song Lamp Light", cue: "bed", song: "Lamp Light" });
    expect(shown.lines[5]).toMatchObject({ line: 6, fate: "silent", reason: "song header" });
    expect(shown.lines[8]).toMatchObject({ line: 9, fate: "sung", song: "Lamp Light", sent: "Light on the water" });
    expect((await runPodc(["show", "beds.pod"], dir)).stdout).toMatch(/^ *7 {2}bed, ducked: song Lamp Light +Play: bed$/m);
  });

  it("shows an include's line, then the included script with the voices of the script that includes it", async () => {
    const episode = "Cast:\n    HOST: Emma\n\nINCLUDE: intro.pod\n\nHOST: Tonight.\n";
    const dir = folder({ "ep.pod": episode, "intro.pod": "Cast:\n    HOST: Ethan\n\nHOST: Welcome.\n", "podc.json": "{}" });
    const result = await runPodc(["show", "--json", "ep.pod"], dir);
    expect(result.stderr).toBe("");
    const [shown, part] = JSON.parse(result.stdout).scripts;
    expect(shown.lines[3]).toEqual({ line: 4, text: "INCLUDE: intro.pod", fate: "silent", label: "performs the included script", reason: "include" });
    expect(part.file).toBe("intro.pod");
    expect(part.lines[3]).toMatchObject({ line: 4, fate: "spoken", speaker: "HOST", voice: "Emma", sent: "Welcome." });
    expect((await runPodc(["show", "ep.pod"], dir)).stdout).toContain("==> intro.pod (included) <==");
  });

  it("shows a Fountain screenplay: cues, parentheticals and dialogue, with names fountain.io allows", async () => {
    const diner =
      "Title: Diner\nCast:\n    MARY: Luna\n    SPEAKER_00: Ethan\n\nINT. DINER - NIGHT\n\nMary waits.\n\nMARY\n(quietly)\nCoffee?\n\nSPEAKER_00\nBlack.\n";
    const result = await runPodc(["show", "--json", "diner.fountain"], folder({ "diner.fountain": diner }));
    expect(result.code).toBe(0);
    const lines = JSON.parse(result.stdout).scripts[0].lines as { line: number; fate: string; label: string }[];
    expect(lines.slice(5).map((l) => `${l.line} ${l.label}`)).toEqual([
      "6 not sent: heading",
      "7 ",
      "8 not sent: direction",
      "9 ",
      "10 not sent: MARY's label",
      "11 not sent: MARY's parenthetical",
      "12 MARY (Luna)",
      "13 ",
      "14 not sent: SPEAKER_00's label",
      "15 SPEAKER_00 (Ethan)",
    ]);
  });

  it("shows a script with errors all the same, and exits 1 naming podc check", async () => {
    const dir = folder({ "broken.pod": "Title: T\nCast:\n    HOST: Ethan\n\nHOST: Hello.\nDJ: Nobody cast me.\n" });
    const result = await runPodc(["show", "broken.pod"], dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("5  HOST (Ethan)");
    expect(result.stdout).toContain("6  not sent: DJ has no voice  DJ: Nobody cast me.");
    expect(result.stderr).toBe("podc show: broken.pod has errors: podc check broken.pod says what they are\n");
  });

  it("colours on request (FORCE_COLOR), never with NO_COLOR, FORCE_COLOR=0 or --no-color", async () => {
    const dir = folder({ "night.pod": SCRIPT });
    const coloured = await runPodc(["show", "night.pod"], dir, { FORCE_COLOR: "1", NO_COLOR: "" });
    expect(coloured.stdout).toContain("\u001b[");
    // Uncoloured, the text is the plain output exactly.
    expect(coloured.stdout.replace(/\u001b\[\d+m/g, "").replace(/ +\n/g, "\n")).toBe((await runPodc(["show", "night.pod"], dir)).stdout);
    for (const [args, env] of [
      [["show", "night.pod"], { FORCE_COLOR: "1", NO_COLOR: "1" }],
      [["show", "--no-color", "night.pod"], { FORCE_COLOR: "1", NO_COLOR: "" }],
      [["show", "night.pod"], { FORCE_COLOR: "0", NO_COLOR: "" }],
    ] as const) {
      expect((await runPodc([...args], dir, env)).stdout).not.toContain("\u001b");
    }
  });

  it("lines the text up in columns when a speaker's name is written in wide characters", async () => {
    const dir = folder({ "wide.pod": "Title: T\nCast:\n    先生: Ethan\n    HOST: Victoria\n\n先生: こんにちは。\nHOST: Hello.\n" });
    const lines = (await runPodc(["show", "wide.pod"], dir)).stdout.split("\n");
    // 先生 takes two columns a character: its label is four columns wider than its length.
    expect(lines[5]).toBe(`6  ${"先生 (Ethan)".padEnd(20 - 2)}  先生: こんにちは。`);
    expect(lines[6]).toBe(`7  ${"HOST (Victoria)".padEnd(20)}  HOST: Hello.`);
  });

  it("never lets a control character of the script reach the terminal", async () => {
    const dir = folder({ "evil.pod": "Title: \u001b]0;owned\u0007\nCast:\n    HOST: Ethan\n\nHOST: Clear \u001b[2J the screen\r and \u202eflip.\n" });
    for (const env of [{}, { FORCE_COLOR: "1", NO_COLOR: "" }]) {
      const result = await runPodc(["show", "evil.pod"], dir, env);
      // Only colour (SGR) sequences of podc's own are left once the script's text is shown.
      expect(result.stdout.replace(/\u001b\[\d+m/g, "")).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
      expect(result.stdout).toContain("\uFFFD]0;owned\uFFFD");
    }
  });

  it("shows several scripts one after the other, and refuses no script or a missing one (exit 2)", async () => {
    const dir = folder({ "a.pod": "Title: A\nCast:\n    HOST: Ethan\n\nHOST: One.\n", "b.pod": "Title: B\nCast:\n    HOST: Ethan\n\nHOST: Two.\n" });
    const both = await runPodc(["show", "a.pod", "b.pod"], dir);
    expect(both.code).toBe(0);
    expect(both.stdout).toMatch(/^==> a\.pod <==\n[^]*\n\n==> b\.pod <==\n[^]*5 {2}HOST \(Ethan\)\s+HOST: Two\.\n$/);
    const none = await runPodc(["show"], dir);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("podc show FILE");
    expect((await runPodc(["show", "missing.pod"], dir)).code).toBe(2);
  });
});
