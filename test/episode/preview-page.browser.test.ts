import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findFfmpeg, runFfmpeg } from "../../src/episode/ffmpeg.js";
import { previewPage, type PreviewEpisode } from "../../src/episode/preview-page.js";
import { PLACE_KEY_PREFIX } from "../../src/episode/preview-page/script.js";

// The preview page as a listener uses it: opened from file:// in a real chromium (Debian's, headless), with real MP3s
// of known lengths beside it. Playing moves the highlight, clicking a line or a chapter seeks, the keyboard works, the
// takes play one at a time, the speed and the place survive a reload, hostile text stays text, and the page asks
// nothing of the network.
// CI installs chromium and ffmpeg (.ci/run) and requires this test; elsewhere it runs when both are there.

const CHROMIUM = process.env.PODC_CHROMIUM ?? "/usr/bin/chromium";
const hasChromium = existsSync(CHROMIUM);
const ffmpeg = findFfmpeg();
const required = process.env.PODC_REQUIRE_CHROMIUM === "1";
const missing = [hasChromium ? "" : "chromium (apt-get install chromium, or set PODC_CHROMIUM)", ffmpeg ? "" : "ffmpeg (apt-get install ffmpeg)"].filter(
  Boolean,
);

const HOSTILE = `</script><script>alert(1)</script><!-- & "quoted" <b>bold</b>`;

const EPISODE: PreviewEpisode = {
  title: `The Keepers ${HOSTILE}`,
  audio: "the keepers #7.mp3",
  durationMs: 12_000,
  chapters: [
    { startMs: 0, title: "Cold open", kind: "section" },
    { startMs: 4000, title: `Waltz ${HOSTILE}`, kind: "song" },
    { startMs: 7500, title: "The last night", kind: "section" },
  ],
  cues: [
    { startMs: 0, endMs: 1500, speaker: "HOST", text: "Some jobs disappear slowly.", kind: "speech" },
    { startMs: 1800, endMs: 3500, speaker: "GUEST", text: HOSTILE, kind: "speech" },
    { startMs: 4000, endMs: 7000, text: "Ninety-nine steps to the lamp room\nNinety-nine steps back down", kind: "lyrics" },
    { startMs: 7500, endMs: 9000, speaker: "HOST", text: "Tell me about the last night.", kind: "speech" },
    { startMs: 9200, endMs: 11_500, speaker: "GUEST", text: "Everything is personal at three in the morning.", kind: "speech" },
  ],
  songs: [
    {
      title: `Waltz ${HOSTILE}`,
      startMs: 4000,
      pick: 2,
      takes: [
        { label: "Take 1", audio: "takes/waltz.take-1.mp3", durationMs: 3000 },
        { label: "Take 2", audio: "takes/waltz.take-2.mp3", durationMs: 4000 },
      ],
    },
  ],
};

/**
 * Waits until `expression` is true in `tab`. Asked from outside through the debugging protocol: the page's content
 * security policy forbids the string evaluation playwright's own waitForFunction does inside the page.
 */
