import { distance } from "fastest-levenshtein";

/**
 * The candidate nearest to `word` by edit distance (case-insensitive), or undefined when none is close enough
 * to be a plausible typo: 1 edit for words up to 4 letters, 2 up to 8, else 3; a swap of two letters side by side
 * (`HOTS` for `HOST`) is one edit, the commonest typo of all.
 */
export function nearest(word: string, candidates: Iterable<string>): string | undefined {
  const w = word.toLowerCase();
  const limit = w.length <= 4 ? 1 : w.length <= 8 ? 2 : 3;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const c = candidate.toLowerCase();
    const d = isSwap(w, c) ? 1 : distance(w, c);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return bestDistance <= limit ? best : undefined;
}

/** Whether `a` is `b` with two neighbouring characters swapped. */
function isSwap(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  let i = 0;
  while (a[i] === b[i]) i++;
  return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}
