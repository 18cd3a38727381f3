import { describe, expect, it } from "vitest";
import { choiceFileName, extensionFor, fileStem, orderWidth, slug } from "../../src/run/episode-folder.js";
import type { EpisodeEntry, Job } from "../../src/run/job.js";

const entry = (kind: "song" | "podcast", order: number, origin: { line: number; section?: string; song?: string }): EpisodeEntry => ({
  job: { kind } as Job,
  order,
  origins: [origin],
});

describe("file names come from the script", () => {
  it("number, slug of the section or song title, choice counted from 1", () => {
    expect(choiceFileName(fileStem(entry("podcast", 1, { line: 9, section: "Cold open" }), 2), "podcast", 0, ".wav")).toBe("01-cold-open.wav");
    expect(choiceFileName(fileStem(entry("song", 2, { line: 21, song: "Night Shift Anthem" }), 2), "song", 0, ".wav")).toBe("02-night-shift-anthem-1.wav");
    expect(choiceFileName(fileStem(entry("song", 12, { line: 1, song: "Keeper's Waltz" }), 3), "song", 1, ".mp3")).toBe("012-keepers-waltz-2.mp3");
  });

  it("never lets a title reach outside the folder or carry odd characters", () => {
    expect(slug("../../etc/passwd")).toBe("etc-passwd");
    expect(slug("Café Ümlaut — ¡Olé!")).toBe("cafe-umlaut-ole");
    expect(slug("夜")).toBe("");
    expect(fileStem(entry("song", 3, { line: 1, song: "夜" }), 2)).toBe("03-song");
    expect(fileStem(entry("podcast", 1, { line: 1 }), 2)).toBe("01-opening");
    expect(slug("x".repeat(100)).length).toBe(48);
  });

  it("takes the extension from the content type, .bin when unknown", () => {
    expect(extensionFor("audio/wav")).toBe(".wav");
    expect(extensionFor("audio/mpeg; charset=binary")).toBe(".mp3");
    expect(extensionFor("AUDIO/FLAC")).toBe(".flac");
    expect(extensionFor("application/octet-stream")).toBe(".bin");
  });

  it("pads order numbers so files sort", () => {
    expect(orderWidth(9)).toBe(2);
    expect(orderWidth(100)).toBe(3);
  });
});
