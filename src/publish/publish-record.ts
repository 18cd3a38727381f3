import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { findNodeAtLocation, parseTree, type ParseError } from "jsonc-parser";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { diagnostic } from "../diagnostics/report.js";
import { SourceText } from "../source/source-text.js";
import { newEpisodeGuid } from "./guid.js";

/*
 * The publish record, `podcast.lock.json` at the repository's root, committed: the identifier and first publication
 * of every episode ever published, and the podcast's own identifier. Apps know an episode by its guid and download
 * it again when it changes, so an episode keeps its guid forever once published: a new take, a rebuild or a new
 * feed address never touches the record, and a renamed script keeps its episode's guid by its title.
 */

const RECORD_FILE = "podcast.lock.json";
const RECORD_VERSION = 1;

export interface RecordedEpisode {
  /** The script, relative to the repository's root, with `/`. */
  script: string;
  title: string;
  guid: string;
  /** When it was first published (ISO 8601): its date in the feed unless its title page gives one. */
  published: string;
}

export interface PublishRecord {
  recordVersion: number;
  /** The podcast's `podcast:guid`, fixed at the first publish: a move to another address keeps it. */
  podcastGuid?: string;
  episodes: RecordedEpisode[];
}

/** The record as read: its contents, its text for diagnostics, and what is wrong with it (each at its place). */
export interface ReadRecord {
  record: PublishRecord;
  path: string;
  source: SourceText;
  diagnostics: Diagnostic[];
}

/** Reads the record at the root `root` (an empty one when there is none yet). */
export function readRecord(root: string): ReadRecord {
  const path = join(root, RECORD_FILE);
  if (!existsSync(path)) return { record: { recordVersion: RECORD_VERSION, episodes: [] }, path, source: new SourceText(""), diagnostics: [] };
  return parseRecord(readFileSync(path, "utf8"), path);
}

/** Parses a record's text; every problem is a POD0812 at its place, and an unusable record is never overwritten. */
export function parseRecord(text: string, path: string): ReadRecord {
  const source = new SourceText(text);
  const empty: PublishRecord = { recordVersion: RECORD_VERSION, episodes: [] };
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true });
  const problem = (offset: number, length: number, what: string) =>
    diagnostic(
      "POD0812",
      source.span(offset, offset + length),
      { problem: what },
      { file: path, help: `restore ${RECORD_FILE} from git (git checkout ${RECORD_FILE}): it keeps every episode's guid` },
    );
  if (errors.length > 0 || !tree)
    return { record: empty, path, source, diagnostics: [problem(errors[0]?.offset ?? 0, errors[0]?.length ?? 0, "it is not JSON")] };
  const value = JSON.parse(text) as Partial<PublishRecord> | null;
  if (value?.recordVersion !== RECORD_VERSION || !Array.isArray(value.episodes))
    return { record: empty, path, source, diagnostics: [problem(tree.offset, tree.length, `it is not a version ${RECORD_VERSION} record`)] };
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  value.episodes.forEach((episode, i) => {
    const at = (key: string) => findNodeAtLocation(tree, ["episodes", i, key]) ?? findNodeAtLocation(tree, ["episodes", i]) ?? tree;
    const fields = ["script", "title", "guid", "published"] as const;
    const missing = fields.find((key) => typeof episode?.[key] !== "string" || episode[key] === "");
    if (missing) {
      const node = at(missing);
      diagnostics.push(problem(node.offset, node.length, `episode ${i + 1} has no ${missing}`));
      return;
    }
    if (seen.has(episode.guid)) {
      const node = at("guid");
      diagnostics.push(problem(node.offset, node.length, `the guid ${episode.guid} is given to two episodes`));
    }
    seen.add(episode.guid);
    if (Number.isNaN(Date.parse(episode.published))) {
      const node = at("published");
      diagnostics.push(problem(node.offset, node.length, `"${episode.published}" is not a date`));
    }
  });
  return { record: value as PublishRecord, path, source, diagnostics };
}

/**
 * The record entry of each episode to publish, in the order given: the recorded one of its script, else of its title
 * when that entry's script is gone (a renamed file), else a new one, first published `now`.
 */
export function assignEpisodes(
  record: PublishRecord,
  podcastGuid: string,
  episodes: readonly { script: string; title: string }[],
  now: Date,
): { record: PublishRecord; entries: RecordedEpisode[] } {
  const kept = record.episodes.map((e) => ({ ...e }));
  const current = new Set(episodes.map((e) => e.script));
  const entries = episodes.map((episode) => {
    let entry = kept.find((e) => e.script === episode.script) ?? kept.find((e) => e.title === episode.title && !current.has(e.script));
    if (entry) {
      entry.script = episode.script;
      entry.title = episode.title;
      return entry;
    }
    entry = { script: episode.script, title: episode.title, guid: newEpisodeGuid(podcastGuid, episode.script), published: now.toISOString() };
    kept.push(entry);
    return entry;
  });
  return { record: { ...record, episodes: kept }, entries };
}

/** The record's text as committed: stable key order, one episode a few lines. */
export function recordText(record: PublishRecord): string {
  const { recordVersion, podcastGuid, episodes } = record;
  return `${JSON.stringify({ recordVersion, ...(podcastGuid ? { podcastGuid } : {}), episodes: episodes.map(({ script, title, guid, published }) => ({ script, title, guid, published })) }, null, 2)}\n`;
}
