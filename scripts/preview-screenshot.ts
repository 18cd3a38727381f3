/*
 * Makes docs/images/preview-page.png: the preview page of examples/lighthouse-keepers.pod, with times estimated from
 * the plan (each turn's words at the configured speaking rate, each song laid out as the emulator renders it) and
 * quiet stand-in audio of those lengths, screenshot in headless chromium while a line in the middle plays.
 *
 *   npx tsx scripts/preview-screenshot.ts          (needs ffmpeg and chromium; PODC_CHROMIUM names another browser)
 *
 * --dark and --phone show the page as a dark-themed or phone-sized screen would; --out writes elsewhere.
 * --measure N opens instead a page of N lines (three seconds each) and prints how long it took to write and to open,
 * and how smoothly it plays: `npx tsx scripts/preview-screenshot.ts --measure 10000`.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { chromium, type Page } from "playwright-core";
import { analyze } from "../src/compile.js";
import { loadConfigFor } from "../src/config/load.js";
import { planSong } from "../src/emulator/audio/song.js";
import { FFMPEG_INSTALL_HINT, findFfmpeg, runFfmpeg } from "../src/episode/ffmpeg.js";
import { previewPage, type PreviewEpisode } from "../src/episode/preview-page.js";
import { spokenMs } from "../src/lower/spoken-length.js";

const ROOT = join(import.meta.dirname, "..");
const SCRIPT = join(ROOT, "examples", "lighthouse-keepers.pod");
const options = parseArgs({ options: { dark: { type: "boolean" }, phone: { type: "boolean" }, out: { type: "string" }, measure: { type: "string" } } }).values;
const OUTPUT = options.out ?? join(ROOT, "docs", "images", "preview-page.png");
const TURN_GAP_MS = 350;

/** The example's episode with estimated times, and the length of every audio file it names. */
function exampleEpisode(): { episode: PreviewEpisode; files: Map<string, number> } {
  const { config } = loadConfigFor(dirname(SCRIPT));
  const analysis = analyze(readFileSync(SCRIPT), { file: "lighthouse-keepers.pod", config });
  if (!analysis.plan) throw new Error("the example no longer checks clean");
  const wpm = config.speech.wordsPerMinute;
  const episode: PreviewEpisode = {
    title: analysis.plan.title ?? "Episode",
    audio: "lighthouse-keepers.mp3",
    durationMs: 0,
    chapters: [],
    cues: [],
    songs: [],
  };
  const files = new Map<string, number>();
  let at = 0;
  let section: string | undefined;
  for (const request of analysis.plan.requests) {
    if (request.origin.section !== undefined && request.origin.section !== section) {
      section = request.origin.section;
      episode.chapters.push({ startMs: at, title: section, kind: "section" });
    }
    if (request.kind === "podcast") {
      for (const [i, turn] of request.body.conversations.entries()) {
        const ms = Math.max(1200, Math.round(spokenMs(turn.text, wpm)));
        episode.cues.push({ startMs: at, endMs: at + ms, speaker: request.speakers[i] ?? turn.voice, text: turn.text, kind: "speech" });
        at += ms + TURN_GAP_MS;
      }
      at += config.build.gapMs;
      continue;
    }
    const title = request.origin.song ?? "Song";
    at += config.build.songGapMs;
    const plan = planSong(request.body.lyrics, request.body.prompt);
    const stanzas = lyricStanzas(request.body.lyrics);
    for (const part of plan.sections.filter((s) => s.lines > 0)) {
      const text = stanzas.shift();
      if (text !== undefined) episode.cues.push({ startMs: at + part.startMs, endMs: at + part.endMs, text, kind: "lyrics" });
    }
    episode.chapters.push({ startMs: at, title, kind: "song" });
    const slug = title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
    const takes = Array.from({ length: request.body.n ?? 2 }, (_, t) => {
      const audio = `takes/${slug}.take-${t + 1}.mp3`;
      // Takes differ in length a little, as two renderings of one song do.
      const durationMs = plan.durationMs + t * 1700;
      files.set(audio, durationMs);
      return { label: `Take ${t + 1}`, audio, durationMs };
    });
    episode.songs.push({ title, startMs: at, pick: request.pick ?? 1, takes });
    at += plan.durationMs + config.build.songGapMs;
  }
  episode.durationMs = at;
  files.set(episode.audio, at);
  return { episode, files };
}

/** A song's sung lines, one text per section that has any, split as the emulator's song plan splits them. */
function lyricStanzas(lyrics: string): string[] {
  const sections: string[][] = [];
  let current: string[] | undefined;
  for (const raw of lyrics.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (/^\[[^\]]+\]$/.test(line)) sections.push((current = []));
    else if (line.length > 0) {
      if (!current) sections.push((current = []));
      current.push(line);
    }
  }
  return sections.filter((lines) => lines.length > 0).map((lines) => lines.join("\n"));
}

async function ffmpeg(args: string[]): Promise<void> {
  const command = findFfmpeg();
  if (!command) throw new Error(`ffmpeg is missing: ${FFMPEG_INSTALL_HINT}`);
  await runFfmpeg(command, ["-loglevel", "error", "-y", ...args]);
}

