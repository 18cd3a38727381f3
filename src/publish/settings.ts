import { readFileSync } from "node:fs";
import { dirname, isAbsolute, resolve } from "node:path";
import { findNodeAtLocation, parseTree, type Node as JsonNode } from "jsonc-parser";
import type { PodcastSettings } from "../config/schema.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { diagnostic } from "../diagnostics/report.js";
import { nearest } from "../diagnostics/suggest.js";
import type { SourceText } from "../source/source-text.js";
import { APPLE_CATEGORIES, appleCategory, CATEGORY_SPELLINGS } from "./apple-categories.js";
import { ARTWORK_MAX_PX, ARTWORK_MIN_PX, artworkFacts, type ArtworkFacts } from "./artwork.js";

/*
 * The podcast section of podc.json, checked against what the directories require before anything is written: every
 * key they need, a category from Apple's list, an owner's address, an https address for the site, a language tag,
 * and a cover of the right size, format and colour, read from the file itself. Each problem points at its key.
 */

/** The podcast section with every key the feed needs, once it has passed the checks. */
export interface PodcastChannel {
  title: string;
  description: string;
  author: string;
  ownerName: string;
  ownerEmail: string;
  language: string;
  categories: { main: string; sub?: string }[];
  explicit: boolean;
  /** Absolute path of the cover, and what its header says. */
  artwork: { path: string; facts: ArtworkFacts };
  /** The site's address, ending in `/`. */
  baseUrl: string;
  license?: string;
  type: "episodic" | "serial";
}

export interface SettingsInput {
  settings: PodcastSettings | undefined;
  /** podc.json: its path (absolute, for the artwork) and text (for the places of the keys). */
  configPath: string;
  source: SourceText;
  /** Reads the cover's first bytes; undefined when the file cannot be read (with why). */
  readArtwork: (path: string) => Buffer | { error: string };
  /** How the cover's path is shown in messages. */
  show: (path: string) => string;
}

const REQUIRED = ["title", "description", "author", "ownerEmail", "language", "categories", "explicit", "artwork", "baseUrl"] as const;
const EXAMPLE_SECTION = `"podcast": { "title": "…", "description": "…", "author": "…", "ownerEmail": "you@example.com", "language": "en", "categories": ["Fiction/Drama"], "explicit": false, "artwork": "artwork.png", "baseUrl": "https://you.github.io/your-podcast/" }`;
const HELP: Record<(typeof REQUIRED)[number], string> = {
  title: 'add "title": the podcast\'s name, as directories show it',
  description: 'add "description": what the podcast is about, in a sentence or a paragraph',
  author: 'add "author": who makes the podcast',
  ownerEmail: 'add "ownerEmail": the address directories write to to confirm the feed is yours',
  language: 'add "language": the episodes\' language, such as "en"',
  categories: 'add "categories": one or more of Apple\'s, such as ["Fiction/Drama"] (docs/publish.md lists them)',
  explicit: 'add "explicit": true or false; directories require it',
  artwork: 'add "artwork": a square JPEG or PNG of 1400 to 3000 pixels in RGB, relative to podc.json',
  baseUrl: 'add "baseUrl": the https address the site will be served at, such as "https://you.github.io/your-podcast/"',
};
// An address with one @, no spaces, and a dot in its domain: what a directory's confirmation mail needs.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;
// BCP 47 as directories use it: a language and optional subtags.
const LANGUAGE_TAG = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/;

