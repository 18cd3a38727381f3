/*
 * Song captions from the service's `lyrics_sections`: each group of the script's lyrics shown when the service says
 * it is sung, whatever unit or shape the field comes in; evenly spread, as before, when it is absent or unusable.
 */
import { describe, expect, it } from "vitest";
import { analyze } from "../../src/compile.js";
import { defaultConfig } from "../../src/config/schema.js";
import { cues } from "../../src/episode/cues.js";
import { timeline } from "../../src/episode/timeline.js";

const SCRIPT = `Title: Timed

SONG: Harbour
Style: folk, 100 bpm

[Verse]
Ropes along the harbour wall
Gulls above the evening call

[Chorus]
Hold the light, hold the light
END SONG
`;

const TAKE_MS = 60_000;
const OPTIONS = { wordsPerMinute: 150, ffmpeg: "ffmpeg" };

/** The lyric cues of the script's one song, placed 5 s into the episode, with `sections` as the take's lyrics_sections. */
async function lyricCues(sections: unknown): Promise<[number, number, string][]> {
  const analysis = analyze(SCRIPT, { file: "timed.pod", config: defaultConfig() });
  const pieces = analysis.plan!.requests.map((request) => ({ request, path: "/audio/song.wav", durationMs: TAKE_MS }));
  const line = timeline(pieces, defaultConfig().build);
  line.clips[0]!.startMs = 5000;
  const list = await cues(line, OPTIONS, (path) => (path === "/audio/song.wav" ? sections : undefined));
  return list.map((cue) => [cue.startMs - 5000, cue.endMs - 5000, cue.text]);
}

const EVEN: [number, number, string][] = [
  [0, 40_000, "Ropes along the harbour wall\nGulls above the evening call"],
  [40_000, 60_000, "Hold the light, hold the light"],
];

const TIMED = [
  { section_type: "intro", start: 0, end: 9600 },
  {
    section_type: "verse",
    start: 9600,
    end: 28_800,
    lines: [
      { start: 9600, end: 19_200, text: "Ropes along the harbour wall" },
      { start: 19_200, end: 28_800, text: "Gulls above the evening call" },
    ],
  },
  { section_type: "chorus", start: 28_800, end: 38_400, lines: [{ start: 28_800, end: 38_400, text: "Hold the light, hold the light" }] },
  { section_type: "outro", start: 38_400, end: 60_000, lines: [] },
];

describe("song captions timed by lyrics_sections", () => {
  it("shows each group when the service says its lines are sung, not spread evenly", async () => {
    expect(await lyricCues(undefined)).toEqual(EVEN);
    expect(await lyricCues(TIMED)).toEqual([
      [9600, 28_800, "Ropes along the harbour wall\nGulls above the evening call"],
      [28_800, 38_400, "Hold the light, hold the light"],
    ]);
  });

  it("reads times given in seconds as seconds: only they fit the take", async () => {
    const seconds = JSON.parse(JSON.stringify(TIMED), (key, v: unknown) => ((key === "start" || key === "end") && typeof v === "number" ? v / 1000 : v));
    expect(await lyricCues(seconds)).toEqual(await lyricCues(TIMED));
  });

  it("tolerates drift: other field names, string times, lines as text, unknown section kinds, words it does not use", async () => {
    const drifted = [
      { type: "hook-ish", start_time: "9600", end_time: 28_800, lines: ["Ropes along the harbour wall", "Gulls above the evening call"], words: [{ w: 1 }] },
      { kind: { weird: true }, lines: [{ startMs: 28_800, text: "HOLD the light... hold the light!", extra: null }] },
    ];
    expect(await lyricCues(drifted)).toEqual([
      [9600, 28_800, "Ropes along the harbour wall\nGulls above the evening call"],
      [28_800, 60_000, "Hold the light, hold the light"],
    ]);
  });

  it("takes the lines by position when the service wrote them otherwise but timed as many", async () => {
    const otherwise = [
      { lines: ["Cordes le long du quai", "Mouettes au-dessus du soir", "Garde la lumière"].map((text, i) => ({ text, start: 10_000 * (i + 1) })) },
    ];
    expect(await lyricCues(otherwise)).toEqual([
      [10_000, 30_000, "Ropes along the harbour wall\nGulls above the evening call"],
      [30_000, 60_000, "Hold the light, hold the light"],
    ]);
  });

  it("places a line the service did not time between its timed neighbours", async () => {
    const missing = [
      {
        lines: [
          { start: 10_000, end: 15_000, text: "Ropes along the harbour wall" },
          { start: 30_000, end: 40_000, text: "Hold the light, hold the light" },
        ],
      },
    ];
    const [verse, chorus] = await lyricCues(missing);
    expect(verse![0]).toBe(10_000);
    expect(chorus).toEqual([30_000, 40_000, "Hold the light, hold the light"]);
  });

  it.each<[string, unknown]>([
    ["a string", "unknown"],
    ["an empty list", []],
    ["sections without times", [{ section_type: "verse", lines: ["a", "b"] }]],
    ["times past the take in any unit", [{ lines: [{ start: 9_000_000, text: "Ropes along the harbour wall" }] }]],
    [
      "negative and non-numeric times",
      [
        {
          lines: [
            { start: -5, text: "x" },
            { start: "soon", text: "y" },
          ],
        },
      ],
    ],
    [
      "lines of some other song",
      [
        {
          lines: [
            { start: 1000, text: "la la" },
            { start: 2000, text: "na na" },
          ],
        },
      ],
    ],
    ["nulls and numbers", [null, 3, { lines: null }, { lines: [null, 4] }]],
  ])("spreads the lyrics evenly when lyrics_sections is unusable (%s), and never fails", async (_what, sections) => {
    expect(await lyricCues(sections)).toEqual(EVEN);
  });
});
