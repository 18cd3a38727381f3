import type { BodyElement, Script, Song, Sound, Speech } from "../ast/nodes.js";
import { directionTagMap, spokenText } from "../ast/speech.js";
import { titlePageValue } from "../ast/title-page.js";
import { isBedSong } from "../ast/song.js";
import type { Config } from "../config/schema.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { Origin, Plan, PlannedRequest, PlannedSound, PlannedPodcast, TurnPause } from "./plan.js";
import { diagnostic } from "../diagnostics/report.js";
import { type Lexicon, makeLexicon, respell } from "../language/lexicon.js";
import { songBody, songRequest } from "./song.js";
import { readPause } from "../language/pauses.js";
import type { Span } from "../source/span.js";
import { PODCAST_PATH } from "../contract/paths.js";
import { requestKey } from "../contract/canonical-json.js";
import type { PodcastRequest } from "../contract/requests.js";
import { advanceCodePoints, codePointLength } from "../source/text.js";
import { type LongSentence, splitSpeech } from "./sentences.js";
import { cutTurns, type RequestLimits } from "./cut-points.js";

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

// How merging and splitting meet: a speech is either appended whole to the previous turn or starts new
// turns; it is never divided between the two. It is appended (with one space) when the previous turn
// is by the same speaker and the merged text fits the limit. Otherwise it becomes its own turn, or, when
// longer than the limit, several turns at sentence ends; the next speech by the same speaker may then
// merge into the last of them. "Consecutive" means consecutive among the turns: a speech that makes no
// turn (empty, or a speaker without a voice) does not keep the speeches around it apart, and neither do
// directions or notes, which are not sent.

/** One turn of a segment, with the line of the speech it starts with (for the request's origin). */
export interface LoweredTurn {
  text: string;
  voice: string;
  /** The cast label whose speech the turn is: the transcript names it. */
  speaker: string;
  line: number;
  /** Silence before the turn in the episode, from the pauses written before it (`(beat)`, `(pause 2s)`): not sent. */
  pauseBeforeMs?: number;
}

/** Silence written after the last turn of a segment, and where its last pause is: it goes before what comes next. */
export interface TrailingPause {
  ms: number;
  span: Span;
}

/** The turns of one segment, and the warnings found making them. */
export interface SegmentTurns {
  turns: LoweredTurn[];
  diagnostics: Diagnostic[];
  /** Pauses after the segment's last turn; absent when there are none. */
  trailingPause?: TrailingPause;
  /** Whether the segment says anything (makes a turn), even when only warnings were wanted. */
  says: boolean;
}

/**
 * Turns of a run of speeches: empty speeches warned and skipped, same-speaker speeches merged, long ones split at
 * `limit` code points. With `turns: false` only the warnings are wanted (checking), and `turns` is empty.
 *
 * The warnings never depend on merging: a speech is merged only when it fits within the limit with the turn before,
 * and a speech within the limit is never split. So a speech that surely has something to say and surely fits (its
 * parts are no longer than the limit even before white space is collapsed) cannot be warned about, and when only
 * warnings are wanted its text is not even made: for a long script, that is most of lowering.
 */
