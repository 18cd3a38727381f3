/*
 * Makes docs/images/preview-page.png: the preview page of examples/lighthouse-keepers.pod, with times estimated from
 * the plan (each turn's words at the configured speaking rate, each song laid out as the emulator renders it) and
 * quiet stand-in audio of those lengths, screenshot in headless chromium while a line in the middle plays.
 *
 *   npx tsx scripts/preview-screenshot.ts          (needs ffmpeg and chromium; PODC_CHROMIUM names another browser)
 *
 * --dark and --phone show the page as a dark-themed or phone-sized screen would; --out writes elsewhere.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { analyze } from "../src/compile.js";
import { loadConfigFor } from "../src/config/load.js";
import { planSong } from "../src/emulator/audio/song.js";
import { previewPage, type PreviewEpisode } from "../src/episode/preview-page.js";
import { spokenMs } from "../src/lower/spoken-length.js";

const ROOT = join(import.meta.dirname, "..");
const SCRIPT = join(ROOT, "examples", "lighthouse-keepers.pod");
const options = parseArgs({ options: { dark: { type: "boolean" }, phone: { type: "boolean" }, out: { type: "string" } } }).values;
const OUTPUT = options.out ?? join(ROOT, "docs", "images", "preview-page.png");
const TURN_GAP_MS = 350;

/** The example's episode with estimated times, and the length of every audio file it names. */
function exampleEpisode(): { episode: PreviewEpisode; files: Map<string, number> } {
  const { config } = loadConfigFor(dirname(SCRIPT));
  const analysis = analyze(readFileSync(SCRIPT), { file: "lighthouse-keepers.pod", config });
  if (!analysis.plan) throw new Error("the example no longer checks clean");
  const wpm = config.speech.wordsPerMinute;
  const episode: PreviewEpisode = { title: analysis.plan.title ?? "Episode", audio: "lighthouse-keepers.mp3", durationMs: 0, chapters: [], cues: [], songs: [] };
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
    const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
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

function ffmpeg(args: string[]): void {
  const run = spawnSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args], { encoding: "utf8" });
  if (run.error || run.status !== 0) throw new Error(`ffmpeg failed: ${run.error?.message ?? run.stderr.trim().split("\n").slice(-3).join("\n")}`);
}

async function main(): Promise<void> {
  const { episode, files } = exampleEpisode();
  const dir = mkdtempSync(join(tmpdir(), "podc-preview-shot-"));
  try {
    for (const [file, ms] of files) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      ffmpeg(["-f", "lavfi", "-i", `sine=frequency=220:duration=${ms / 1000}`, "-af", "volume=0.05", "-ac", "1", "-b:a", "48k", join(dir, file)]);
    }
    writeFileSync(join(dir, "index.html"), previewPage(episode));
    const browser = await chromium.launchPersistentContext(join(dir, "profile"), {
      executablePath: process.env.PODC_CHROMIUM ?? "/usr/bin/chromium",
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
      viewport: options.phone ? { width: 390, height: 844 } : { width: 1100, height: 900 },
      colorScheme: options.dark ? "dark" : "light",
    });
    try {
      const page = browser.pages()[0] ?? (await browser.newPage());
      await page.goto(pathToFileURL(join(dir, "index.html")).href);
      // A line of the third section, playing: the highlight, the chapter and the scroll position as a listener sees them.
      const shown = episode.cues.findIndex((c) => c.text.startsWith("The engineers came"));
      const cue = episode.cues[shown]!;
      await page.evaluate(`document.getElementById("player").currentTime = ${(cue.startMs + 800) / 1000}`);
      const line = `.cue button[data-index="${shown}"]`;
      await page.waitForSelector(`${line}[aria-current]`);
      await page.evaluate(`document.querySelector('${line}').scrollIntoView({ block: "center" })`);
      const raw = join(dir, "shot.png");
      await page.screenshot({ path: raw });
      // A 256-colour palette keeps the picture sharp and the repository small.
      const small = join(dir, "small.png");
      ffmpeg(["-i", raw, "-vf", "split[a][b];[a]palettegen=max_colors=256[p];[b][p]paletteuse=dither=none", small]);
      mkdirSync(dirname(OUTPUT), { recursive: true });
      copyFileSync(small, OUTPUT);
      process.stdout.write(`wrote ${OUTPUT} (${Math.round(statSync(OUTPUT).size / 1024)} KB)\n`);
    } finally {
      await browser.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
