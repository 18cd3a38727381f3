import type { BodyElement, Script, Song, Sound, Speech } from "../ast/nodes.js";
import { directionTagMap } from "../ast/speech.js";
import { titlePageValue } from "../ast/title-page.js";
import { isBedSong } from "../ast/song.js";
import type { Config } from "../config/schema.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { Origin, Plan, PlannedRequest, PlannedSound } from "./plan.js";
import { diagnostic } from "../diagnostics/report.js";
import { type Lexicon, makeLexicon } from "../language/lexicon.js";
import { podcastRequests, segmentTurns, type TrailingPause } from "./podcast.js";
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

/**
 * Lowering fed as the script is parsed: constructed with the script's head (its title page), then `element` for each
 * body element in order, then `finish`. Each segment is lowered as soon as it ends, so the body is never held whole.
 */
export class Lowerer {
  private readonly turnChars: number;
  private readonly requestLimits: { turnsPerRequest: number; voicesPerRequest: number };
  private readonly titlePageModel: string | undefined;
  private readonly wanted: boolean;
  private readonly directionTags: ReadonlyMap<string, string>;
  private readonly lexicon: Lexicon | undefined;
  private readonly segmenter = new Segmenter();
  private readonly blocks: Block[] = [];
  private readonly requests: PlannedRequest[] = [];
  private readonly diagnostics: Diagnostic[] = [];
  /** Pauses written after the last request made: they go before the next one. */
  private pause: TrailingPause | undefined;
  /** Sound cues written after the last request made (and song beds): they start with the next one. */
  private sounds: PendingSound[] = [];

  constructor(
    private readonly script: Script,
    private readonly options: LowerOptions,
  ) {
    this.turnChars = atLeastOne(options.config.limits.turnChars);
    this.requestLimits = {
      turnsPerRequest: atLeastOne(options.config.limits.turnsPerRequest),
      voicesPerRequest: atLeastOne(options.config.limits.voicesPerRequest),
    };
    this.titlePageModel = titlePageValue(script, "model");
    this.wanted = options.requests !== false;
    this.directionTags = directionTagMap(options.config.speech.directionTags ?? {});
    this.lexicon = options.config.speech.lexicon === undefined ? undefined : makeLexicon(options.config.speech.lexicon);
  }

  element(element: BodyElement): void {
    this.segmenter.add(element, this.blocks);
    if (this.blocks.length > 0) this.lowerBlocks();
  }

  /**
   * Another script's requests (an included part's, lowered on their own), placed where its include stands: they end
   * the segment being read, and take this script's section where they have none of their own, which changes no key.
   * `says`: whether the part says or sings anything, so that a pause before it makes silence; `line`: the include's line.
   */
  insert(requests: readonly PlannedRequest[], file: string, says: boolean, line: number): void {
    this.segmenter.end(this.blocks);
    this.lowerBlocks();
    if (says && !this.wanted) this.pause = undefined;
    if (!this.wanted) return;
    const section = this.segmenter.section;
    this.made(requests.map((request) => ({ ...request, origin: includedOrigin(request.origin, file, section, line) })));
  }

  /** The request plan and the warnings found making it. */
  finish(): LowerResult {
    this.segmenter.end(this.blocks);
    this.lowerBlocks();
    // Silence at the very end would be cut by every player's fade: say so rather than drop it quietly.
    if (this.pause !== undefined) this.diagnostics.push(diagnostic("POD0903", this.pause.span, {}, { help: "remove the pause, or write what follows it" }));
    // Cues after the last thing said or sung play at its end (a closing sting, a bed's end).
    const last = this.requests.findLast(heardInTurn);
    if (last !== undefined) for (const sound of this.sounds) placeSound(last, sound, turnCount(last));
    this.sounds = [];
    // A title continued on indented lines is one name: its line breaks are layout, not meaning.
    const title = titlePageValue(this.script, "title")?.replace(/\s+/g, " ").trim();
    const { source } = this.options;
    const plan: Plan = title === undefined ? { source, requests: this.requests } : { source, title, requests: this.requests };
    return { plan, diagnostics: this.diagnostics };
  }

