import type { Script } from "../ast/nodes.js";
import { withoutEmphasis } from "../ast/emphasis.js";
import { titlePageValue } from "../ast/title-page.js";

/*
 * What a listener's player shows of an episode, from its script's title page: the title, the series it belongs to,
 * who made it, and its number. Kept apart from the request plan: none of it is ever sent to the service.
 */

export interface EpisodeTags {
  title?: string;
  /** The `Series` key: the album, as players group a podcast's episodes. */
  series?: string;
  /** `Author` (or `Authors`): the artist. */
  author?: string;
  /** `Episode`: the track number when it is one, else shown as written. */
  episode?: string;
}

/** The tags of `script`'s title page; keys that are absent or blank are left out. */
export function episodeTags(script: Script): EpisodeTags {
  const tags: EpisodeTags = {};
  const set = (key: keyof EpisodeTags, ...names: string[]) => {
    for (const name of names) {
      // A value continued on indented lines is one value: its line breaks are layout.
      // Emphasis is the page's formatting (`_**BRICK & STEEL**_`): a player shows the words.
      const raw = titlePageValue(script, name);
      const value = raw === undefined ? undefined : withoutEmphasis(raw).replace(/\s+/g, " ").trim();
      if (value) {
        tags[key] = value;
        return;
      }
    }
  };
  set("title", "title");
  set("series", "series");
  set("author", "author", "authors");
  set("episode", "episode");
  return tags;
}
