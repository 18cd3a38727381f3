/*
 * Sound cues in the language: how SFX, BED, BED out and STING lines read, what never changes meaning (a speaker `SFX:`,
 * a cue's line under a speech), where the plan places them (beside the requests, never in them), the formatter, and
 * the checks of their files on real files in a project folder.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { performedScript } from "../../src/ast/performed-script.js";
import { analyze } from "../../src/compile.js";
import { defaultConfig } from "../../src/config/schema.js";
import { format } from "../../src/format/format.js";
import type { PlannedPodcast } from "../../src/lower/plan.js";
import { soundFileLookup } from "../../src/workspace/sound-files.js";
import { CAST, where } from "./helpers.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const config = defaultConfig();
const analysed = (text: string) => analyze(text, { file: "episode.pod", config });

describe("reading sound cues", () => {
  it("reads SFX, BED, BED out and STING lines as cues, with the file's span", () => {
    const a = analysed(CAST + "STING sounds/sting.flac\n\nBED  music/bed.ogg\n\nHOST: Hello.\n\nSFX sounds/door.wav\n\nGUEST: Hi.\n\nBED out\n");
    const sounds = a.script.body.filter((e) => e.type === "Sound");
    expect(sounds.map((s) => [s.kind, s.keyword, s.file?.text, s.file?.span.start.column])).toEqual([
      ["sting", "STING", "sounds/sting.flac", 7],
      ["bed", "BED", "music/bed.ogg", 6],
      ["effect", "SFX", "sounds/door.wav", 5],
      ["bedEnd", "BED", undefined, undefined],
    ]);
    expect(a.diagnostics).toEqual([]);
  });

  it("leaves `SFX:` a speaker (unknown here, whose fix makes it a direction) and `SFX DOOR.WAV` a cue label, as before", () => {
    const a = analysed(CAST + "SFX: door.wav\n\nSFX DOOR.WAV\nA line.\n");
    expect(a.script.body.map((e) => e.type)).toEqual(["Speech", "Speech"]);
    expect(a.diagnostics.map((d) => d.code)).toEqual(["POD0201", "POD0201"]);
  });

  it("keeps a cue's line directly under a speech in the speech, spoken as before, and warns with the fix of a blank line", () => {
    const a = analysed(CAST + "HOST: Listen.\nSFX sounds/door.wav\nGUEST: Who is it?\n");
    expect(where(a.diagnostics)).toEqual(["POD0925@8:1-20"]);
    expect(a.diagnostics[0]!.fixes![0]!.title).toBe("Put a blank line before it, to make it a sound cue");
    expect((a.plan!.requests[0] as PlannedPodcast).body.conversations[0]!.text).toBe("Listen. SFX sounds/door.wav");
  });

  it("warns of BED out where no bed plays (a bed ends with its section)", () => {
    const a = analysed(CAST + "BED bed.ogg\n\nHOST: One.\n\n# Two\n\nHOST: Two.\n\nBED out\n");
    expect(where(a.diagnostics)).toEqual(["POD0926@15:1-8"]);
  });

  it("keeps a Fountain screenplay's action that looks like a cue an action", () => {
    const a = analyze("INT. HARBOUR - NIGHT\n\nSFX door.wav\n", { file: "episode.fountain", config });
    expect(a.script.body.map((e) => e.type)).toEqual(["Section", "Direction"]);
  });
});

describe("the plan", () => {
  it("places each cue beside the request whose turn it starts with, and changes no request", () => {
    const plain = CAST + "# One\n\nHOST: Hello.\nGUEST: Hi.\n\nHOST: Shall we?\n\n# Two\n\nHOST: Here.\n";
    const cued =
      CAST +
      "# One\n\nBED bed.ogg\n\nHOST: Hello.\nGUEST: Hi.\n\nSFX door.wav\n\nHOST: Shall we?\n\nBED out\n\nSTING sting.wav\n\n# Two\n\nHOST: Here.\n\nSFX end.wav\n";
    const without = analysed(plain).plan!.requests;
    const withCues = analysed(cued).plan!.requests;
    expect(withCues.map((r) => r.key)).toEqual(without.map((r) => r.key));
    expect(withCues.map((r) => r.sounds?.map((s) => [s.kind, s.file, s.atTurn]))).toEqual([
      [
        ["bed", "bed.ogg", 0],
        ["effect", "door.wav", 2],
      ],
      [
        ["bedEnd", undefined, 0],
        ["sting", "sting.wav", 0],
        ["effect", "end.wav", 1],
      ],
    ]);
  });
});

describe("podc fmt", () => {
  it("writes a cue unindented with one space after its keyword, and is stable", () => {
    const text = CAST + "HOST: Hello.\n\n   SFX    sounds/door.wav   \n\nGUEST: Hi.\n";
    const once = format(text).text;
    expect(once).toContain("\nSFX sounds/door.wav\n");
    expect(format(once).text).toBe(once);
  });
});

describe("the files a cue names, in a project", () => {
  const project = mkdtempSync(join(tmpdir(), "podc-sound-files-"));
  dirs.push(project);
  writeFileSync(join(project, "podc.json"), "{}\n");
  mkdirSync(join(project, "sounds"));
  const wav = Buffer.alloc(44);
  wav.write("RIFF", 0, "latin1");
  wav.write("WAVE", 8, "latin1");
  writeFileSync(join(project, "sounds", "door.wav"), wav);
  writeFileSync(join(project, "sounds", "notes.wav"), "not audio at all\n");
  writeFileSync(join(project, "sounds", "huge.wav"), wav);
  truncateSync(join(project, "sounds", "huge.wav"), 300 * 1024 * 1024); // sparse: nothing is written
  mkdirSync(join(project, "sounds", "folder.wav"));
  const elsewhere = mkdtempSync(join(tmpdir(), "podc-elsewhere-"));
  dirs.push(elsewhere);
  writeFileSync(join(elsewhere, "theme.wav"), wav);
  symlinkSync(join(elsewhere, "theme.wav"), join(project, "sounds", "linked.wav"));
  const check = (file: string) =>
    analyze(CAST + `SFX ${file}\n\nHOST: Hello.\n`, { file: "episode.pod", config, soundFiles: soundFileLookup(project) }).diagnostics;

  it("passes an audio file inside the project", () => expect(check("sounds/door.wav")).toEqual([]));
  it("reports a missing file at its name", () => expect(where(check("sounds/gone.wav"))).toEqual(["POD0920@7:5-20"]));
  it("reports a folder as unreadable", () => expect(check("sounds/folder.wav").map((d) => d.message)).toEqual([expect.stringMatching(/folder/)]));
  it("reports a file that is not audio, by its first bytes", () => expect(check("sounds/notes.wav").map((d) => d.code)).toEqual(["POD0922"]));
  it("reports a file over the cap", () =>
    expect(check("sounds/huge.wav").map((d) => d.message)).toEqual([expect.stringMatching(/300 MB, over the cap of 256 MB/)]));
  it("refuses a path that leaves the project, and a link out of it", () => {
    expect(check(join("..", "..", "etc", "passwd")).map((d) => d.code)).toEqual(["POD0924"]);
    expect(check("sounds/linked.wav").map((d) => d.code)).toEqual(["POD0924"]);
  });
});

describe("podc show", () => {
  it("gives each cue's line its fate: what it does in the mix, and its file", () => {
    const a = analysed(CAST + "BED bed.ogg\n\nHOST: Hello.\n\nSFX door.wav\n\nGUEST: Hi.\n\nBED out\n");
    const lines = performedScript("episode.pod", a.script, a.source, (s) => a.cast.get(s)?.voice).lines.filter((l) => l.fate === "sound");
    expect(lines.map((l) => [l.line, l.cue, l.soundFile, l.label])).toEqual([
      [7, "bed", "bed.ogg", "bed, ducked: bed.ogg"],
      [11, "effect", "door.wav", "effect: door.wav"],
      [15, "bedEnd", undefined, "bed ends"],
    ]);
  });
});

describe("the radio habit SFX: FILE", () => {
  it("stays an unknown speaker whose first fix makes it a direction; a second fix makes it a sound cue", () => {
    const a = analysed(CAST + "SFX: sounds/door.wav\n\nHOST: Hello.\n");
    expect(a.diagnostics.map((d) => d.code)).toEqual(["POD0201"]);
    const titles = a.diagnostics[0]!.fixes!.map((f) => f.title);
    expect(titles.slice(0, 2)).toEqual(["Write it as a direction (! …)", "Make it a sound cue (SFX sounds/door.wav)"]);
    const fix = a.diagnostics[0]!.fixes![1]!;
    const text = CAST + "SFX: sounds/door.wav\n\nHOST: Hello.\n";
    const fixed = text.slice(0, fix.span.start.offset) + fix.replacement + text.slice(fix.span.end.offset);
    expect(analysed(fixed).script.body[0]).toMatchObject({ type: "Sound", kind: "effect", file: { text: "sounds/door.wav" } });
    // A description, not a file: only the direction, as before.
    expect(analysed(CAST + "SFX: a door slams\n\nHOST: Hello.\n").diagnostics[0]!.fixes!.map((f) => f.title)).not.toContain(expect.stringMatching(/sound cue/));
  });
});
