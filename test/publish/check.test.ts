import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runPodc } from "../cli/io-helper.js";
import { PODCAST } from "./helpers.js";

// `podc check` reports what would keep a project with a podcast section from publishing — at podc.json's keys and at
// each script's title page — as it reports a script's own mistakes, so CI finds them on the push that made them.

/** A PNG's signature and header, which is all podc reads of a cover. */
function pngHeader(width: number, height: number, colourType: number): Buffer {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write("IHDR", 12, "latin1");
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  header[24] = 8;
  header[25] = colourType;
  return header;
}

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