/** The checked channel, or the diagnostics that keep the podcast from being published (none means `channel` is set). */
export function checkSettings(input: SettingsInput): { channel?: PodcastChannel; diagnostics: Diagnostic[] } {
  const { settings, configPath, source } = input;
  const tree = parseTree(source.text);
  const span = (path: (string | number)[]) => {
    const node = nodeAt(tree, path);
    return node ? source.span(node.offset, node.offset + node.length) : source.span(0, 0);
  };
  const file = configPath;
  if (!settings) return { diagnostics: [diagnostic("POD0801", span([]), {}, { file, help: `add a podcast section to podc.json: ${EXAMPLE_SECTION}` })] };
  const diagnostics: Diagnostic[] = [];
  for (const key of REQUIRED) {
    const value = settings[key];
    const empty = value === undefined || (typeof value === "string" && value.trim() === "") || (Array.isArray(value) && value.length === 0);
    if (empty) diagnostics.push(diagnostic("POD0801", span(value === undefined ? ["podcast"] : ["podcast", key]), { key }, { file, help: HELP[key] }));
  }
  const categories: PodcastChannel["categories"] = [];
  (settings.categories ?? []).forEach((spelling, i) => {
    const category = appleCategory(spelling);
    if (category) categories.push(category);
    else {
      diagnostics.push(diagnostic("POD0802", span(["podcast", "categories", i]), { category: spelling }, { file, help: categoryHelp(spelling) }));
    }
  });
  if (settings.ownerEmail && !EMAIL.test(settings.ownerEmail.trim()))
    diagnostics.push(
      diagnostic(
        "POD0806",
        span(["podcast", "ownerEmail"]),
        { email: settings.ownerEmail },
        { file, help: "write an address that receives mail, such as you@example.com" },
      ),
    );
  let baseUrl: string | undefined;
  if (settings.baseUrl) {
    baseUrl = httpsBase(settings.baseUrl);
    if (baseUrl === undefined)
      diagnostics.push(
        diagnostic(
          "POD0807",
          span(["podcast", "baseUrl"]),
          { url: settings.baseUrl },
          { file, help: 'write the whole https address the site is served at, such as "https://you.github.io/your-podcast/"' },
        ),
      );
  }
  if (settings.language && !LANGUAGE_TAG.test(settings.language))
    diagnostics.push(
      diagnostic(
        "POD0808",
        span(["podcast", "language"]),
        { language: settings.language },
        { file, help: 'write a language tag such as "en", "en-GB" or "fr"' },
      ),
    );
  let artwork: PodcastChannel["artwork"] | undefined;
  if (settings.artwork) {
    const path = isAbsolute(settings.artwork) ? settings.artwork : resolve(dirname(configPath), settings.artwork);
    const at = span(["podcast", "artwork"]);
    const bytes = input.readArtwork(path);
    const facts = Buffer.isBuffer(bytes) ? artworkFacts(bytes) : undefined;
    const fixSize = `export a square of ${ARTWORK_MIN_PX} to ${ARTWORK_MAX_PX} pixels (3000 × 3000 is best), for example: ffmpeg -i ${input.show(path)} -vf scale=3000:3000 cover.png`;
    if (!Buffer.isBuffer(bytes))
      diagnostics.push(
        diagnostic(
          "POD0803",
          at,
          { file: input.show(path), problem: `cannot be read (${bytes.error})` },
          { file, help: "give the path of the cover, relative to podc.json" },
        ),
      );
    else if (!facts)
      diagnostics.push(
        diagnostic("POD0803", at, { file: input.show(path), problem: "is neither a JPEG nor a PNG" }, { file, help: "save the cover as a JPEG or PNG in RGB" }),
      );
    else {
      const sizeOk = facts.width === facts.height && facts.width >= ARTWORK_MIN_PX && facts.width <= ARTWORK_MAX_PX;
      if (!sizeOk) diagnostics.push(diagnostic("POD0804", at, { width: facts.width, height: facts.height }, { file, help: fixSize }));
      if (!facts.rgb)
        diagnostics.push(diagnostic("POD0805", at, { colour: facts.colour }, { file, help: "save the cover in RGB colour (not greyscale, not CMYK)" }));
      if (sizeOk && facts.rgb) artwork = { path, facts };
    }
  }
  if (diagnostics.length > 0 || !artwork || !baseUrl) return { diagnostics };
  const channel: PodcastChannel = {
    title: settings.title!.trim(),
    description: settings.description!.trim(),
    author: settings.author!.trim(),
    ownerName: (settings.ownerName ?? settings.author!).trim(),
    ownerEmail: settings.ownerEmail!.trim(),
    language: settings.language!,
    categories,
    explicit: settings.explicit!,
    artwork,
    baseUrl,
    type: settings.type ?? "episodic",
    ...(settings.license ? { license: settings.license } : {}),
  };
  return { channel, diagnostics };
}

/** The podcast section's problems, its cover read from disk: what `podc check` reports of a project with one. */
export function podcastSettingsProblems(
  settings: PodcastSettings | undefined,
  configPath: string,
  source: SourceText,
  show: (path: string) => string,
): Diagnostic[] {
  const readArtwork = (path: string): Buffer | { error: string } => {
    try {
      return readFileSync(path);
    } catch (error) {
      return { error: (error as NodeJS.ErrnoException).code ?? "unreadable" };
    }
  };
  return checkSettings({ settings, configPath, source, readArtwork, show }).diagnostics;
}

/** The nearest spelling of a category, else the subcategories of its main one, else where the list is. */
function categoryHelp(spelling: string): string {
  const lower = spelling.toLowerCase();
  const near = CATEGORY_SPELLINGS.find((c) => c.toLowerCase() === lower || c.toLowerCase().endsWith(`/${lower}`)) ?? nearest(spelling, CATEGORY_SPELLINGS);
  if (near) return `did you mean "${near}"?`;
  const main = spelling.split("/")[0]!;
  const subs = APPLE_CATEGORIES.get(main);
  if (subs && subs.length > 0) return `${main}'s subcategories are ${subs.map((sub) => `"${main}/${sub}"`).join(", ")}`;
  if (subs) return `${main} has no subcategories: write "${main}"`;
  return 'use one of Apple\'s categories, "Main" or "Main/Sub" (docs/publish.md lists them)';
}

/** `url` as an https address ending in `/`, or undefined when it is none. */
function httpsBase(url: string): string | undefined {
  try {
    const parsed = new URL(url.trim());
    if (parsed.protocol !== "https:" || parsed.hostname === "" || parsed.search !== "" || parsed.hash !== "") return undefined;
    return parsed.href.endsWith("/") ? parsed.href : `${parsed.href}/`;
  } catch {
    return undefined;
  }
}

/** The node at `path`, else its nearest enclosing one, else the whole document; none for the document's start. */
function nodeAt(tree: JsonNode | undefined, path: (string | number)[]): JsonNode | undefined {
  if (!tree || path.length === 0) return undefined;
  for (let n = path.length; n > 0; n--) {
    const node = findNodeAtLocation(tree, path.slice(0, n));
    if (node) return node;
  }
  return tree;
}