async function waitUntil(tab: Page, expression: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (!(await tab.evaluate(expression))) {
    if (Date.now() > deadline) throw new Error(`still false after 120 s: ${expression}; the page then: ${await pageState(tab)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The main player's state and what the page keeps, for a failure to say what the page was doing. */
async function pageState(tab: Page): Promise<string> {
  return tab.evaluate(`JSON.stringify((() => {
    const a = document.getElementById("player");
    let kept;
    try { kept = Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)])); } catch (e) { kept = String(e); }
    return { url: location.href, readyState: a.readyState, networkState: a.networkState, currentTime: a.currentTime, duration: a.duration,
      paused: a.paused, seeking: a.seeking, error: a.error && a.error.code, kept };
  })())`);
}

/** An MP3 of a quiet tone lasting `ms`. */
async function tone(path: string, ms: number, hz: number): Promise<void> {
  mkdirSync(dirname(path), { recursive: true });
  await runFfmpeg(ffmpeg!, [
    "-loglevel",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    `sine=frequency=${hz}:duration=${ms / 1000}`,
    "-af",
    "volume=0.1",
    "-ac",
    "1",
    "-b:a",
    "32k",
    path,
  ]);
}

describe.runIf((hasChromium && ffmpeg !== undefined) || required)(
  `the preview page in chromium${missing.length ? ` (missing: ${missing.join(", ")})` : ""}`,
  () => {
    let dir: string;
    let browser: BrowserContext;
    let page: Page;
    const requests: string[] = [];
    const problems: string[] = [];
    const dialogs: string[] = [];
    const js = <T>(expression: string) => page.evaluate<T>(expression);
    const current = () => js<number[]>(`[...document.querySelectorAll(".cue button[aria-current]")].map((b) => Number(b.dataset.index))`);
    const until = (expression: string) => waitUntil(page, expression);
    const time = () => js<number>(`document.getElementById("player").currentTime`);
    /** Whether the page whose path `pathname` evaluates to has kept `at` (seconds) as its place, asked in a page of its origin. */
    const keptAt = (pathname: string, at: number) =>
      `Math.abs(JSON.parse(localStorage.getItem(${JSON.stringify(PLACE_KEY_PREFIX)} + ${pathname}) || "{}").at - ${at}) < 0.01`;
    /** Whether this page has kept `at` as its place, in its own copy of the storage. */
    const kept = (at: number) => keptAt("location.pathname", at);

    /**
     * Waits until the page has kept `at` as its place, and until a tab of its own sees it too, before a test reloads.
     * Chromium hands a page's storage writes to the browser after the page has made them, and a reload may come back in
     * another renderer that reads the browser's copy: twice, under the whole suite's load (with Debian's chromium 156),
     * both reload tests found the place of an earlier write or none after the reload, although the page had its own.
     * A second tab reads the browser's copy, which is what a reload reads.
     */
    async function keptForReload(at: number): Promise<void> {
      await until(kept(at));
      const pathname = pathToFileURL(join(dir, "index.html")).pathname;
      const probe = await browser.newPage();
      try {
        await probe.goto(pathToFileURL(join(dir, "probe.html")).href);
        await waitUntil(probe, keptAt(JSON.stringify(pathname), at));
      } finally {
        await probe.close();
      }
    }

    /** Opens `file` in a fresh tab that records every request, console error, page error and dialog. */
    async function open(file: string, hash = ""): Promise<Page> {
      const tab = await browser.newPage();
      tab.on("request", (request) => requests.push(request.url()));
      tab.on("requestfailed", (request) => {
        // A seek makes the media player drop the read it had under way and start another: aborted, not missing.
        const error = request.failure()?.errorText ?? "";
        if (!(request.resourceType() === "media" && error === "net::ERR_ABORTED")) problems.push(`request failed: ${request.url()} ${error}`);
      });
      tab.on("console", (message) => {
        if (message.type() === "error" || message.type() === "warning") problems.push(`console ${message.type()}: ${message.text()}`);
      });
      tab.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      tab.on("dialog", (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await tab.goto(pathToFileURL(file).href + hash);
      return tab;
    }

    beforeAll(async () => {
      expect(missing, `needed for this test: ${missing.join(", ")}`).toEqual([]);
      dir = mkdtempSync(join(tmpdir(), "podc-preview-"));
      await tone(join(dir, EPISODE.audio), EPISODE.durationMs, 220);
      await tone(join(dir, "takes", "waltz.take-1.mp3"), 3000, 330);
      await tone(join(dir, "takes", "waltz.take-2.mp3"), 4000, 440);
      writeFileSync(join(dir, "index.html"), previewPage(EPISODE));
      // A page of the same origin with nothing on it, from which a test reads what the browser keeps (keptForReload).
      writeFileSync(join(dir, "probe.html"), "<!doctype html><title>probe</title>");
      browser = await chromium.launchPersistentContext(join(dir, "profile"), {
        executablePath: CHROMIUM,
        headless: true,
        args: [
          "--no-sandbox",
          "--disable-gpu",
          "--disable-quic",
          "--no-first-run",
          "--disable-background-networking",
          "--disable-component-update",
          "--disable-sync",
          "--autoplay-policy=no-user-gesture-required",
        ],
        viewport: { width: 1000, height: 700 },
      });
      page = await open(join(dir, "index.html"));
      // The episode's audio, named with a space and a #, is found beside the page.
      await until(`document.getElementById("player").readyState >= 1`);
    }, 300_000);

    afterAll(async () => {
      await browser?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it("loads the episode's audio from beside the page", async () => {
      expect(await js<number>(`document.getElementById("player").duration`)).toBeCloseTo(12, 0);
    });

    it("highlights exactly the cue the time is in, and none between cues", async () => {
      for (const [k, cue] of EPISODE.cues.entries()) {
        await js(`document.getElementById("player").currentTime = ${(cue.startMs + cue.endMs) / 2000}`);
        await until(`document.querySelector('.cue button[data-index="${k}"]').hasAttribute("aria-current")`);
        expect(await current()).toEqual([k]);
      }
      // 1.6 s is after the first line ends and before the second begins.
      await js(`document.getElementById("player").currentTime = 1.6`);
      await until(`document.querySelectorAll(".cue button[aria-current]").length === 0`);
      expect(await current()).toEqual([]);
    });

    it("moves the highlight to the next line as the audio plays on", async () => {
      await js(`(async () => { const a = document.getElementById("player"); a.muted = true; a.currentTime = 1; await a.play(); })()`);
      expect(await js<boolean>(`document.getElementById("player").paused`)).toBe(false);
      // The highlight and the time read at one instant: the line lit is the one the time is in.
      const seen = `({ cues: [...document.querySelectorAll(".cue button[aria-current]")].map((b) => Number(b.dataset.index)), at: document.getElementById("player").currentTime })`;
      let now = await js<{ cues: number[]; at: number }>(seen);
      while (!now.cues.includes(1)) {
        expect(now.at, "the audio played past the second line without lighting it").toBeLessThan(3.5);
        now = await js<{ cues: number[]; at: number }>(seen);
      }
      expect(now.cues).toEqual([1]);
      expect(now.at).toBeGreaterThanOrEqual(1.8);
      expect(now.at).toBeLessThan(3.5);
      await js(`document.getElementById("player").pause()`);
    });

    it("plays from a line that is clicked", async () => {
      await page.click('.cue button[data-index="3"]');
      await until(`document.querySelector('.cue button[data-index="3"]').hasAttribute("aria-current")`);
      const at = await time();
      expect(at).toBeGreaterThanOrEqual(7.5);
      expect(at).toBeLessThan(9);
      expect(await current()).toEqual([3]);
      expect(await js<boolean>(`document.getElementById("player").paused`)).toBe(false);
      await js(`document.getElementById("player").pause()`);
    });

    it("plays from a chapter that is clicked, and names it as the one playing", async () => {
      await page.getByRole("button", { name: /Waltz/ }).first().click();
      await until(`document.querySelectorAll(".chapter-list button")[1].hasAttribute("aria-current")`);
      const at = await time();
      expect(at).toBeGreaterThanOrEqual(4);
      expect(at).toBeLessThan(5.5);
      expect(await js<string>(`document.getElementById("now-chapter").textContent`)).toBe(`Now: Waltz ${HOSTILE}`);
      await js(`document.getElementById("player").pause()`);
    });

    it("is usable from the keyboard: one tab stop, the arrows along the lines, Enter to play", async () => {
      await js(`document.getElementById("player").pause()`);
      await page.focus('.cue button[data-index="0"]');
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("ArrowDown");
      expect(await js<string>(`document.activeElement.dataset.index`)).toBe("2");
      expect(await js<number>(`document.querySelectorAll('.cue button[tabindex="0"]').length`)).toBe(1);
      await page.keyboard.press("Enter");
      await until(`document.querySelector('.cue button[data-index="2"]').hasAttribute("aria-current")`);
      const at = await time();
      expect(at).toBeGreaterThanOrEqual(4);
      expect(at).toBeLessThan(5.5);
      await page.keyboard.press("k");
      expect(await js<boolean>(`document.getElementById("player").paused`)).toBe(true);
    });

    it("lists each song's takes with a player each, the picked one marked, and plays one at a time", async () => {
      const takes = await js<{ label: string; picked: boolean; badge: string; duration: number }[]>(`
      Promise.all([...document.querySelectorAll(".take")].map(async (take) => {
        const audio = take.querySelector("audio");
        if (audio.readyState < 1) await new Promise((resolve) => audio.addEventListener("loadedmetadata", resolve, { once: true }));
        return { label: take.querySelector(".take-label").firstChild.textContent.trim(), picked: take.classList.contains("picked"), badge: take.querySelector(".badge")?.textContent ?? "", duration: audio.duration };
      }))`);
      expect(takes.map((t) => [t.label, t.picked, t.badge])).toEqual([
        ["Take 1", false, ""],
        ["Take 2", true, "in the episode"],
      ]);
      expect(takes[0]!.duration).toBeCloseTo(3, 0);
      expect(takes[1]!.duration).toBeCloseTo(4, 0);
      // Starting a take stops the episode, and starting the other take stops the first.
      await js(
        `(async () => { const players = [...document.querySelectorAll("audio")]; for (const p of players) p.muted = true; await players[0].play(); await players[1].play(); })()`,
      );
      await until(`document.getElementById("player").paused`);
      await js(`document.querySelectorAll(".take audio")[1].play()`);
      await until(`document.querySelectorAll(".take audio")[0].paused`);
      expect(await js<boolean[]>(`[...document.querySelectorAll("audio")].map((a) => a.paused)`)).toEqual([true, true, false]);
      await js(`document.querySelectorAll(".take audio")[1].pause()`);
    });

    it("shows hostile text from the script as text, and runs none of it", async () => {
      expect(await js<string>(`document.querySelector("h1").textContent`)).toBe(`The Keepers ${HOSTILE}`);
      expect(await js<string>(`document.title`)).toBe(`The Keepers ${HOSTILE}`);
      expect(await js<string>(`document.querySelector('.cue button[data-index="1"] .text').textContent`)).toBe(HOSTILE);
      expect(await js<number>(`document.scripts.length`)).toBe(2);
      expect(dialogs).toEqual([]);
    });

    it("keeps a long episode's highlight exact, and follows it down the page until the listener scrolls away", async () => {
      const cues = Array.from({ length: 4000 }, (_, i) => ({
        startMs: i * 150,
        endMs: i * 150 + 140,
        speaker: i % 2 ? "GUEST" : "HOST",
        text: `Line ${i}`,
        kind: "speech" as const,
      }));
      await tone(join(dir, "long.mp3"), 600_000, 220);
      const long: PreviewEpisode = {
        ...EPISODE,
        title: "Long",
        audio: "long.mp3",
        durationMs: 600_000,
        cues,
        chapters: [{ startMs: 0, title: "All", kind: "section" }],
        songs: [],
      };
      writeFileSync(join(dir, "long.html"), previewPage(long));
      const tab = await open(join(dir, "long.html"));
      try {
        await waitUntil(tab, `document.getElementById("player").readyState >= 1`);
        for (const k of [0, 1234, 3999]) {
          await tab.evaluate(`document.getElementById("player").currentTime = ${(k * 150 + 70) / 1000}`);
          await waitUntil(tab, `document.querySelector('.cue button[data-index="${k}"]').hasAttribute("aria-current")`);
          expect(await tab.evaluate(`[...document.querySelectorAll(".cue button[aria-current]")].map((b) => Number(b.dataset.index))`)).toEqual([k]);
        }
        const playing = `document.querySelector(".cue button[aria-current]")`;
        const inView = `(() => { const b = ${playing}?.getBoundingClientRect(); return !!b && b.top >= document.querySelector(".bar").offsetHeight && b.bottom <= innerHeight; })()`;
        const index = async () => Number(await tab.evaluate(`${playing}?.dataset.index ?? -1`));
        // Playing from line 2000, far below the top: the page scrolls the playing line into view and keeps it there.
        await tab.evaluate(`(async () => { const a = document.getElementById("player"); a.muted = true; a.currentTime = 300.07; await a.play(); })()`);
        await waitUntil(tab, inView);
        const first = await index();
        await waitUntil(tab, `Number(${playing}?.dataset.index) >= ${first + 3}`);
        await waitUntil(tab, inView);
        // The listener scrolls up by hand: the page stops following and offers to follow again.
        await tab.mouse.move(500, 400);
        for (let tick = 0; tick < 5; tick++) await tab.mouse.wheel(0, -800);
        await waitUntil(tab, `!document.getElementById("follow").hidden`);
        const scrolled = await index();
        await waitUntil(tab, `Number(${playing}?.dataset.index) >= ${scrolled + 3}`);
        expect(await tab.evaluate(inView)).toBe(false);
        await tab.click("#follow");
        await waitUntil(tab, inView);
        expect(await tab.evaluate(`document.getElementById("follow").hidden`)).toBe(true);
        await tab.evaluate(`document.getElementById("player").pause()`);
      } finally {
        // Closing the tab aborts its media loads: that is not the page's doing.
        tab.removeAllListeners();
        await tab.close();
      }
    });

    it("keeps a place the listener moved to while paused, however near the place kept before", async () => {
      await js(`(() => { const a = document.getElementById("player"); a.pause(); a.currentTime = 5; })()`);
      await until(`Math.abs(document.getElementById("player").currentTime - 5) < 0.01 && !document.getElementById("player").seeking`);
      await js(`document.getElementById("player").currentTime = 5.5`);
      await until(`!document.getElementById("player").seeking`);
      await keptForReload(5.5);
      await page.reload();
      await until(`document.getElementById("player").readyState >= 1 && document.getElementById("player").currentTime > 0`);
      expect(await time()).toBeCloseTo(5.5, 1);
    });

    it("keeps the listening speed and the place across a reload, and opens at #t= when asked", async () => {
      await page.selectOption("#speed", "1.5");
      expect(await js<number[]>(`[...document.querySelectorAll("audio")].map((a) => a.playbackRate)`)).toEqual([1.5, 1.5, 1.5]);
      await js(`(() => { const a = document.getElementById("player"); a.pause(); a.currentTime = 7.6; })()`);
      await until(`document.querySelector('.cue button[data-index="3"]').hasAttribute("aria-current")`);
      await js(`document.getElementById("player").pause()`);
      await keptForReload(7.6);
      await page.reload();
      await until(`document.querySelector('.cue button[data-index="3"]').hasAttribute("aria-current")`);
      expect(await time()).toBeCloseTo(7.6, 1);
      expect(await js<number>(`document.getElementById("player").playbackRate`)).toBe(1.5);
      expect(await js<string>(`document.getElementById("speed").value`)).toBe("1.5");
      await page.selectOption("#speed", "1");
      const tab = await open(join(dir, "index.html"), "#t=9.5");
      try {
        await waitUntil(tab, `document.querySelector('.cue button[data-index="4"]').hasAttribute("aria-current")`);
        expect(await tab.evaluate(`document.getElementById("player").currentTime`)).toBeCloseTo(9.5, 1);
      } finally {
        await tab.close();
      }
    });

    it("names an audio file missing from beside the page, and what brings it back", async () => {
      const moved: PreviewEpisode = {
        ...EPISODE,
        audio: "gone.mp3",
        songs: [{ ...EPISODE.songs[0]!, takes: [...EPISODE.songs[0]!.takes, { label: "Take 3", audio: "takes/gone.take-3.mp3" }] }],
      };
      writeFileSync(join(dir, "moved.html"), previewPage(moved));
      // Its own tab: the failed loads are what this test expects, not problems of the page.
      const tab = await browser.newPage();
      try {
        await tab.goto(pathToFileURL(join(dir, "moved.html")).href);
        await waitUntil(tab, `document.querySelectorAll(".missing").length === 2`);
        const notes = await tab.evaluate<string[]>(`[...document.querySelectorAll(".missing")].map((p) => p.textContent)`);
        expect(notes).toEqual([
          "Cannot play gone.mp3: keep this page in its folder beside the audio, or run podc build again.",
          "Cannot play gone.take-3.mp3: keep this page in its folder beside the audio, or run podc build again.",
        ]);
        expect(await tab.evaluate(`document.querySelector(".take:last-child .missing") !== null`)).toBe(true);
      } finally {
        await tab.close();
      }
    });

    it("asks nothing of the network and logs no error", () => {
      expect(requests.length).toBeGreaterThan(0);
      expect(requests.filter((url) => !url.startsWith("file://"))).toEqual([]);
      expect(problems).toEqual([]);
    });
  },
);
