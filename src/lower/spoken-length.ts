// How long spoken text takes to say, for estimates a writer sees before paying (the editor's hints). The service
// does not publish its speaking rate; 150 words a minute is the usual rate of conversational speech, and the one
// the local emulator speaks at.

export const WORDS_PER_MINUTE = 150;

/** The estimated milliseconds it takes to say `text`: its words at WORDS_PER_MINUTE. */
export function spokenMs(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = text.charCodeAt(i) <= 32;
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return words * (60_000 / WORDS_PER_MINUTE);
}
