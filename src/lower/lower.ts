import type { BodyElement, Script, Song, Speech } from "../ast/nodes.js";
import { titlePageValue } from "../ast/title-page.js";
import type { Config } from "../config/schema.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { Plan, PlannedRequest } from "./plan.js";
import { podcastRequests, segmentTurns } from "./podcast.js";
import { songBody, songRequest } from "./song.js";

// Lowering turns a checked tree into the requests it stands for, in script order. It is pure and total:
// it reads nothing but its arguments and never throws. It runs after the checks have passed, so where
// something it needs is missing anyway (a speaker without a voice, a song without a style) it leaves
// that piece out instead of failing.

export interface LowerOptions {
  /** The script's path as the user named it; copied into the plan. */
  source: string;
  config: Config;
  /** Speaker label → voice: the script's Cast over the project's cast. */
  cast: ReadonlyMap<string, string>;
  /**
   * False to find only the diagnostics, as checking does: the plan then holds no requests, and the bodies' canonical
   * JSON and keys (the costliest part of lowering a long script) are not made. Default true.
   */
  requests?: boolean;
}

export interface LowerResult {
  plan: Plan;
  /** Found while lowering: warnings POD0601 (empty speech), POD0602 (cut sentence); errors POD0401/POD0402 (song limits), POD0309/POD0310 (takes). */
  diagnostics: Diagnostic[];
}

/** The request plan of a checked script, and the warnings found making it. */
export function lower(script: Script, options: LowerOptions): LowerResult {
  const turnChars = atLeastOne(options.config.limits.turnChars);
  const requestLimits = {
    turnsPerRequest: atLeastOne(options.config.limits.turnsPerRequest),
    voicesPerRequest: atLeastOne(options.config.limits.voicesPerRequest),
  };
  const titlePageModel = titlePageValue(script, "model");
  const wanted = options.requests !== false;

  const requests: PlannedRequest[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const block of segmentBody(script.body)) {
    if (block.kind === "segment") {
      const lowered = segmentTurns(block.speeches, options.cast, turnChars, { turns: wanted });
      // Loops, not push(...spread): a long segment may have more items than a call takes arguments.
      for (const diagnostic of lowered.diagnostics) diagnostics.push(diagnostic);
      if (wanted) for (const request of podcastRequests(lowered.turns, requestLimits, block.section)) requests.push(request);
    } else {
      const context = {
        section: block.section,
        titlePageModel,
        configModel: options.config.model,
        configTakes: options.config.songs.takes,
      };
      if (!wanted) {
        songBody(block.song, context, options.config.limits, diagnostics);
        continue;
      }
      const request = songRequest(block.song, context, options.config.limits, diagnostics);
      if (request !== undefined) requests.push(request);
    }
  }

  // A title continued on indented lines is one name: its line breaks are layout, not meaning.
  const title = titlePageValue(script, "title")?.replace(/\s+/g, " ").trim();
  const plan: Plan = title === undefined ? { source: options.source, requests } : { source: options.source, title, requests };
  return { plan, diagnostics };
}

// Limits come from a validated configuration, but a zero or fractional limit must not make lowering
// loop forever or drop text: anything below one counts as one.
function atLeastOne(limit: number): number {
  return Number.isNaN(limit) || limit < 1 ? 1 : Math.floor(limit);
}

// A segment is a maximal run of speeches not interrupted by a section heading or a song. Directions,
// notes and invalid lines are not sent and do not interrupt it. Every block carries the title of the
// nearest section heading before it (of any depth), which becomes the requests' origin.

/** A run of speeches that is lowered to podcast requests. */
export interface SegmentBlock {
  kind: "segment";
  speeches: Speech[];
  section?: string;
}

/** A song block, lowered to one song request. */
export interface SongBlock {
  kind: "song";
  song: Song;
  section?: string;
}

export type Block = SegmentBlock | SongBlock;

/** The body cut into segments and songs, in script order; a segment always holds at least one speech. */
export function segmentBody(body: readonly BodyElement[]): Block[] {
  const blocks: Block[] = [];
  let section: string | undefined;
  let segment: SegmentBlock | undefined;
  for (const element of body) {
    switch (element.type) {
      case "Section":
        segment = undefined;
        section = element.title.text;
        break;
      case "Song":
        segment = undefined;
        blocks.push(withSection({ kind: "song", song: element }, section));
        break;
      case "Speech":
        if (segment === undefined) {
          segment = withSection({ kind: "segment", speeches: [] }, section);
          blocks.push(segment);
        }
        segment.speeches.push(element);
        break;
      case "Direction":
      case "Note":
      case "Invalid":
        break;
    }
  }
  return blocks;
}

// `section` is left out rather than set to undefined, so plans compare and print without an empty key.
function withSection<T extends Block>(block: T, section: string | undefined): T {
  return section === undefined ? block : { ...block, section };
}
