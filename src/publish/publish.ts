import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve, sep } from "node:path";
import { XMLValidator } from "fast-xml-parser";
import type { PodcastSettings } from "../config/schema.js";
import { hasErrors, type Diagnostic } from "../diagnostics/diagnostic.js";
import { mediaDurationMs } from "../episode/media-duration.js";
import { syncFolder, writeFileDurably } from "../files/durable.js";
import type { SourceText } from "../source/source-text.js";
import { publishedEpisode, type EpisodeScript, type PublishedEpisode } from "./episodes.js";
import { isDraft } from "./title-page.js";
import { feedXml, type FeedEpisode } from "./feed.js";
import { podcastGuid } from "./guid.js";
import { assignEpisodes, readRecord, recordText } from "./publish-record.js";
import { checkSettings, type PodcastChannel } from "./settings.js";
import { artworkFile, EPISODES_DIR, FEED_FILE, siteUrls } from "./site-layout.js";
import { episodePage, indexPage } from "./site-pages.js";

/*
 * `podc publish`, the stage: the podcast's settings, its publish record and every episode that is not a draft are
 * checked first, and any problem stops it with nothing written. The site is then written whole into a new folder
 * beside the output folder and swapped in, so a host never serves half a site; the publish record gains the guids
 * of new episodes only once their site is in place.
 */

export interface PublishInput {
  /** The repository's root, where the publish record is. */
  root: string;
  /** The output folder (absolute): replaced whole by the new site. */
  siteDir: string;
  settings: PodcastSettings | undefined;
  configPath: string;
  configSource: SourceText;
  episodes: readonly EpisodeScript[];
  show: (path: string) => string;
  /** ffprobe, to measure each episode's audio as written; without it, the build's own measure. */
  ffprobe: string | undefined;
  now: Date;
}

/** The problems of one file, for the printer. */
export interface FileProblems {
  file: string;
  source: SourceText;
  diagnostics: Diagnostic[];
}

/** What a publish found and did: `published` when the site was written, `refused` when its folder may not be replaced. */
export interface PublishResult {
  problems: FileProblems[];
  published?: { feedUrl: string; episodes: number; drafts: number; newGuids: number; files: number };
  refused?: string;
}

/** Checks everything (see above), then writes the site; the problems are reported either way (warnings do not stop it). */
export async function publish(input: PublishInput): Promise<PublishResult> {
  const problems: FileProblems[] = [];
  const refused = notASite(input.siteDir);
  if (refused) return { problems, refused };
  const settings = checkSettings({
    settings: input.settings,
    configPath: input.configPath,
    source: input.configSource,
    readArtwork: readOrWhy,
    show: input.show,
  });
  if (settings.diagnostics.length > 0) problems.push({ file: input.show(input.configPath), source: input.configSource, diagnostics: settings.diagnostics });
  const record = readRecord(input.root);
  if (record.diagnostics.length > 0) problems.push({ file: input.show(record.path), source: record.source, diagnostics: record.diagnostics });
  const episodes: PublishedEpisode[] = [];
  let drafts = 0;
  for (const script of input.episodes) {
    if (isDraft(script.script)) {
      drafts++;
      continue;
    }
    const checked = await publishedEpisode(script);
    if (checked.diagnostics.length > 0) problems.push({ file: script.source, source: script.text, diagnostics: checked.diagnostics });
    if (checked.episode) episodes.push(checked.episode);
  }
  const channel = settings.channel;
  if (!channel || problems.some((p) => hasErrors(p.diagnostics))) return { problems };

  for (const episode of episodes) {
    const measured = input.ffprobe ? await mediaDurationMs(input.ffprobe, episode.audio[0]!.path) : undefined;
    if (measured !== undefined) episode.durationMs = measured;
  }
  const feedUrl = siteUrls(channel).feed;
  const guid = record.record.podcastGuid ?? podcastGuid(feedUrl);
  const assigned = assignEpisodes(
    record.record,
    guid,
    episodes.map((e) => ({ script: e.sourceInRoot, title: e.title })),
    input.now,
  );
  const feedEpisodes = order(
    channel,
    episodes.map((episode, i) => {
      const entry = assigned.entries[i]!;
      return { episode, record: entry, date: episode.date ?? new Date(entry.published) };
    }),
  );
  const feed = feedXml(channel, guid, feedEpisodes);
  const valid = XMLValidator.validate(feed);
  if (valid !== true) throw new Error(`podc wrote a feed that is not XML (${valid.err.msg}, line ${valid.err.line}): please report it`);
  const files = writeSite(input.siteDir, channel, feed, feedEpisodes);
  const newGuids = assigned.record.episodes.length - record.record.episodes.length;
  const nextRecord = recordText({ ...assigned.record, podcastGuid: guid });
  const before = existsSync(record.path) ? readFileSync(record.path, "utf8") : undefined;
  if (nextRecord !== before) writeFileDurably(record.path, nextRecord);
  return { problems, published: { feedUrl, episodes: feedEpisodes.length, drafts, newGuids, files } };
}

