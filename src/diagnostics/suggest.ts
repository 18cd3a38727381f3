import { distance } from "fastest-levenshtein";

/**
 * The candidate nearest to `word` by edit distance (case-insensitive), or undefined when none is close enough
 * to be a plausible typo: 1 edit for words up to 4 letters, 2 up to 8 (a swap of two letters is 2), else 3.
 */
export function nearest(word: string, candidates: Iterable<string>): string | undefined {
  const w = word.toLowerCase();
  const limit = w.length <= 4 ? 1 : w.length <= 8 ? 2 : 3;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const d = distance(w, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return bestDistance <= limit ? best : undefined;
}
