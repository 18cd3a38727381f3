// Robust summaries of repeated measurements. On a shared machine a single run says little: figures are medians of
// paired runs (the subject and its baseline timed one right after the other), and the spread says how much to trust
// them.

/** The q-quantile (0 ≤ q ≤ 1) of `values`, interpolated between the two nearest ranks. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

/** The median of `values` (NaN for none). */
function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

/** Median with the interquartile range and the extremes: what every figure of the bench reports. */
export interface Summary {
  median: number;
  p25: number;
  p75: number;
  min: number;
  max: number;
  n: number;
  /** Every run's (or pair's) value, in the order measured: in the `--json` document, so that a comparison across commits sees the spread whole, not only its quartiles. */
  values: number[];
}

export function summarize(values: readonly number[]): Summary {
  return {
    median: median(values),
    p25: quantile(values, 0.25),
    p75: quantile(values, 0.75),
    min: Math.min(...values),
    max: Math.max(...values),
    n: values.length,
    values: [...values],
  };
}

/**
 * Runs `subject` and `baseline` `runs` times in pairs, alternating which goes first (ABBA), after `warmup` unrecorded
 * pairs; returns both series and the per-pair ratio subject/baseline, so that load from other processes, which moves
 * both members of a pair alike, cancels out of the ratio.
 */
export async function paired(
  runs: number,
  warmup: number,
  subject: () => Promise<number> | number,
  baseline: () => Promise<number> | number,
): Promise<{ subject: number[]; baseline: number[]; ratio: number[] }> {
  const out = { subject: [] as number[], baseline: [] as number[], ratio: [] as number[] };
  for (let i = 0; i < warmup + runs; i++) {
    let s: number;
    let b: number;
    if (i % 2 === 0) {
      s = await subject();
      b = await baseline();
    } else {
      b = await baseline();
      s = await subject();
    }
    if (i < warmup) continue;
    out.subject.push(s);
    out.baseline.push(b);
    out.ratio.push(s / b);
  }
  return out;
}
