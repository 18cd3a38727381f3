import { describe, expect, it } from "vitest";
import { hasLyricLines, lyricsText, markerLine, songModel, stylePrompt } from "../../src/ast/song.js";
import { lyric, marker, note, song } from "../lower/build.js";

describe("lyricsText", () => {
  it("writes markers in canonical spelling, one line each, sections separated by one empty line", () => {
    const s = song("Anthem", {
      style: "pop",
      items: [marker("verse", "Verse"), "Neon lights", "Coffee cups", marker("CHORUS", "Chorus"), "We're alive", marker("Verse 2", "Verse", "2"), "Again"],
    });
    expect(lyricsText(s)).toBe("[Verse]\nNeon lights\nCoffee cups\n\n[Chorus]\nWe're alive\n\n[Verse 2]\nAgain");
  });

  it("writes an unknown marker as written", () => {
    expect(markerLine(marker("Verze", null))).toBe("[Verze]");
    expect(markerLine(marker("【Verse 1】", "Verse", "1"))).toBe("[Verse 1]");
    expect(markerLine(marker("Inst", "Instrumental"))).toBe("[Instrumental]");
  });

  it("makes lines before the first marker an unnamed first section", () => {
    const s = song("S", { style: "pop", items: ["Oh oh", "Yeah", marker("Chorus", "Chorus"), "La"] });
    expect(lyricsText(s)).toBe("Oh oh\nYeah\n\n[Chorus]\nLa");
  });

  it("removes trailing white space from every line but keeps leading white space", () => {
    const s = song("S", { style: "pop", items: ["  Oh oh  \t", marker("Chorus", "Chorus"), "La\u3000 "] });
    expect(lyricsText(s)).toBe("  Oh oh\n\n[Chorus]\nLa");
  });

  it("has no empty line at either end, and keeps a stanza break as one empty line", () => {
    const s = song("S", { style: "pop", items: [lyric("   "), marker("Verse", "Verse"), "a", lyric(""), "b", marker("Outro", "Outro"), lyric("  ")] });
    expect(lyricsText(s)).toBe("[Verse]\na\n\nb\n\n[Outro]");
  });

  it("drops notes", () => {
    const s = song("S", { style: "pop", items: [marker("Verse", "Verse"), note("too high?"), "a", note("x")] });
    expect(lyricsText(s)).toBe("[Verse]\na");
  });

  it("sends lyric lines as written, brackets and all", () => {
    const s = song("S", { style: "pop", items: ["(ooh) [softly] don't   stop"] });
    expect(lyricsText(s)).toBe("(ooh) [softly] don't   stop");
  });

  it("knows whether there is anything to send: a tag alone is an instrumental's lyrics", () => {
    expect(hasLyricLines(song("S", { style: "pop", items: [] }))).toBe(false);
    expect(hasLyricLines(song("S", { style: "pop", items: [note("x")] }))).toBe(false);
    expect(hasLyricLines(song("S", { style: "pop", items: [marker("Instrumental", "Instrumental")] }))).toBe(true);
    expect(hasLyricLines(song("S", { style: "pop", items: [note("x"), "a"] }))).toBe(true);
  });
});

describe("stylePrompt", () => {
  it("trims descriptors and rejoins them with a comma and a space", () => {
    expect(stylePrompt("synthwave,110 bpm ,  melancholic,female vocals")).toBe("synthwave, 110 bpm, melancholic, female vocals");
  });

  it("drops empty descriptors", () => {
    expect(stylePrompt(" , pop,, ,rock, ")).toBe("pop, rock");
    expect(stylePrompt("   ")).toBe("");
  });

  it("keeps the inside of a descriptor as written", () => {
    expect(stylePrompt("lo-fi  hip hop")).toBe("lo-fi  hip hop");
    expect(stylePrompt("流行，女声")).toBe("流行，女声");
  });
});

describe("songModel", () => {
  it("takes the song's Model header first", () => {
    expect(songModel(song("S", { style: "pop", model: "mureka-7" }), "mureka-6", "mureka-5")).toBe("mureka-7");
  });

  it("then the title page's Model", () => {
    expect(songModel(song("S", { style: "pop" }), "mureka-6", "mureka-5")).toBe("mureka-6");
  });

  it("then the configuration's default", () => {
    expect(songModel(song("S", { style: "pop" }), undefined, "mureka-5")).toBe("mureka-5");
  });

  it("else auto", () => {
    expect(songModel(song("S", { style: "pop" }), undefined, undefined)).toBe("auto");
  });

  it("treats a blank value as not given", () => {
    expect(songModel(song("S", { style: "pop", model: "  " }), "", "mureka-5")).toBe("mureka-5");
    expect(songModel(song("S", { style: "pop" }), " ", "")).toBe("auto");
  });
});
