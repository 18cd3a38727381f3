// Peers on the same text: podc reading a dialogue against the Fountain parsers writers already use.

import type { Figure, Row } from "../lib/row.js";
import { summarize } from "../lib/stats.js";

const MB = 1024 * 1024;

export const fountainPeers: Row = {
  id: "fountain",
  title: "peers on the same dialogue: podc against fountain-js and afterwriting's parser",
  async run(context) {
    const bytes = context.quick ? MB / 4 : MB;
    const path = context.input("dialogue", bytes);
    const t = await context.task<{ bytes: number; errors: number; podc: number[]; fountainJs: number[]; afterwriting: number[] }>("fountain", "peers", {
      path,
      runs: context.runs,
    });
    const size = `${(t.bytes / MB).toFixed(2)} MB dialogue`;
    const peer = (id: string, label: string, times: number[]): Figure => ({
      id: `fountain.${id}`,
      label: `${label}, ${size}`,
      unit: "ms",
      value: summarize(times),
      baseline: { label: "podc check", unit: "ms", value: summarize(t.podc) },
      ratio: { ...summarize(times.map((ms, i) => ms / t.podc[i]!)), of: "peer ÷ podc" },
    });
    const out = [peer("fountain-js", "fountain-js parse", t.fountainJs), peer("afterwriting", "afterwriting (aw-parser) parse", t.afterwriting)];
    if (t.errors > 0) out[0]!.note = `podc finds ${t.errors} errors in the dialogue: the comparison is off`;
    return out;
  },
};
