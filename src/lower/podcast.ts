import type { Speech } from "../ast/nodes.js";
import { spokenText } from "../ast/speech.js";
import { type Lexicon, respell } from "../language/lexicon.js";
import { readPause } from "../language/pauses.js";
import type { Span } from "../source/span.js";
import { PODCAST_PATH } from "../contract/paths.js";
import { requestKey } from "../contract/request-key.js";
import type { PodcastRequest } from "../contract/requests.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { diagnostic } from "../diagnostics/report.js";
import { advanceCodePoints, codePointLength } from "../source/text.js";
import type { Origin, PlannedPodcast, TurnPause } from "./plan.js";
import { type LongSentence, splitSpeech } from "./sentences.js";
import { cutTurns, type RequestLimits } from "./cut-points.js";

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