  private lowerBlocks(): void {
    const { options, diagnostics } = this;
    for (const block of this.blocks) {
      if (block.kind === "sound") {
        if (this.wanted) this.sounds.push(pendingSound(block.sound));
      } else if (block.kind === "segment") {
        const lowered = segmentTurns(block.speeches, options.cast, this.turnChars, { turns: this.wanted, directionTags: this.directionTags });
        // Loops, not push(...spread): a long segment may have more items than a call takes arguments.
        for (const found of lowered.diagnostics) diagnostics.push(found);
        if (this.wanted) {
          const requests = podcastRequests(lowered.turns, this.requestLimits, block.section, this.lexicon);
          this.made(requests);
          // Cues among the segment's speeches start with the first turn written after them; those after its last turn
          // start with what comes next.
          for (const sound of block.sounds ?? []) {
            const turn = lowered.turns.findIndex((t) => t.line > sound.span.start.line);
            if (turn === -1 || !placeInSegment(requests, sound, turn)) this.sounds.push(pendingSound(sound));
          }
        } else if (lowered.says) this.pause = undefined;
        if (lowered.trailingPause) this.pause = { ms: (this.pause?.ms ?? 0) + lowered.trailingPause.ms, span: lowered.trailingPause.span };
      } else {
        const context = {
          section: block.section,
          titlePageModel: this.titlePageModel,
          configModel: options.config.model,
          configTakes: options.config.songs.takes,
        };
        if (!this.wanted) {
          songBody(block.song, context, options.config.limits, diagnostics);
          if (!isBedSong(block.song)) this.pause = undefined;
          continue;
        }
        const request = songRequest(block.song, context, options.config.limits, diagnostics);
        if (request?.bed) {
          // Paid as any song, heard under what follows it: it takes no place of its own in the episode, so the pauses
          // and cues written before it wait for what follows, and the bed starts there.
          this.requests.push(request);
          this.sounds.push({ kind: "bed", line: request.origin.line, song: request.origin.song ?? "" });
        } else if (request !== undefined) this.made([request]);
      }
    }
    this.blocks.length = 0;
  }

  /** Requests made, in order. */
  private made(requests: PlannedRequest[]): void {
    const first = requests.find(heardInTurn);
    if (first !== undefined && this.pause !== undefined) {
      first.pauseBeforeMs = this.pause.ms + (first.pauseBeforeMs ?? 0);
      this.pause = undefined;
    }
    if (first !== undefined) {
      for (const sound of this.sounds) placeSound(first, sound, 0);
      this.sounds = [];
    }
    // A loop, not push(...spread): a long segment may have more requests than a call takes arguments.
    for (const request of requests) this.requests.push(request);
  }
}

/** How many turns a request has: a song counts as one. */
function turnCount(request: PlannedRequest): number {
  return request.kind === "podcast" ? request.body.conversations.length : 1;
}

/** A sound cue waiting for the turn it starts with. */
type PendingSound = Omit<PlannedSound, "atTurn">;

function pendingSound(sound: Sound): PendingSound {
  return sound.file === undefined
    ? { kind: sound.kind, line: sound.span.start.line }
    : { kind: sound.kind, file: sound.file.text, line: sound.span.start.line };
}

/** Whether a request plays on its own in the row of the episode: every one but a song bed, which plays under others. */
function heardInTurn(request: PlannedRequest): boolean {
  return request.kind !== "song" || request.bed !== true;
}

/** Puts `sound` beside `request`, starting with its turn `atTurn`. */
function placeSound(request: PlannedRequest, sound: PendingSound | Sound, atTurn: number): void {
  const pending = "type" in sound ? pendingSound(sound) : sound;
  const planned: PlannedSound = { kind: pending.kind, atTurn, line: pending.line };
  if (pending.file !== undefined) planned.file = pending.file;
  if (pending.song !== undefined) planned.song = pending.song;
  (request.sounds ??= []).push(planned);
}

