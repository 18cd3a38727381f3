import { expect, it } from "vitest";
import { knownMarkers } from "../../src/check/rules/known-markers.js";
import { modelAllowed } from "../../src/check/rules/model-allowed.js";
import { songHasLyrics } from "../../src/check/rules/song-has-lyrics.js";
import { songHasStyle } from "../../src/check/rules/song-has-style.js";
import { songHeaders } from "../../src/check/rules/song-headers.js";
import { runRule, where } from "./helpers.js";

const song = (inner: string) => `SONG: Tune\n${inner}\nEND SONG\n`;

it("song-has-style: a song needs a non-empty Style", () => {
  expect(where(runRule(songHasStyle, song("[Verse]\nla")))).toEqual(["POD0301@1:7-11"]);
  expect(where(runRule(songHasStyle, song("Style: , \nla")))).toEqual(["POD0301@2:1-9"]);
  expect(runRule(songHasStyle, song("Style: pop\nla"))).toEqual([]);
  expect(runRule(songHasStyle, song("Stlye: pop\nla"))).toEqual([]); // reported once, by song-headers
});

it("song-has-lyrics: a song needs a lyric or a tag line; tags alone are an instrumental", () => {
  expect(where(runRule(songHasLyrics, song("Style: pop\n\n")))).toEqual(["POD0302@1:7-11"]);
  expect(runRule(songHasLyrics, song("Style: pop\n[Instrumental]"))).toEqual([]);
  expect(runRule(songHasLyrics, song("Style: pop\nla"))).toEqual([]);
});

it("song-headers: unknown keys suggest the nearest; repeats are warned", () => {
  const d = runRule(songHeaders, song("Stlye: pop\nModel: auto\nModel: x\nla"));
  expect(where(d)).toEqual(["POD0304@2:1-6", "POD0307@4:1-6"]);
  expect(d[0]!.fixes?.[0]?.replacement).toBe("Style");
});

it("known-markers: a near miss of a section name warns with the fix, number and suffix kept", () => {
  const d = runRule(knownMarkers, song("Style: pop\n[Vers 2]\nla\n[Chrous: big]\nla\n[Vesre]\nla"));
  expect(where(d)).toEqual(["POD0305@3:1-9", "POD0305@5:1-14", "POD0305@7:1-8"]);
  expect(d.map((x) => x.fixes?.[0]?.replacement)).toEqual(["[Verse 2]", "[Chorus: big]", "[Verse]"]);
});

it("known-markers: free-form tags as AI-music writers write them get no word", () => {
  const tags = [
    "[Guitar Solo]",
    "[Fade Out]",
    "[End]",
    "[Spoken Word]",
    "[Male Vocal]",
    "[Drop]",
    "[Refrain]",
    "[Build-up]",
    "[Soft, intimate]",
    "[Natural fade out]",
    "[solo]",
    "[verb]",
    "[Instrumental Interlude]",
    "[尾声]",
  ];
  expect(runRule(knownMarkers, song("Style: pop\n" + tags.map((t) => `${t}\nla`).join("\n")))).toEqual([]);
});

it("model-allowed: only with an allow-list, on title page and song headers", () => {
  const text = "Title: T\nModel: old-1\n\n" + song("Style: pop\nModel: mureka-9\nla");
  expect(runRule(modelAllowed, text)).toEqual([]);
  expect(where(runRule(modelAllowed, text, { models: ["auto", "mureka-8"] }))).toEqual(["POD0306@2:8-13", "POD0306@6:8-16"]);
});
