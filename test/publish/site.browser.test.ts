import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FFMPEG_AVAILABLE, SHELL_ENV } from "../episode/helpers.js";
import { podc } from "../run/helpers.js";
import { builtRepository, SHOWN_TITLE } from "./helpers.js";

// The published site as a listener meets it: opened in a real chromium (Debian's, headless) from the folder podc
// publish wrote, with episodes built by the local service. The index shows the cover and links each episode; an
// episode's page plays its audio with the transcript following it; the feed link leads to the feed.
// CI installs chromium and ffmpeg (.ci/run) and requires this test; elsewhere it runs when both are there.

const CHROMIUM = process.env.PODC_CHROMIUM ?? "/usr/bin/chromium";
const available = existsSync(CHROMIUM) && FFMPEG_AVAILABLE;
const required = process.env.PODC_REQUIRE_CHROMIUM === "1";

/** Waits until `expression` is true in `tab`, asked through the debugging protocol (the pages' policy forbids eval). */
async function until(tab: Page, expression: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (!(await tab.evaluate(expression))) {
    if (Date.now() > deadline) throw new Error(`still false after 120 s: ${expression} (at ${tab.url()})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!available && !required)("the published site in chromium", () => {
  const made: string[] = [];
  let browser: BrowserContext | undefined;
  let tab: Page;
  let site = "";

  beforeAll(async () => {
    const dir = await builtRepository(made);
    const published = await podc(["publish", "--local"], dir, SHELL_ENV);
    expect(published.code, published.stderr).toBe(0);
    site = join(dir, "site");
    browser = await chromium.launchPersistentContext(join(dir, "profile"), {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--autoplay-policy=no-user-gesture-required",
      ],
      viewport: { width: 1000, height: 700 },
    });
    tab = await browser.newPage();
    await tab.goto(pathToFileURL(join(site, "index.html")).href);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    for (const path of made) rmSync(path, { recursive: true, force: true });
  });

  it("shows the podcast's cover, its episodes and where to subscribe", async () => {
    await until(tab, `document.querySelector("header img").complete`);
    expect(await tab.evaluate(`document.querySelector("header img").naturalWidth`)).toBe(1400);
    expect(await tab.evaluate(`[...document.querySelectorAll("ol.episodes h2")].map((h) => h.textContent)`)).toEqual(["Welcome to podc", SHOWN_TITLE]);
    expect(await tab.evaluate(`[...document.querySelectorAll(".subscribe a")].map((a) => a.textContent)`)).toEqual([
      "RSS feed",
      "Apple Podcasts",
      "Overcast",
      "Pocket Casts",
      "AntennaPod",
    ]);
  });

  it("opens an episode whose audio plays with the transcript following it", async () => {
    await tab.click("text=Welcome to podc");
    await until(tab, `location.pathname.endsWith("/episodes/welcome/index.html")`);
    await until(tab, `document.getElementById("player").readyState >= 1`);
    expect(await tab.evaluate(`document.getElementById("player").duration`)).toBeGreaterThan(10);
    await tab.evaluate(`(async () => { const a = document.getElementById("player"); a.muted = true; await a.play(); })()`);
    await until(tab, `document.getElementById("player").currentTime > 0.5`);
    expect(await tab.evaluate(`document.getElementById("player").paused`)).toBe(false);
    await until(tab, `document.querySelectorAll(".cue button[aria-current]").length === 1`);
    // Later in the episode, a later line is lit.
    const first = await tab.evaluate(`Number(document.querySelector(".cue button[aria-current]").dataset.index)`);
    await tab.evaluate(`document.getElementById("player").currentTime = document.getElementById("player").duration - 2`);
    await until(tab, `Number(document.querySelector(".cue button[aria-current]")?.dataset.index) > ${String(first)}`);
    await tab.evaluate(`document.getElementById("player").pause()`);
  }, 300_000);

  it("links the episode's page to the feed, which is there", async () => {
    await tab.click("nav.site-links >> text=RSS feed");
    await until(tab, `location.pathname.endsWith("/feed.xml")`);
    expect(await tab.evaluate(`document.documentElement.textContent.includes("The Night Shift")`)).toBe(true);
    expect(await tab.evaluate(`document.getElementsByTagName("podcast:guid").length`)).toBe(1);
  }, 300_000);
});
