import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { XMLParser } from "fast-xml-parser";
import { parseFeed } from "podcast-partytime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AI_DISCLOSURE } from "../../src/publish/feed.js";
import { podcastGuid } from "../../src/publish/guid.js";
import { FFMPEG_AVAILABLE, FFMPEG_REQUIRED, SHELL_ENV } from "../episode/helpers.js";
import { podc } from "../run/helpers.js";
import { builtRepository, PODCAST, png, SHOWN_TITLE } from "./helpers.js";

// `podc publish` as a writer uses it: a repository from `podc init` with two episodes built by the local service,
// published, and the feed read back by an independent podcast-feed parser (podcast-partytime, which knows the
// Podcasting 2.0 tags) and by an XML parser. Then what must never change does not: a new Pick, a rebuild and a
// renamed script keep every guid; and a wrong cover is one error, with nothing written.

type Lock = { podcastGuid: string; episodes: { script: string; title: string; guid: string; published: string }[] };

describe.skipIf(!FFMPEG_AVAILABLE && !FFMPEG_REQUIRED)("podc publish", () => {
  const made: string[] = [];
  let dir = "";
  let feedText = "";
  const site = (...parts: string[]) => join(dir, "site", ...parts);
  const lock = () => JSON.parse(readFileSync(join(dir, "podcast.lock.json"), "utf8")) as Lock;

  beforeAll(async () => {
    dir = await builtRepository(made);
    const published = await podc(["publish", "--local"], dir, SHELL_ENV);
    expect(published.code, published.stderr).toBe(0);
    expect(published.stderr).toContain("2 episodes, 1 draft left out; 2 new guids in podcast.lock.json (commit it)");
    feedText = readFileSync(site("feed.xml"), "utf8");
  }, 240_000);

  afterAll(() => {
    for (const path of made) rmSync(path, { recursive: true, force: true });
  });

  it("writes a feed an independent podcast parser reads with the itunes and Podcasting 2.0 tags", () => {
    const feed = parseFeed(feedText)!;
    expect(feed).not.toBeNull();
    expect(feed.title).toBe(PODCAST.title);
    expect(feed.description).toBe(PODCAST.description);
    expect(feed.language).toBe("en");
    expect(feed.explicit).toBe(false);
    expect(feed.itunesCategory).toEqual(["Fiction > Drama", "Arts > Performing Arts"]);
    expect(feed.itunesImage ?? feed.image?.url).toBe("https://example.github.io/night-shift/artwork.png");
    expect(feed.guid).toBe(podcastGuid("https://example.github.io/night-shift/feed.xml"));
    expect(feed.podcastTxt).toEqual([{ purpose: "ai-content", value: AI_DISCLOSURE }]);
    expect(feed.items.map((i) => i.title).sort()).toEqual([SHOWN_TITLE, "Welcome to podc"].sort());

    for (const item of feed.items) {
      const name = item.title === "Welcome to podc" ? "welcome" : "second";
      const base = `https://example.github.io/night-shift/episodes/${name}/`;
      // The enclosure is the file on the site, its length the file's own, its duration the audio's.
      expect(item.enclosure.url).toBe(`${base}${name}.mp3`);
      expect(item.enclosure.type).toBe("audio/mpeg");
      expect(item.enclosure.length).toBe(statSync(site("episodes", name, `${name}.mp3`)).size);
      expect(item.duration).toBeGreaterThan(1);
      expect(item.guid).toBe(lock().episodes.find((e) => e.script === `episodes/${name}.pod`)!.guid);
      expect(item.podcastTranscripts?.map((t) => [t.url, t.type, t.language])).toEqual([
        [`${base}${name}.vtt`, "text/vtt", "en"],
        [`${base}${name}.srt`, "application/srt", "en"],
        [`${base}${name}.transcript.json`, "application/json", "en"],
      ]);
      expect(item.podcastChapters).toMatchObject({ url: `${base}${name}.chapters.json`, type: "application/json+chapters" });
      expect(item.podcastPeople?.map((p) => [p.name, p.role, p.group])).toEqual([
        ["Ethan", "Host", "Cast"],
        ["Victoria", "Guest", "Cast"],
      ]);
      expect(item.alternativeEnclosures?.map((a) => [a.type, a.length, a.source[0]?.uri])).toEqual([
        ["audio/ogg", statSync(site("episodes", name, `${name}.opus`)).size, `${base}${name}.opus`],
      ]);
      expect(item.podcastTxt).toEqual([{ purpose: "ai-content", value: AI_DISCLOSURE }]);
      expect(item.description).toContain(AI_DISCLOSURE);
      // Every file the feed names is on the site.
      for (const url of [item.enclosure.url, ...(item.podcastTranscripts ?? []).map((t) => t.url), item.podcastChapters!.url])
        expect(existsSync(site(...url.replace("https://example.github.io/night-shift/", "").split("/")))).toBe(true);
    }
    const second = feed.items.find((i) => i.title !== "Welcome to podc")!;
    expect(second.podcastSeason?.number).toBe(1);
    expect(second.podcastEpisode?.number).toBe(2);
    expect(second.pubDate?.toISOString()).toBe("2026-11-30T12:00:00.000Z");
  });

  it("escapes script text in the XML: an XML parser reads back every character of the title but the control one", () => {
    const xml = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(feedText) as {
      rss: { channel: { item: { title: string; description: string; "itunes:duration": string }[] } };
    };
    const titles = xml.rss.channel.item.map((i) => i.title);
    expect(titles).toContain(SHOWN_TITLE);
    expect(feedText).not.toContain("<Last>");
    expect(feedText).not.toContain("]]>");
    const second = xml.rss.channel.item.find((i) => i.title.startsWith("Second"))!;
    expect(second.description).toBe(`Two voices & a question <b>not bold</b>. ${AI_DISCLOSURE}`);
  });

  it("writes the index page, each episode's page and every file they use, and leaves the draft out", () => {
    const index = readFileSync(site("index.html"), "utf8");
    expect(index).toContain("Second &amp; &lt;Last&gt; ]]&gt; &quot;episode&quot;");
    expect(index).not.toContain("Not yet");
    expect(existsSync(site("episodes", "draft"))).toBe(false);
    for (const name of ["welcome", "second"]) {
      for (const file of ["index.html", `${name}.mp3`, `${name}.opus`, `${name}.vtt`, `${name}.srt`, `${name}.transcript.json`, `${name}.chapters.json`])
        expect(existsSync(site("episodes", name, file)), `${name}/${file}`).toBe(true);
      expect(readFileSync(site("episodes", name, "index.html"), "utf8")).toContain('href="../../feed.xml"');
    }
    expect(existsSync(site("artwork.png"))).toBe(true);
  });

  it("keeps every guid through a new Pick, a rebuild and a renamed script", async () => {
    const before = lock();
    const guidsBefore = new Map(before.episodes.map((e) => [e.title, e.guid]));
    // A new take of the song in the welcome episode: another mp3, another length, the same episode.
    const welcome = join(dir, "episodes", "welcome.pod");
    writeFileSync(welcome, readFileSync(welcome, "utf8").replace("SONG: First Light\n", "SONG: First Light\nPick: 2\n"));
    expect((await podc(["build", "--local", "episodes/welcome.pod"], dir, SHELL_ENV)).code).toBe(0);
    // The second episode's script renamed: a new file name, a new folder, the same episode.
    renameSync(join(dir, "episodes", "second.pod"), join(dir, "episodes", "the-second.pod"));
    expect((await podc(["run", "--local", "episodes/the-second.pod"], dir, SHELL_ENV)).code).toBe(0);
    const again = await podc(["publish", "--local"], dir, SHELL_ENV);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toContain("new guid");
    const after = lock();
    expect(after.podcastGuid).toBe(before.podcastGuid);
    expect(new Map(after.episodes.map((e) => [e.title, e.guid]))).toEqual(guidsBefore);
    expect(after.episodes.map((e) => e.published)).toEqual(before.episodes.map((e) => e.published));
    expect(after.episodes.find((e) => e.guid === guidsBefore.get(SHOWN_TITLE))?.script).toBe("episodes/the-second.pod");
    const feed = parseFeed(readFileSync(site("feed.xml"), "utf8"))!;
    expect(new Set(feed.items.map((i) => i.guid))).toEqual(new Set(guidsBefore.values()));
    expect(existsSync(site("episodes", "second"))).toBe(false);
    expect(existsSync(site("episodes", "the-second", "the-second.mp3"))).toBe(true);
  }, 300_000);

  it("refuses a cover of the wrong size: one error at podc.json's artwork, with its help, and nothing written", async () => {
    const feedBefore = readFileSync(site("feed.xml"), "utf8");
    const lockBefore = readFileSync(join(dir, "podcast.lock.json"), "utf8");
    png(join(dir, "artwork.png"), 1200, 800);
    const refused = await podc(["publish", "--local"], dir, SHELL_ENV);
    expect(refused.code).toBe(1);
    expect(refused.stderr.match(/error POD\d+/g)).toEqual(["error POD0804"]);
    expect(refused.stderr).toContain("podc.json:");
    expect(refused.stderr).toContain("the artwork is 1200 × 800 pixels: directories ask for a square of 1400 to 3000 pixels");
    expect(refused.stderr).toContain("help: export a square of 1400 to 3000 pixels");
    expect(refused.stderr).toContain("nothing was written");
    expect(readFileSync(site("feed.xml"), "utf8")).toBe(feedBefore);
    expect(readFileSync(join(dir, "podcast.lock.json"), "utf8")).toBe(lockBefore);
    png(join(dir, "artwork.png"), 1400, 1400);
  });

  it("never replaces a folder it did not write", async () => {
    writeFileSync(join(dir, "notes.txt"), "mine");
    const refused = await podc(["publish", "--local", "--site", "."], dir, SHELL_ENV);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("holds files podc publish did not write");
    expect(readFileSync(join(dir, "notes.txt"), "utf8")).toBe("mine");
  });
});

describe("the podcast's guid", () => {
  it("is the Podcasting 2.0 UUID v5 of the feed's address without its scheme", () => {
    // The example of the namespace's documentation.
    expect(podcastGuid("https://mp3s.nashownotes.com/pc20rss.xml")).toBe("917393e3-1b1e-5cef-ace4-edaa54e1f810");
    expect(podcastGuid("http://mp3s.nashownotes.com/pc20rss.xml/")).toBe("917393e3-1b1e-5cef-ace4-edaa54e1f810");
  });
});
