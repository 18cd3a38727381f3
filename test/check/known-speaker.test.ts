import { expect, it } from "vitest";
import { knownSpeaker } from "../../src/check/rules/known-speaker.js";
import { CAST, runRule, where } from "./helpers.js";

it("an uncast speaker is an error on the label, naming the nearest declared one with a fix", () => {
  const d = runRule(knownSpeaker, CAST + "HOSTT: Hello.\n");
  expect(where(d)).toEqual(["POD0201@7:1-6"]);
  expect(d[0]!.help).toBe("a declared speaker has a similar name: HOST");
  expect(d[0]!.fixes?.[0]?.replacement).toBe("HOST");
});

it("with nothing similar, says how to declare it", () => {
  const d = runRule(knownSpeaker, CAST + "NARRATOR: Hello.\n");
  expect(d[0]!.help).toContain("declare NARRATOR in the title page's Cast");
  expect(d[0]!.fixes?.map((f) => f.title)).toEqual(["Add NARRATOR to the Cast with the voice Jake"]);
});

it("the project's cast counts, and the script's entries override it", () => {
  expect(runRule(knownSpeaker, "ANNOUNCER: Hi.\n", { cast: { ANNOUNCER: "Jake" } })).toEqual([]);
});

it("forced labels and cue form are checked the same way", () => {
  expect(where(runRule(knownSpeaker, CAST + "@Mia: hi\n\nMIA\nHello.\n"))).toEqual(["POD0201@7:2-5", "POD0201@9:1-4"]);
});

it("a near miss with two letters swapped offers the declared name first, never a new speaker first", () => {
  const d = runRule(knownSpeaker, CAST + "HOTS: Swapped letters.\n");
  expect(d[0]!.fixes!.map((f) => f.title)).toEqual(["Change to HOST", "Add HOTS to the Cast with the voice Jake"]);
});

it("stage text gets the direction first, and a reference the backslash that keeps it in the speech", () => {
  const sfx = runRule(knownSpeaker, CAST + "SFX: A door slams.\n");
  expect(sfx[0]!.fixes![0]!).toMatchObject({ title: "Write it as a direction (! …)", replacement: "! " });
  expect(sfx[0]!.help).toContain("stage text");
  const verse = runRule(knownSpeaker, CAST + "HOST: As it says in\nJOHN 3:16 For God so loved the world.\n");
  expect(verse[0]!.fixes![0]!).toMatchObject({ title: "Keep JOHN 3:16 as text (\\)", replacement: "\\" });
});