export function segmentTurns(
  speeches: readonly Speech[],
  cast: ReadonlyMap<string, string>,
  limit: number,
  options: { turns?: boolean; directionTags?: ReadonlyMap<string, string> } = {},
): SegmentTurns {
  const wantTurns = options.turns !== false;
  const tags = options.directionTags !== undefined && options.directionTags.size > 0 ? options.directionTags : undefined;
  // The turns as they are made: a turn's text grows as speeches are merged into it, and its length in code points is
  // kept beside it rather than in it, so that the turns need not be copied without it at the end (a long script's
  // turns are millions of objects).
  const turns: LoweredTurn[] = [];
  const lengths: number[] = [];
  const diagnostics: Diagnostic[] = [];
  // Pauses written since the last turn: the next turn starts after them, never merged into the turn before.
  let pending: TrailingPause | undefined;
  let says = false;
  const add = (speech: Speech, hasPause: boolean) => {
    // Tags put in for parentheticals lengthen the text past what its parts say: no shortcut then.
    if (!wantTurns && pending === undefined && tags === undefined && surelySaysWithin(speech, limit)) {
      says = true;
      return;
    }
    const text = spokenText(speech, tags);
    if (text === "") {
      // A speech of pauses alone says nothing on purpose.
      if (!hasPause) diagnostics.push(emptySpeechWarning(speech));
      return;
    }
    // A speaker without a voice was reported by the checks; skipping it here keeps lowering total.
    const voice = cast.get(speech.speaker.name);
    if (voice === undefined || voice === "") return;
    const speaker = speech.speaker.name;
    const length = codePointLength(text);

    const last = turns.length - 1;
    const previous = turns[last];
    if (pending === undefined && previous !== undefined && previous.speaker === speaker && lengths[last]! + 1 + length <= limit) {
      previous.text += " " + text;
      lengths[last]! += 1 + length;
      return;
    }
    // Worked out only for a speech that starts a turn: a merged one's line is not kept.
    const line = speech.span.start.line;
    const first = turns.length;
    if (length <= limit) {
      // What splitSpeech would give for a speech that fits: itself, as one turn.
      turns.push({ text, voice, speaker, line });
      lengths.push(length);
    } else {
      const split = splitSpeech(text, limit);
      for (const long of split.longSentences) diagnostics.push(longSentenceWarning(speech, long, limit));
      for (const chunk of split.chunks) {
        turns.push({ text: chunk, voice, speaker, line });
        lengths.push(codePointLength(chunk));
      }
    }
    if (pending !== undefined && turns[first] !== undefined) turns[first].pauseBeforeMs = pending.ms;
    pending = undefined;
    says = true;
  };
  for (const speech of speeches) {
    const pieces = pausePieces(speech);
    if (pieces === undefined) {
      add(speech, false);
      continue;
    }
    for (const piece of pieces) {
      if (piece.pause !== undefined) pending = { ms: (pending?.ms ?? 0) + piece.pause.ms, span: piece.pause.span };
      else add(piece.speech, true);
    }
  }
  const out: SegmentTurns = { turns: wantTurns ? turns : [], diagnostics, says };
  if (pending !== undefined) out.trailingPause = pending;
  return out;
}

type PausePiece = { pause: TrailingPause; speech?: undefined } | { pause?: undefined; speech: Speech };

/**
 * A speech cut at its pauses, in order: the stretches of parts between them (each a speech of the same speaker) and the
 * pauses. Undefined for a speech without a pause, which is most of them.
 */
function pausePieces(speech: Speech): PausePiece[] | undefined {
  let pieces: PausePiece[] | undefined;
  let from = 0;
  const parts = speech.parts;
  const stretch = (to: number) => {
    if (to > from)
      pieces!.push({ speech: { ...speech, span: { start: parts[from]!.span.start, end: parts[to - 1]!.span.end }, parts: parts.slice(from, to) } });
  };
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part.type !== "Parenthetical") continue;
    const reading = readPause(part.text);
    if (reading.kind !== "pause") continue;
    pieces ??= [];
    stretch(i);
    pieces.push({ pause: { ms: reading.ms, span: part.span } });
    from = i + 1;
  }
  if (pieces === undefined) return undefined;
  stretch(parts.length);
  return pieces;
}

/**
 * Whether a speech's spoken text is surely not empty and surely at most `limit` code points long, read from its parts
 * alone: collapsing white space and trimming only shorten the parts and the spaces that join them, and a code point
 * is at least one UTF-16 unit.
 */
function surelySaysWithin(speech: Speech, limit: number): boolean {
  let length = -1;
  let says = false;
  for (const part of speech.parts) {
    if (part.type !== "Spoken") continue;
    length += part.text.length + 1;
    if (length > limit) return false;
    if (!says) {
      const first = part.text.charCodeAt(0);
      says = (first > 0x20 && first < 0x7f) || NOT_WHITE_SPACE.test(part.text);
    }
  }
  return says;
}

const NOT_WHITE_SPACE = /\S/;

