import { codePointLength } from "./code-points.js";
import { cutSentence } from "./cut-sentence.js";
import { sentenceRanges, type SentenceRange } from "./sentences.js";

// A speech longer than the turn limit becomes several turns. Sentences are packed greedily: each turn
// takes as many whole sentences as fit, keeping the text between them as written (one space, or none
// between CJK sentences). A sentence longer than the limit starts a new turn and is cut into pieces; its
// last piece is then packed like a sentence, so the sentences after it may join it.

/** A sentence that did not fit in one turn and was cut. */
export interface LongSentence {
  text: string;
  /** Its length in code points. */
  length: number;
  /** True when it was cut where there was no space. */
  hardCut: boolean;
}

/** The turn texts of one speech's spoken text, and the sentences that had to be cut. */
export interface SpeechSplit {
  chunks: string[];
  longSentences: LongSentence[];
}

/** Splits spoken text into chunks of at most `limit` code points (`limit` ≥ 1), at sentence ends where possible. */
export function splitSpeech(text: string, limit: number): SpeechSplit {
  if (codePointLength(text) <= limit) return { chunks: text === "" ? [] : [text], longSentences: [] };

  const chunks: string[] = [];
  const longSentences: LongSentence[] = [];
  let current: SentenceRange | undefined;
  let currentLength = 0;
  const flush = (): void => {
    if (current !== undefined) chunks.push(text.slice(current.start, current.end));
    current = undefined;
    currentLength = 0;
  };

  for (const sentence of sentenceRanges(text)) {
    const length = codePointLength(text, sentence.start, sentence.end);
    if (length > limit) {
      flush();
      const cut = cutSentence(text, sentence, limit);
      longSentences.push({ text: text.slice(sentence.start, sentence.end), length, hardCut: cut.hardCut });
      const last = cut.pieces.pop();
      for (const piece of cut.pieces) chunks.push(text.slice(piece.start, piece.end));
      if (last !== undefined) {
        current = last;
        currentLength = codePointLength(text, last.start, last.end);
      }
      continue;
    }
    if (current !== undefined) {
      const joined = currentLength + codePointLength(text, current.end, sentence.start) + length;
      if (joined <= limit) {
        current = { start: current.start, end: sentence.end };
        currentLength = joined;
        continue;
      }
      flush();
    }
    current = sentence;
    currentLength = length;
  }
  flush();
  return { chunks, longSentences };
}
