import type { Speech } from "../ast/nodes.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { codePointLength } from "./code-points.js";
import { spokenText } from "./spoken-text.js";
import { splitSpeech } from "./split-speech.js";
import { emptySpeechWarning, longSentenceWarning } from "./warnings.js";

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
  line: number;
}

/** The turns of one segment, and the warnings found making them. */
export interface SegmentTurns {
  turns: LoweredTurn[];
  diagnostics: Diagnostic[];
}

interface DraftTurn {
  speaker: string;
  voice: string;
  line: number;
  pieces: string[];
  length: number;
}

/** Turns of a run of speeches: empty speeches warned and skipped, same-speaker speeches merged, long ones split at `limit` code points. */
export function segmentTurns(speeches: readonly Speech[], cast: ReadonlyMap<string, string>, limit: number): SegmentTurns {
  const drafts: DraftTurn[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const speech of speeches) {
    const text = spokenText(speech);
    if (text === "") {
      diagnostics.push(emptySpeechWarning(speech));
      continue;
    }
    // A speaker without a voice was reported by the checks; skipping it here keeps lowering total.
    const voice = cast.get(speech.speaker.name);
    if (voice === undefined || voice === "") continue;
    const speaker = speech.speaker.name;
    const line = speech.span.start.line;
    const length = codePointLength(text);

    const previous = drafts[drafts.length - 1];
    if (previous !== undefined && previous.speaker === speaker && previous.length + 1 + length <= limit) {
      previous.pieces.push(" ", text);
      previous.length += 1 + length;
      continue;
    }
    const split = splitSpeech(text, limit);
    for (const long of split.longSentences) diagnostics.push(longSentenceWarning(speech, long, limit));
    for (const chunk of split.chunks) {
      drafts.push({ speaker, voice, line, pieces: [chunk], length: codePointLength(chunk) });
    }
  }
  const turns = drafts.map((turn) => ({ text: turn.pieces.join(""), voice: turn.voice, line: turn.line }));
  return { turns, diagnostics };
}