// A segment's turns are cut into requests where cut-points.ts says; a request that continues its segment says in its
// origin what ended the one before (a content cut point, or a limit), so the boundaries show in `podc compile`.

/** The podcast requests of one segment's turns, each within both limits (each at least 1). */
export function podcastRequests(turns: readonly LoweredTurn[], limits: RequestLimits, section: string | undefined, lexicon?: Lexicon): PlannedPodcast[] {
  // Cut on the written turns: a lexicon entry changed re-bills the requests holding its word, never moves a cut.
  return cutTurns(turns, limits).map((cut) => request(turns, cut.from, cut.to, section, cut.after, lexicon));
}

/** The request of turns[from, to), not empty. */
function request(
  turns: readonly LoweredTurn[],
  from: number,
  to: number,
  section: string | undefined,
  cutBy: Origin["cutBy"],
  lexicon: Lexicon | undefined,
): PlannedPodcast {
  const conversations: PodcastRequest["conversations"] = [];
  const speakers: string[] = [];
  let pauses: TurnPause[] | undefined;
  let respelled = false;
  for (let i = from; i < to; i++) {
    const turn = turns[i]!;
    const said = lexicon === undefined ? turn.text : respell(turn.text, lexicon);
    if (said !== turn.text) respelled = true;
    // Key order text, voice: the body is sent as built.
    conversations.push({ text: said, voice: turn.voice });
    speakers.push(turn.speaker);
    if (i > from && turn.pauseBeforeMs !== undefined) (pauses ??= []).push({ beforeTurn: i - from, ms: turn.pauseBeforeMs });
  }
  const body = { conversations };
  // Members in the order a plan prints them and the body is sent.
  const planned: PlannedPodcast = {
    key: requestKey("POST", PODCAST_PATH, body),
    kind: "podcast",
    method: "POST",
    path: PODCAST_PATH,
    body,
    origin: originOf(turns[from]!.line, section, cutBy),
    speakers,
  };
  const before = turns[from]!.pauseBeforeMs;
  if (before !== undefined) planned.pauseBeforeMs = before;
  if (pauses !== undefined) planned.pauses = pauses;
  if (respelled) planned.written = turns.slice(from, to).map((turn) => turn.text);
  return planned;
}

/**
 * A request's origin, its members in the order they print, the absent ones left out. Made whole, not grown member by
 * member: an object given a member after it was made takes a second allocation to hold it, for every request of a plan.
 */
function originOf(line: number, section: string | undefined, cutBy: Origin["cutBy"]): Origin {
  if (section === undefined) return cutBy === undefined ? { line } : { line, cutBy };
  return cutBy === undefined ? { line, section } : { line, section, cutBy };
}

// The diagnostics lowering reports. Both are warnings: the plan is still produced, but a writer's words
// were either not sent (an empty speech) or sent differently from how they were written (a cut sentence).

/** POD0601 on the speaker label: the speech has nothing to say aloud, so it makes no turn. */
function emptySpeechWarning(speech: Speech): Diagnostic {
  return diagnostic(
    "POD0601",
    speech.speaker.span,
    { speaker: speech.speaker.name },
    {
      help: "parentheticals and notes are not spoken; write the line, or remove the speech",
    },
  );
}

/** POD0602 on the speech: one of its sentences is longer than a turn may be, so it was cut. */
function longSentenceWarning(speech: Speech, sentence: LongSentence, limit: number): Diagnostic {
  const how = sentence.hardCut
    ? `it has no space to cut at, so it was cut after ${limit} characters, possibly inside a word`
    : `it was cut at the last space before the limit`;
  return diagnostic(
    "POD0602",
    speech.span,
    { length: sentence.length, limit, excerpt: excerpt(sentence.text) },
    {
      help: `${how}; end the sentence earlier, or raise limits.turnChars in podc.json`,
    },
  );
}

const EXCERPT_LENGTH = 40;

function excerpt(text: string): string {
  const end = advanceCodePoints(text, 0, EXCERPT_LENGTH);
  return end < text.length ? `${text.slice(0, end)}…` : text;
}