/** Puts `sound` beside the request of `requests` (one segment's, in order) that holds the segment's turn `turn`. */
function placeInSegment(requests: readonly PlannedRequest[], sound: Sound, turn: number): boolean {
  let first = 0;
  for (const request of requests) {
    const count = turnCount(request);
    if (turn < first + count) {
      placeSound(request, sound, turn - first);
      return true;
    }
    first += count;
  }
  return false;
}

/**
 * An included request's origin: the file it comes from (the innermost include's), the line of the include here, and a
 * section when it had none.
 */
function includedOrigin(origin: Origin, file: string, section: string | undefined, include: number): Origin {
  const { line, section: own, song, cutBy } = origin;
  const made: Origin = { line, file: origin.file ?? file, include };
  if ((own ?? section) !== undefined) made.section = own ?? section;
  if (song !== undefined) made.song = song;
  if (cutBy !== undefined) made.cutBy = cutBy;
  return made;
}

/** The request plan of a checked script, and the warnings found making it. */
export function lower(script: Script, options: LowerOptions): LowerResult {
  const lowerer = new Lowerer(script, options);
  for (const element of script.body) lowerer.element(element);
  return lowerer.finish();
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
  /** Sound cues written among the speeches, in order. */
  sounds?: Sound[];
  section?: string;
}

/** A song block, lowered to one song request. */
export interface SongBlock {
  kind: "song";
  song: Song;
  section?: string;
}

/** A sound cue outside any segment's speeches (at a section's start, around a song): it starts with what comes next. */
export interface SoundBlock {
  kind: "sound";
  sound: Sound;
}

export type Block = SegmentBlock | SongBlock | SoundBlock;

/**
 * Cuts a body into segments and songs as its elements come, in script order: a segment is handed out once something
 * ends it (a section heading, a song, the end), so only the segment being read is held.
 */
class Segmenter {
  /** The title of the nearest section heading read so far. */
  section: string | undefined;
  private segment: SegmentBlock | undefined;

  /**
   * Takes the next body element; pushes onto `out` the blocks it completes. A block's `section` is left out rather than
   * set to undefined, so plans compare and print without an empty key; blocks are made whole, not spread from another.
   */
  add(element: BodyElement, out: Block[]): void {
    switch (element.type) {
      case "Section":
        this.end(out);
        this.section = element.title.text;
        break;
      case "Include":
        // The included part is its own requests (compile.ts inserts them): it ends the segment being read.
        this.end(out);
        break;
      case "Song":
        this.end(out);
        out.push(this.section === undefined ? { kind: "song", song: element } : { kind: "song", song: element, section: this.section });
        break;
      case "Speech":
        this.segment ??= this.section === undefined ? { kind: "segment", speeches: [] } : { kind: "segment", speeches: [], section: this.section };
        this.segment.speeches.push(element);
        break;
      case "Sound":
        if (this.segment) (this.segment.sounds ??= []).push(element);
        else out.push({ kind: "sound", sound: element });
        break;
      case "Direction":
      case "Note":
      case "Invalid":
        break;
    }
  }

  /** Ends the segment being read, if any, pushing it onto `out`. */
  end(out: Block[]): void {
    if (this.segment) out.push(this.segment);
    this.segment = undefined;
  }
}

/** The body cut into segments and songs, in script order; a segment always holds at least one speech. */
export function segmentBody(body: readonly BodyElement[]): (SegmentBlock | SongBlock)[] {
  const segmenter = new Segmenter();
  const blocks: Block[] = [];
  for (const element of body) segmenter.add(element, blocks);
  segmenter.end(blocks);
  return blocks.filter((block) => block.kind !== "sound");
}