async function withPage<T>(dir: string, use: (page: Page) => Promise<T>): Promise<T> {
  const browser = await chromium.launchPersistentContext(join(dir, "profile"), {
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
    viewport: options.phone ? { width: 390, height: 844 } : { width: 1100, height: 900 },
    colorScheme: options.dark ? "dark" : "light",
  });
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto(pathToFileURL(join(dir, "index.html")).href);
    return await use(page);
  } finally {
    await browser.close();
  }
}

async function screenshot(dir: string): Promise<void> {
  const { episode, files } = exampleEpisode();
  for (const [file, ms] of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    await ffmpeg(["-f", "lavfi", "-i", `sine=frequency=220:duration=${ms / 1000}`, "-af", "volume=0.05", "-ac", "1", "-b:a", "48k", join(dir, file)]);
  }
  writeFileSync(join(dir, "index.html"), previewPage(episode));
  const raw = join(dir, "shot.png");
  await withPage(dir, async (page) => {
    // A line of the third section, playing: the highlight, the chapter and the scroll position as a listener sees them.
    const shown = episode.cues.findIndex((c) => c.text.startsWith("The engineers came"));
    const cue = episode.cues[shown]!;
    await page.evaluate(`document.getElementById("player").currentTime = ${(cue.startMs + 800) / 1000}`);
    const line = `.cue button[data-index="${shown}"]`;
    await page.waitForSelector(`${line}[aria-current]`);
    await page.evaluate(`document.querySelector('${line}').scrollIntoView({ block: "center" })`);
    await page.screenshot({ path: raw });
  });
  // A 256-colour palette keeps the picture sharp and the repository small.
  const small = join(dir, "small.png");
  await ffmpeg(["-i", raw, "-vf", "split[a][b];[a]palettegen=max_colors=256[p];[b][p]paletteuse=dither=none", small]);
  mkdirSync(dirname(OUTPUT), { recursive: true });
  copyFileSync(small, OUTPUT);
  process.stdout.write(`wrote ${relative(process.cwd(), OUTPUT)} (${Math.round(statSync(OUTPUT).size / 1024)} KB)\n`);
}

/** How a long episode's page fares: its size, the time to write it and to open it, and frames while it plays. */
async function measure(dir: string, count: number): Promise<void> {
  const cueMs = 3000;
  const text = "Everything is personal at three in the morning, and the lamp still turns.";
  const cues = Array.from({ length: count }, (_, i) => ({
    startMs: i * cueMs,
    endMs: i * cueMs + 2800,
    speaker: i % 2 ? "GUEST" : "HOST",
    text,
    kind: "speech" as const,
  }));
  const durationMs = count * cueMs;
  const chapters = Array.from({ length: Math.ceil(count / 100) }, (_, i) => ({ startMs: i * 100 * cueMs, title: `Part ${i + 1}`, kind: "section" as const }));
  await ffmpeg(["-f", "lavfi", "-i", "anullsrc=r=22050:cl=mono", "-t", String(durationMs / 1000), "-b:a", "8k", join(dir, "long.mp3")]);
  const started = performance.now();
  const html = previewPage({ title: "Long", audio: "long.mp3", durationMs, chapters, cues, songs: [] });
  const renderMs = performance.now() - started;
  writeFileSync(join(dir, "index.html"), html);
  const opened = await withPage(dir, (page) =>
    page.evaluate<{ loaded: number; frames: number; longTasks: number }>(`(async () => {
      const loaded = Math.round(performance.getEntriesByType("navigation")[0].domContentLoadedEventEnd);
      const audio = document.getElementById("player");
      audio.muted = true;
      audio.currentTime = ${durationMs / 2000};
      await audio.play();
      let longTasks = 0;
      new PerformanceObserver((list) => { longTasks += list.getEntries().length; }).observe({ type: "longtask" });
      let frames = 0;
      const start = performance.now();
      await new Promise((done) => { const next = () => { frames++; performance.now() - start < 3000 ? requestAnimationFrame(next) : done(); }; requestAnimationFrame(next); });
      return { loaded, frames, longTasks };
    })()`),
  );
  process.stdout.write(
    `${count} cues: page ${Math.round(html.length / 1024)} KB written in ${Math.round(renderMs)} ms; opened (DOMContentLoaded) in ${opened.loaded} ms; ` +
      `${Math.round(opened.frames / 3)} frames/s while playing, ${opened.longTasks} long tasks (over 50 ms) in 3 s\n`,
  );
}

const CHROMIUM = process.env.PODC_CHROMIUM ?? "/usr/bin/chromium";
if (!existsSync(CHROMIUM)) {
  process.stderr.write(`chromium is missing (${CHROMIUM}): install it (Debian and Ubuntu: sudo apt-get install chromium), or set PODC_CHROMIUM to its path\n`);
  process.exit(2);
}
const dir = mkdtempSync(join(tmpdir(), "podc-preview-shot-"));
try {
  if (options.measure !== undefined) await measure(dir, Number(options.measure));
  else await screenshot(dir);
} catch (error) {
  // A missing tool or a failed ffmpeg says what went wrong in its message; its stack says nothing more to the user.
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
