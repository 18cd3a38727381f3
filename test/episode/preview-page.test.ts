import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { previewPage, type PreviewEpisode } from "../../src/episode/preview-page.js";
import { clock, isoDuration, relativeUrl, scriptJson } from "../../src/episode/preview-page/html.js";

// The page's HTML as a file: every cue and chapter is in it, and no text from a script can become markup or script.

const HOSTILE = `</script><script>alert(1)</script><!-- & "quoted" 'single' <b>bold</b>`;

function episode(): PreviewEpisode {
  return {
    title: `The Keepers ${HOSTILE}`,
    audio: `my episode #7?.mp3`,
    durationMs: 12_000,
    chapters: [
      { startMs: 0, title: `Cold open ${HOSTILE}`, kind: "section" },
      { startMs: 4000, title: `Waltz ${HOSTILE}`, kind: "song" },
      { startMs: 7500, title: "The last night", kind: "section" },
    ],
    cues: [
      { startMs: 0, endMs: 1500, speaker: "HOST", text: "Some jobs disappear slowly.", kind: "speech" },
      { startMs: 1800, endMs: 3500, speaker: `GUEST ${HOSTILE}`, text: HOSTILE, kind: "speech" },
      { startMs: 4000, endMs: 7000, text: `Ninety-nine steps\n${HOSTILE}`, kind: "lyrics" },
      { startMs: 7500, endMs: 9000, speaker: "HOST", text: "Tell me about the last night.", kind: "speech" },
    ],
    songs: [
      {
        title: `Waltz ${HOSTILE}`,
        startMs: 4000,
        pick: 2,
        takes: [
          { label: "Take 1", audio: "takes/waltz.take-1.mp3", durationMs: 3000 },
          { label: `Take 2 ${HOSTILE}`, audio: `takes/"waltz".take-2.mp3` },
        ],
      },
    ],
  };
}

const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

describe("the preview page's HTML", () => {
  const html = previewPage(episode());

  it("has exactly its own two scripts: hostile text never opens or closes one", () => {
    expect(html.match(/<script\b/gi)).toHaveLength(2);
    expect(html.match(/<\/script/gi)).toHaveLength(2);
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("<b>bold</b>");
    // An HTML comment opened by the text would swallow the rest of the page.
    expect(html).not.toContain("<!--");
  });

  it("shows every chapter, cue, speaker, song and take, escaped", () => {
    const e = episode();
    for (const chapter of e.chapters) expect(html).toContain(escaped(chapter.title));
    for (const cue of e.cues) {
      expect(html).toContain(escaped(cue.text));
      if (cue.speaker) expect(html).toContain(escaped(cue.speaker));
    }
    expect(html.match(/<li class="cue /g)).toHaveLength(e.cues.length);
    expect(html.match(/<li class="cue lyrics"/g)).toHaveLength(1);
    expect(html).toContain(`<title>${escaped(e.title)}</title>`);
    expect(html.match(/<li class="take/g)).toHaveLength(2);
    expect(html).toMatch(/<li class="take picked"><span class="take-label">Take 2 [^<]*&lt;\/script&gt;/);
    expect(html).toContain("in the episode");
    expect(html).toContain("Pick: N");
  });

  it("names its audio by URLs that survive spaces, # and ? in file names", () => {
    expect(html).toContain(`src="my%20episode%20%237%3F.mp3"`);
    expect(html).toContain(`src="takes/%22waltz%22.take-2.mp3"`);
    expect(relativeUrl("takes\\a b.mp3")).toBe("takes/a%20b.mp3");
  });

  it("carries the times as JSON the page reads back exactly", () => {
    const json = /<script type="application\/json" id="episode-data">(.*?)<\/script>/s.exec(html)![1]!;
    expect(JSON.parse(json)).toEqual({
      durationMs: 12_000,
      chapters: [0, 4000, 7500],
      cues: [
        [0, 1500],
        [1800, 3500],
        [4000, 7000],
        [7500, 9000],
      ],
    });
  });

  it("allows its own inline script and style by hash, and nothing from the network", () => {
    const policy = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)![1]!;
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    expect(policy).toContain(`script-src ${hash(script)}`);
    expect(policy).toContain(`style-src ${hash(style)}`);
    expect(policy).toContain("default-src 'none'");
    expect(html).not.toMatch(/(?:src|href)="(?:https?:)?\/\//);
  });

  it("puts cues and chapters given out of order in time order", () => {
    const e = episode();
    const shuffled = previewPage({ ...e, cues: [...e.cues].reverse(), chapters: [...e.chapters].reverse() });
    const texts = [...shuffled.matchAll(/<span class="text">([^<]*)/g)].map((m) => m[1]);
    expect(texts).toEqual(e.cues.map((c) => escaped(c.text)));
    const json = /<script type="application\/json" id="episode-data">(.*?)<\/script>/s.exec(shuffled)![1]!;
    expect(JSON.parse(json).chapters).toEqual([0, 4000, 7500]);
  });

  it("says so when there is nothing to list, and leaves out the takes without songs", () => {
    const empty = previewPage({ title: "Empty", audio: "empty.mp3", durationMs: 0, chapters: [], cues: [], songs: [] });
    expect(empty).toContain("This episode has no chapters.");
    expect(empty).toContain("This episode has no transcript.");
    expect(empty).not.toContain("Songs and their takes");
  });
});

describe("scriptJson", () => {
  it("round-trips any text and never lets it end the script element", () => {
    const value = { text: `${HOSTILE} \u2028 \u2029 <SCRIPT> </ScRiPt >`, list: ["<!--", "-->", "&amp;"] };
    const json = scriptJson(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe("the page's times", () => {
  it("reads as a listener reads a clock, and as HTML's machine-readable durations", () => {
    expect([0, 5_999, 65_000, 3_599_999, 3_725_000].map(clock)).toEqual(["0:00", "0:05", "1:05", "59:59", "1:02:05"]);
    expect([0, 1_500, 65_250].map(isoDuration)).toEqual(["PT0S", "PT1.5S", "PT1M5.25S"]);
  });
});
