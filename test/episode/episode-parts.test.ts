/*
 * The parts of the finished episode a writer reads without listening: where each piece lands, the chapters, the lyrics
 * captions, the transcript formats, the tags ffmpeg writes, and how the loudness is corrected. From real scripts.
 */
import { describe, expect, it } from "vitest";
import { analyze } from "../../src/compile.js";
import { defaultConfig, type BuildSettings } from "../../src/config/schema.js";
import { normalisation, loudnessOf } from "../../src/episode/assemble.js";
import { chapters, chaptersJson } from "../../src/episode/chapters.js";
import { lyricGroups } from "../../src/episode/cues.js";
import { episodeTags } from "../../src/episode/episode-tags.js";
import { ffmetadata } from "../../src/episode/ffmetadata.js";
import { timeline } from "../../src/episode/timeline.js";
import { levels } from "../../src/episode/levels.js";
import { srt, transcriptJson, webVtt } from "../../src/episode/transcripts.js";

const SCRIPT = `Title: Night Lines; Part = 2
Series: After #Hours
Author: Mara Quinn
Episode: 07
Cast:
    HOST: Ethan
    GUEST: Victoria

HOST: Before any heading.

# Cold open

HOST: Welcome back.
GUEST: Thanks for having me.

SONG: Jingle
Style: synthwave
Takes: 2
Pick: 2
[Verse]
One line
Two lines
Three lines

[Chorus]
Four
END SONG

# Cold open

HOST: And again.

SONG: Jingle
Style: synthwave
Takes: 2
Pick: 2
[Verse]
One line
Two lines
Three lines

[Chorus]
Four
END SONG
`;

