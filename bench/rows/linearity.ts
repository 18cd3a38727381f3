// Time linear in the size: check's cost per megabyte from 1 MB to 50 MB, on realistic scripts and on short lines.

import type { Figure, Row } from "../lib/row.js";
import { summarize } from "../lib/stats.js";

const MB = 1024 * 1024;
const SHAPES = ["realistic", "short"];
const GROWTH_TARGET = 1.3;

export const linearity: Row = {
  id: "linearity",
  title: "check's time per MB from 1 to 50 MB (linear time)",
  async run(context) {
    const sizes = (context.quick ? [1, 5] : [1, 5, 20, 50]).map((s) => s * MB);
    const out: Figure[] = [];
    for (const shape of SHAPES) {
      const paths = sizes.map((bytes) => context.input(shape, bytes));
      const t = await context.task<{ sizes: { bytes: number; check: number[]; readSplit: number[] }[] }>("analysis", "scaling", {
        paths,
        runs: context.runs,
      });
      const perMb = t.sizes.map((s) => s.check.map((ms) => ms / (s.bytes / MB)));
      for (const [i, s] of t.sizes.entries()) {
        out.push({
          id: `linearity.${shape}.${Math.round(s.bytes / MB)}mb`,
          label: `check time per MB, ${Math.round(s.bytes / MB)} MB ${shape}`,
          unit: "ms/MB",
          value: summarize(perMb[i]!),
          baseline: { label: "read+split", unit: "ms", value: summarize(s.readSplit) },
        });
      }
      const first = summarize(perMb[0]!).median;
      const last = perMb[perMb.length - 1]!;
      out.push({
        id: `linearity.${shape}.growth`,
        label: `growth of time per MB, ${Math.round(sizes[0]! / MB)} → ${Math.round(sizes[sizes.length - 1]! / MB)} MB ${shape}`,
        unit: "×",
        value: summarize(last.map((v) => v / first)),
        ratio: { ...summarize(last.map((v) => v / first)), of: "÷ at the smallest" },
        target: { op: "<=", value: GROWTH_TARGET },
      });
    }
    return out;
  },
};
