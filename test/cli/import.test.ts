import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { runPodc } from "./io-helper.js";

// `podc import` as a writer runs it: the .pod beside the screenplay, never over an existing one without --force.

it("writes FILE.pod beside FILE.fountain, refuses to overwrite it, and --force / --stdout do what they say", async () => {
  const dir = mkdtempSync(join(tmpdir(), "podc-import-"));
  writeFileSync(join(dir, "scene.fountain"), "INT. HOUSE - DAY\n\nBRICK\nHello.\n\nSteel sits.\n");
  const first = await runPodc(["import", "scene.fountain"], dir);
  expect(first.code).toBe(0);
  expect(first.stderr).toContain("wrote scene.pod: 1 character in the Cast, 1 with voices to review");
  const pod = readFileSync(join(dir, "scene.pod"), "utf8");
  expect(pod).toContain("# INT. HOUSE - DAY");
  expect(pod).toContain("! Steel sits.");
  const again = await runPodc(["import", "scene.fountain"], dir);
  expect(again.code).toBe(2);
  expect(again.stderr).toContain("already exists");
  expect((await runPodc(["import", "scene.fountain", "--force"], dir)).code).toBe(0);
  const printed = await runPodc(["import", "scene.fountain", "--stdout"], dir);
  expect(printed.code).toBe(0);
  expect(printed.stdout).toBe(pod);
});

it("an .fdx that is not well-formed is one diagnostic with its line, exit 1, and nothing written", async () => {
  const dir = mkdtempSync(join(tmpdir(), "podc-import-"));
  writeFileSync(join(dir, "bad.fdx"), "<FinalDraft>\n<Content>\n<Paragraph>\n</Content>\n");
  const run = await runPodc(["import", "bad.fdx"], dir);
  expect(run.code).toBe(1);
  expect(run.stderr).toMatch(/bad\.fdx:4:\d+: error POD0130/);
  expect(existsSync(join(dir, "bad.pod"))).toBe(false);
});