function compiled() {
  const analysis = analyze(SCRIPT, { file: "ep.pod", config: defaultConfig() });
  expect(analysis.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return { plan: analysis.plan!, tags: episodeTags(analysis.script) };
}

const SETTINGS: BuildSettings = { ...defaultConfig().build, gapMs: 600, songGapMs: 1000, songFadeInMs: 500, songFadeOutMs: 2000 };

describe("the episode's timeline and chapters", () => {
  it("carries the title page's and the headings' words without their markup or a scene number", () => {
    const text = "Title: _**BRICK & STEEL**_\nCast:\n    HOST: Ethan\n\n# **Part one** #1#\n\nHOST: Hello.\n";
    const analysis = analyze(text, { file: "ep.pod", config: defaultConfig() });
    expect(episodeTags(analysis.script).title).toBe("BRICK & STEEL");
    const pieces = analysis.plan!.requests.map((request, i) => ({ request, path: `/audio/${i}`, durationMs: 1000 }));
    expect(chapters(timeline(pieces, SETTINGS)).map((c) => c.title)).toEqual(["Part one"]);
  });

  it("places every request in script order, a repeated song each time, with gaps, song gaps and fades", () => {
    const { plan } = compiled();
    const pieces = plan.requests.map((request, i) => ({ request, path: `/audio/${i}`, durationMs: request.kind === "song" ? 3000 : 10_000 }));
    const line = timeline(pieces, SETTINGS);
    expect(line.clips.map((c) => [c.request.kind, c.startMs, c.gapAfterMs, c.fadeInMs, c.fadeOutMs])).toEqual([
      ["podcast", 0, 600, 0, 0],
      ["podcast", 10_600, 1000, 0, 0],
      ["song", 21_600, 1000, 500, 1500], // a fade never longer than half the song
      ["podcast", 25_600, 1000, 0, 0],
      ["song", 36_600, 0, 500, 1500],
    ]);
    expect(line.durationMs).toBe(39_600);
    expect(chapters(line)).toEqual([
      { title: "Opening", kind: "section", startMs: 0, endMs: 10_600 },
      { title: "Cold open", kind: "section", startMs: 10_600, endMs: 21_600 },
      { title: "Jingle", kind: "song", startMs: 21_600, endMs: 25_600 },
      { title: "Cold open", kind: "section", startMs: 25_600, endMs: 36_600 },
      { title: "Jingle", kind: "song", startMs: 36_600, endMs: 39_600 },
    ]);
    const json = JSON.parse(chaptersJson(chapters(line), "Night Lines"));
    expect(json.chapters[1]).toEqual({ startTime: 10.6, endTime: 21.6, title: "Cold open" });
  });

  it("in a build, starts every clip on the mp3 frame grid, each gap at most one frame longer than asked", () => {
    const { plan } = compiled();
    const pieces = plan.requests.map((request, i) => ({ request, path: `/audio/${i}`, durationMs: 10_007 + i * 13 }));
    const exact = timeline(pieces, SETTINGS);
    const line = timeline(pieces, SETTINGS, true);
    const frameMs = (1152 * 1000) / 44_100;
    line.clips.forEach((clip, i) => {
      // On the grid, to the millisecond its start is rounded up to.
      const frame = Math.floor(clip.startMs / frameMs);
      expect(clip.startMs - frame * frameMs).toBeLessThan(1);
      expect(clip.gapAfterMs - exact.clips[i]!.gapAfterMs).toBeGreaterThanOrEqual(0);
      expect(clip.gapAfterMs - exact.clips[i]!.gapAfterMs).toBeLessThan(frameMs + 1);
    });
    expect(line.clips.at(-1)!.gapAfterMs).toBe(0);
  });

  it("levels each clip on its own to the target, a quiet one raised 20 dB at most, and the rest of the episode in half-decibel steps", () => {
    const clip = (lufs: number, peak: number) => ({ momentary: [lufs, lufs], shortTerm: [lufs], truePeakDbtp: peak });
    const target = { integratedLufs: -16, truePeakDbtp: -1, loudnessRange: 11 };
    const made = levels([clip(-20, -8), clip(-30, -20), clip(-50, -40), { momentary: [], shortTerm: [], truePeakDbtp: null }], target);
    expect(made.filters).toEqual(["volume=4.00dB", "volume=14.00dB", "volume=20.00dB", "anull"]);
    expect(made.episodeGainDb).toBe(0);
    expect(made.before?.integratedLufs).toBeCloseTo(-22.6, 1);
    // A clip whose gain would push its peaks over the limit is held under it.
    expect(levels([clip(-20, -2)], target).filters[0]).toMatch(/^volume=4\.00dB,alimiter=/);
  });

  it("writes the title page's tags and the chapters for ffmpeg, escaping what its format reserves", () => {
    const { plan, tags } = compiled();
    expect(tags).toEqual({ title: "Night Lines; Part = 2", series: "After #Hours", author: "Mara Quinn", episode: "07" });
    const pieces = plan.requests.map((request, i) => ({ request, path: `/audio/${i}`, durationMs: 5000 }));
    const text = ffmetadata(tags, chapters(timeline(pieces, SETTINGS)));
    expect(text.split("\n").slice(0, 7)).toEqual([
      ";FFMETADATA1",
      "title=Night Lines\\; Part \\= 2",
      "album=After \\#Hours",
      "artist=Mara Quinn",
      "album_artist=Mara Quinn",
      "track=7",
      "genre=Podcast",
    ]);
    expect(text).toContain("[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=5600\ntitle=Opening\n");
  });
});

describe("lyrics and transcripts", () => {
  it("shows lyrics a section at a time, never more than two lines, without the section markers", () => {
    expect(lyricGroups("[Intro]\n[Verse]\nOne line\nTwo lines\nThree lines\n\n[Chorus]\nFour\n")).toEqual([
      ["One line", "Two lines"],
      ["Three lines"],
      ["Four"],
    ]);
  });

  it("writes WebVTT with voices, SRT with names, and the Podcasting 2.0 JSON transcript", () => {
    const cues = [
      { startMs: 0, endMs: 1500, speaker: "HOST", text: "Fish & chips <3 --> now", kind: "speech" as const },
      { startMs: 3_600_000, endMs: 3_601_250, text: "One line\nTwo lines", kind: "lyrics" as const },
    ];
    expect(webVtt(cues)).toBe(
      "WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.500\n<v HOST>Fish &amp; chips &lt;3 --&gt; now\n\n2\n01:00:00.000 --> 01:00:01.250\n<i>♪ One line\nTwo lines ♪</i>\n",
    );
    expect(srt(cues)).toBe("1\n00:00:00,000 --> 00:00:01,500\nHOST: Fish & chips <3 --> now\n\n2\n01:00:00,000 --> 01:00:01,250\n♪ One line\nTwo lines ♪\n");
    expect(JSON.parse(transcriptJson(cues))).toEqual({
      version: "1.0.0",
      segments: [
        { speaker: "HOST", startTime: 0, endTime: 1.5, body: "Fish & chips <3 --> now" },
        { startTime: 3600, endTime: 3601.25, body: "♪ One line\nTwo lines ♪" },
      ],
    });
  });
});

describe("loudness correction", () => {
  const target = { integratedLufs: -16, truePeakDbtp: -1, loudnessRange: 11 };
  const summary = (i: string, lra: string, peak: string) =>
    `[Parsed_ebur128_0 @ 0x1] Summary:\n\n  Integrated loudness:\n    I:         ${i} LUFS\n    Threshold: -30.1 LUFS\n\n  Loudness range:\n    LRA:        ${lra} LU\n    Threshold: -40.0 LUFS\n\n  True peak:\n    Peak:       ${peak} dBFS\n`;

  it("keeps the dynamics with one gain when the true peak allows it", () => {
    expect(normalisation(loudnessOf(summary("-20.0", "6.0", "-6.0")), target)).toBe("volume=4.00dB");
  });

  it("holds the peaks under the limit when the gain would push them over", () => {
    expect(normalisation(loudnessOf(summary("-20.0", "6.0", "-2.0")), target)).toMatch(/^volume=4\.00dB,alimiter=limit=0\.8414:level=false/);
  });

  it("keeps a range wider than the target as it is (levelling never narrows it), and leaves silence alone", () => {
    expect(normalisation(loudnessOf(summary("-20.0", "14.0", "-6.0")), target)).toBe("volume=4.00dB");
    expect(normalisation(loudnessOf(summary("-70.0", "0.0", "-inf")), target)).toBe("anull");
  });
});
