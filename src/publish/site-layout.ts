import type { PodcastChannel } from "./settings.js";

/*
 * Where everything is on the published site, one place for the feed and the pages to agree on:
 *   feed.xml · index.html · artwork.<jpg|png> · episodes/<episode>/index.html and the episode's files beside it.
 * Episode names are safe folder names already (run/episode-folder.ts); each path segment is percent-encoded in URLs.
 */

export const FEED_FILE = "feed.xml";
export const EPISODES_DIR = "episodes";

/** The artwork's file name on the site. */
export function artworkFile(channel: Pick<PodcastChannel, "artwork">): string {
  return `artwork.${channel.artwork.facts.format === "png" ? "png" : "jpg"}`;
}

/** The absolute addresses of the site's parts, under the channel's base URL. */
export function siteUrls(channel: PodcastChannel) {
  const at = (...segments: string[]) => new URL(segments.map(encodeURIComponent).join("/"), channel.baseUrl).href;
  return {
    home: channel.baseUrl,
    feed: at(FEED_FILE),
    artwork: at(artworkFile(channel)),
    episodePage: (name: string) => at(EPISODES_DIR, name, ""),
    episodeFile: (name: string, file: string) => at(EPISODES_DIR, name, file),
  };
}
