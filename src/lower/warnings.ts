import type { Speech } from "../ast/nodes.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { advanceCodePoints } from "./code-points.js";
import type { LongSentence } from "./split-speech.js";

// The diagnostics lowering reports. Both are warnings: the plan is still produced, but a writer's words
// were either not sent (an empty speech) or sent differently from how they were written (a cut sentence).

export const EMPTY_SPEECH = "POD0601";
export const LONG_SENTENCE = "POD0602";

/** POD0601 on the speaker label: the speech has nothing to say aloud, so it makes no turn. */
export function emptySpeechWarning(speech: Speech): Diagnostic {
  return {
    code: EMPTY_SPEECH,
    severity: "warning",
    message: `speech by ${speech.speaker.name} has no spoken text, so it makes no turn`,
    span: speech.speaker.span,
    help: "parentheticals and notes are not spoken; write the line, or remove the speech",
  };
}

/** POD0602 on the speech: one of its sentences is longer than a turn may be, so it was cut. */
export function longSentenceWarning(speech: Speech, sentence: LongSentence, limit: number): Diagnostic {
  const how = sentence.hardCut
    ? `it has no space to cut at, so it was cut after ${limit} characters, possibly inside a word`
    : `it was cut at the last space before the limit`;
  return {
    code: LONG_SENTENCE,
    severity: "warning",
    message: `a sentence of ${sentence.length} characters is longer than a turn may be (${limit}): "${excerpt(sentence.text)}"`,
    span: speech.span,
    help: `${how}; end the sentence earlier, or raise limits.turnChars in podc.json`,
  };
}

const EXCERPT_LENGTH = 40;

function excerpt(text: string): string {
  const end = advanceCodePoints(text, 0, EXCERPT_LENGTH);
  return end < text.length ? `${text.slice(0, end)}…` : text;
}
