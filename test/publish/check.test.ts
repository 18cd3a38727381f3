import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runPodc } from "../cli/io-helper.js";
import { PODCAST } from "./helpers.js";
// The first bytes of a PNG, which is all podc reads of a cover: the same header the diagnostics reference shows.
import { pngHeader } from "../../scripts/diagnostics-doc.js";

// `podc check` reports what would keep a project with a podcast section from publishing — at podc.json's keys and at
// each script's title page — as it reports a script's own mistakes, so CI finds them on the push that made them.

describe("podc check of a project with a podcast section", () => {
  const dir = mkdtempSync(join(tmpdir(), "podc-publish-check-"));
  mkdirSync(join(dir, ".git"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const script = "Title: Fine\nCast:\n    HOST: Ethan\n\nHOST: Hello.\n";

  it("passes when the settings, the cover and the title pages are right", async () => {
    writeFileSync(join(dir, "podc.json"), JSON.stringify({ podcast: PODCAST }));
    writeFileSync(join(dir, "artwork.png"), pngHeader(3000, 3000, 2));
    writeFileSync(join(dir, "ep.pod"), script);
    const checked = await runPodc(["check", "--format", "line"], dir);
    expect(checked.stdout).toBe("");
    expect(checked.code).toBe(0);
  });

  it("reports a missing key, a wrong cover and a title page without title or date, each at its place", async () => {
    const { ownerEmail: _dropped, ...rest } = PODCAST;
    writeFileSync(join(dir, "podc.json"), `${JSON.stringify({ podcast: { ...rest, categories: ["Drama"] } }, null, 2)}\n`);
    writeFileSync(join(dir, "artwork.png"), pngHeader(3000, 3000, 0));
    writeFileSync(join(dir, "ep.pod"), "Author: Someone\nDate: next week\nCast:\n    HOST: Ethan\n\nHOST: Hello.\n");
    writeFileSync(join(dir, "draft.pod"), "Draft: yes\nCast:\n    HOST: Ethan\n\nHOST: Not yet titled.\n");
    const checked = await runPodc(["check", "--format", "line"], dir);
    expect(checked.code).toBe(1);
    expect(checked.stdout.trim().split("\n").sort()).toEqual(
      [
        "ep.pod:1:1: error POD0809: the episode has no Title: the feed needs one for every episode",
        'ep.pod:2:7: error POD0811: Date "next week" is not a date (YYYY-MM-DD)',
        'podc.json:2:14: error POD0801: the podcast section has no "ownerEmail"',
        'podc.json:8:7: error POD0802: "Drama" is not an Apple Podcasts category',
        "podc.json:11:16: error POD0805: the artwork is in greyscale: directories ask for RGB",
      ].sort(),
    );
  });
});