/** The marker of a folder podc publish wrote: only such a folder (or an empty one) is ever replaced. */
const SITE_MARKER = ".podc-site";

/** Why `siteDir` must not be replaced (it holds files podc publish did not write), or undefined. */
function notASite(siteDir: string): string | undefined {
  if (!existsSync(siteDir)) return undefined;
  let entries: string[];
  try {
    entries = readdirSync(siteDir);
  } catch {
    return `${siteDir} is not a folder`;
  }
  if (entries.length === 0 || entries.includes(SITE_MARKER)) return undefined;
  return `${siteDir} holds files podc publish did not write; publishing replaces the whole folder, so choose an empty or new one`;
}

/** Newest first for an episodic podcast; in order (season, episode, date) for a serial. */
function order(channel: PodcastChannel, episodes: FeedEpisode[]): FeedEpisode[] {
  const byDate = (a: FeedEpisode, b: FeedEpisode) => a.date.getTime() - b.date.getTime();
  if (channel.type === "episodic") return episodes.sort((a, b) => byDate(b, a));
  const number = (n: number | undefined) => n ?? Number.MAX_SAFE_INTEGER;
  return episodes.sort((a, b) => number(a.episode.season) - number(b.episode.season) || number(a.episode.episode) - number(b.episode.episode) || byDate(a, b));
}

/** Writes the site into a fresh folder beside `siteDir` and swaps it in; returns how many files it holds. */
function writeSite(siteDir: string, channel: PodcastChannel, feed: string, episodes: readonly FeedEpisode[]): number {
  const parent = dirname(siteDir);
  mkdirSync(parent, { recursive: true });
  const staging = mkdtempSync(join(parent, `.${basename(siteDir)}.new-`));
  let files = 0;
  // Every path is made from safe names (run/episode-folder.ts); this proves none leads out of the new folder.
  const inside = (...segments: string[]) => {
    const path = resolve(staging, ...segments);
    if (!path.startsWith(staging + sep)) throw new Error(`refusing to write ${path} outside ${staging}`);
    return path;
  };
  const write = (text: string, ...segments: string[]) => {
    const path = inside(...segments);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    files++;
  };
  const copy = (from: string, ...segments: string[]) => {
    const path = inside(...segments);
    mkdirSync(dirname(path), { recursive: true });
    copyFileSync(from, path);
    files++;
  };
  try {
    write("podc publish wrote this folder and replaces it whole at every publish.\n", SITE_MARKER);
    write(feed, FEED_FILE);
    write(indexPage(channel, episodes), "index.html");
    copy(channel.artwork.path, artworkFile(channel));
    for (const e of episodes) {
      const { episode } = e;
      for (const file of [...episode.audio, episode.vtt, episode.srt, episode.transcriptJson, episode.chaptersJson])
        copy(file.path, EPISODES_DIR, episode.name, file.file);
      write(episodePage(channel, e), EPISODES_DIR, episode.name, "index.html");
    }
    syncFolder(staging);
    swapIn(staging, siteDir);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  return files;
}

/** Puts `staging` where `siteDir` is: the old site is moved aside first and removed once the new one is in place. */
function swapIn(staging: string, siteDir: string): void {
  if (!existsSync(siteDir)) {
    renameSync(staging, siteDir);
    return;
  }
  const old = `${staging}.old`;
  renameSync(siteDir, old);
  try {
    renameSync(staging, siteDir);
  } catch (error) {
    renameSync(old, siteDir);
    throw error;
  }
  rmSync(old, { recursive: true, force: true });
}

function readOrWhy(path: string): Buffer | { error: string } {
  try {
    return readFileSync(path);
  } catch (error) {
    return { error: (error as NodeJS.ErrnoException).code ?? "unreadable" };
  }
}
