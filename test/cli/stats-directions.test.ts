/* `podc stats` says what becomes of a script's parentheticals: pauses are silence in the episode, the others not rendered. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { podc } from "../run/helpers.js";

const dir = mkdtempSync(join(tmpdir(), "podc-stats-directions-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("podc stats counts the pauses and lists the parentheticals no voice is given, with their lines", async () => {
  writeFileSync(
    join(dir, "ep.pod"),
    "Title: T\nCast:\n    HOST: Ethan\n    GUEST: Victoria\n\nHOST: (whispering) Come closer.\n(pause 2.5s)\nCloser.\nGUEST: (beat) No.\n",
  );
  const text = await podc(["stats", "ep.pod"], dir, {});
  expect(text.code, text.stderr).toBe(0);
  expect(text.stdout).toContain("Pauses: 2, 3.5 s of silence in the episode");
  expect(text.stdout).toContain("Not rendered (directions for the reader, no voice is given them): (whispering) line 6");
  const json = await podc(["stats", "--json", "ep.pod"], dir, {});
  expect(JSON.parse(json.stdout).episodes[0].directions).toEqual({
    pauses: { count: 2, ms: 3500 },
    tagged: 0,
    notRendered: [{ line: 6, speaker: "HOST", text: "whispering" }],
  });
});
