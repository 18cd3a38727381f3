import { DEFAULT_WORDS_PER_MINUTE } from "../config/defaults.js";

// How long spoken text takes to say, for estimates a writer sees before paying (podc stats, the editor's hints) and
// for placing turns in audio that holds several (a transcript's cues). Words are runs of non-space characters.

/** The estimated milliseconds it takes to say `text`: its words at `wordsPerMinute` (speech.wordsPerMinute). */
export function spokenMs(text: string, wordsPerMinute: number = DEFAULT_WORDS_PER_MINUTE): number {
  return wordsMs(wordCount(text), wordsPerMinute);
}

/** The estimated milliseconds it takes to say `words` words at `wordsPerMinute`. */
export function wordsMs(words: number, wordsPerMinute: number = DEFAULT_WORDS_PER_MINUTE): number {
  return words * (60_000 / wordsPerMinute);
}

/** The words of `text`: runs of characters other than white space and control characters. */
export function wordCount(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = text.charCodeAt(i) <= 32;
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return words;
}
