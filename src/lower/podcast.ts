import type { Speech } from "../ast/nodes.js";
import { spokenText } from "../ast/speech.js";
import { PODCAST_PATH } from "../contract/paths.js";
import { requestKey } from "../contract/request-key.js";
import type { PodcastRequest } from "../contract/requests.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { diagnostic } from "../diagnostics/report.js";
import { advanceCodePoints, codePointLength } from "../source/text.js";
import type { Origin, PlannedPodcast } from "./plan.js";
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
}

/** The turns of one segment, and the warnings found making them. */
export interface SegmentTurns {
  turns: LoweredTurn[];
  diagnostics: Diagnostic[];
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
export function segmentTurns(speeches: readonly Speech[], cast: ReadonlyMap<string, string>, limit: number, options: { turns?: boolean } = {}): SegmentTurns {
  const wantTurns = options.turns !== false;
  // The turns as they are made: a turn's text grows as speeches are merged into it, and its length in code points is
  // kept beside it rather than in it, so that the turns need not be copied without it at the end (a long script's
  // turns are millions of objects).
  const turns: LoweredTurn[] = [];
  const lengths: number[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const speech of speeches) {
    if (!wantTurns && surelySaysWithin(speech, limit)) continue;
    const text = spokenText(speech);
    if (text === "") {
      diagnostics.push(emptySpeechWarning(speech));
      continue;
    }
    // A speaker without a voice was reported by the checks; skipping it here keeps lowering total.
    const voice = cast.get(speech.speaker.name);
    if (voice === undefined || voice === "") continue;
    const speaker = speech.speaker.name;
    const length = codePointLength(text);

    const last = turns.length - 1;
    const previous = turns[last];
    if (previous !== undefined && previous.speaker === speaker && lengths[last]! + 1 + length <= limit) {
      previous.text += " " + text;
      lengths[last]! += 1 + length;
      continue;
    }
    // Worked out only for a speech that starts a turn: a merged one's line is not kept.
    const line = speech.span.start.line;
    if (length <= limit) {
      // What splitSpeech would give for a speech that fits: itself, as one turn.
      turns.push({ text, voice, speaker, line });
      lengths.push(length);
      continue;
    }
    const split = splitSpeech(text, limit);
    for (const long of split.longSentences) diagnostics.push(longSentenceWarning(speech, long, limit));
    for (const chunk of split.chunks) {
      turns.push({ text: chunk, voice, speaker, line });
      lengths.push(codePointLength(chunk));
    }
  }
  return { turns: wantTurns ? turns : [], diagnostics };
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
export function podcastRequests(turns: readonly LoweredTurn[], limits: RequestLimits, section: string | undefined): PlannedPodcast[] {
  return cutTurns(turns, limits).map((cut) => request(turns, cut.from, cut.to, section, cut.after));
}

/** The request of turns[from, to), not empty. */
function request(turns: readonly LoweredTurn[], from: number, to: number, section: string | undefined, cutBy: Origin["cutBy"]): PlannedPodcast {
  const conversations: PodcastRequest["conversations"] = [];
  const speakers: string[] = [];
  for (let i = from; i < to; i++) {
    const turn = turns[i]!;
    // Key order text, voice: the body is sent as built.
    conversations.push({ text: turn.text, voice: turn.voice });
    speakers.push(turn.speaker);
  }
  const body = { conversations };
  // Members in the order a plan prints them and the body is sent.
  return {
    key: requestKey("POST", PODCAST_PATH, body),
    kind: "podcast",
    method: "POST",
    path: PODCAST_PATH,
    body,
    origin: originOf(turns[from]!.line, section, cutBy),
    speakers,
  };
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
