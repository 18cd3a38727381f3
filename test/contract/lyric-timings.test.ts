import { describe, expect, it } from "vitest";
import { keptLyricsSections, lyricTimings } from "../../src/contract/lyric-timings.js";

describe("lyric timings from a choice's lyrics_sections", () => {
  const lines = (times: number[]) => [{ section_type: "verse", lines: times.map((start, i) => ({ start, end: start + 1, text: `line ${i}` })) }];

  it("reads milliseconds as documented, and seconds when only they fit the take's length", () => {
    expect(lyricTimings(lines([1000, 170_000]), 180_000)?.unit).toBe("ms");
    expect(lyricTimings(lines([1, 170]), 180_000)).toMatchObject({ unit: "s", lines: [{ startMs: 1000 }, { startMs: 170_000 }] });
    expect(lyricTimings(lines([1.5, 170.25]), 180_000)?.lines.map((l) => l.startMs)).toEqual([1500, 170_250]);
    // Fits neither: times of some longer song.
    expect(lyricTimings(lines([1000, 9_000_000]), 180_000)).toBeUndefined();
  });

  it("leaves out a line that goes back in time, and keeps the rest", () => {
    expect(lyricTimings(lines([1000, 500, 2000]), 10_000)?.lines.map((l) => l.startMs)).toEqual([1000, 2000]);
  });

  it("keeps what was answered, without word timings when they make it large", () => {
    const small = lines([1, 2]);
    expect(keptLyricsSections(small)).toBe(small);
    const words = Array.from({ length: 5000 }, (_, i) => ({ start: i, end: i + 1, text: "word" }));
    const large = [{ lines: [{ start: 0, end: 1, text: "a", words }] }];
    expect(keptLyricsSections(large)).toEqual([{ lines: [{ start: 0, end: 1, text: "a" }] }]);
    expect(keptLyricsSections(undefined)).toBeUndefined();
    expect(keptLyricsSections([{ text: "x".repeat(100_000) }])).toBeUndefined();
    let deep: unknown = [];
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(keptLyricsSections(deep)).toBeUndefined();
    expect(lyricTimings(deep, 10_000)).toBeUndefined();
  });
});
