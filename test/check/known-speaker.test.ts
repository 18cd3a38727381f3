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

it("stays linear in the number of distinct unknown speakers: each still gets its own proposal", () => {
  // 50,000 speakers took minutes while each proposal looked at every one before it; there is no timed assertion,
  // the test's own timeout is what a quadratic rule would run into.
  const letters = (i: number) => Array.from({ length: 4 }, (_, k) => String.fromCharCode(65 + (Math.floor(i / 26 ** k) % 26))).join("");
  const labels = Array.from({ length: 50_000 }, (_, i) => `S${letters(i)}`);
  const d = runRule(knownSpeaker, CAST + labels.map((label) => `${label}: a\n`).join(""));
  expect(d).toHaveLength(labels.length);
  expect(d[0]!.fixes?.at(-1)?.title).toMatch(/^Add SAAAA to the Cast with the voice /);
  expect(d.at(-1)!.help).toContain(`declare ${labels.at(-1)} in the title page's Cast`);
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
