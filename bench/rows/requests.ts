// Requests re-billed by one edit: on long two-host sections (the generated `dialogue` shape, about 32 turns a section) and on
// the repository's real screenplays and examples, 300 random one-turn edits each (insert, delete, change in turn), the
// requests of the edited section that the next run would pay for, against podc's earlier cutting (every
// `turnsPerRequest` turns from the top). Counts, not times: the same seed gives the same figures on every machine.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { defaultConfig } from "../../src/config/defaults.js";
import { greedyCuts, planOf, planSegments, randomEdits, type EditOutcome } from "../lib/edit-stability.js";
import type { Plan } from "../../src/lower/plan.js";
import type { CutTurn, RequestLimits } from "../../src/lower/cut-points.js";
import { generate, random } from "../lib/inputs.js";
import type { Figure, Row } from "../lib/row.js";
import { quantile, summarize } from "../lib/stats.js";

const EDITS = 300;
const SEED = 45;

export const requests: Row = {
  id: "requests",
  title: "requests re-billed by one edit (insert, delete, change a turn), against cutting from the top",
  async run(context) {
    const { limits } = defaultConfig();
    const real = [
      ...readdirSync(join(context.root, "test", "fixtures", "real"))
        .filter((f) => f.endsWith(".fountain"))
        .map((f) => join("test", "fixtures", "real", f)),
      // The scripts at the top of examples/ (an example with its own podc.json sits in a folder of its own).
      ...readdirSync(join(context.root, "examples"))
        .filter((f) => f.endsWith(".pod"))
        .map((f) => join("examples", f)),
    ].sort();
    const inputs = {
      "two-host": [planOf(generate("dialogue", 64 * 1024), "two-host.pod")],
      real: real.map((f) => planOf(readFileSync(join(context.root, f), "utf8"), f)),
    };
    const out: Figure[] = [];
    for (const [name, plans] of Object.entries(inputs)) {
      const segments = plans.flatMap(planSegments);
      const outcomes = randomEdits(segments, limits, EDITS, random(SEED));
      const turns = segments.reduce((n, s) => n + s.length, 0);
      const count = (cutter: "content" | "greedy") => outcomes.map((o: EditOutcome) => o.rebilled[cutter]);
      const content = count("content");
      const greedy = count("greedy");
      const of = name === "two-host" ? "long two-host sections" : `real screenplays (${real.length})`;
      const baseline = (values: number[]) => ({ label: "from the top", unit: "" as const, value: summarize(values) });
      out.push({
        id: `requests.${name}.median`,
        label: `re-billed requests per edit, median, ${of}`,
        unit: "",
        value: summarize(content),
        baseline: baseline(greedy),
        target: { op: "<=", value: 1, of: "value" },
      });
      const p95 = (values: number[]) => summarize([quantile(values, 0.95)]);
      out.push({
        id: `requests.${name}.p95`,
        label: `re-billed requests per edit, p95, ${of}`,
        unit: "",
        value: p95(content),
        baseline: { label: "from the top", unit: "", value: p95(greedy) },
        target: { op: "<=", value: 2, of: "value" },
        note:
          `${EDITS} edits of ${segments.length} sections, ${turns} turns, seed ${SEED}; mean ${mean(content).toFixed(2)} against ${mean(greedy).toFixed(2)}; ` +
          `requests a section ${(contentRequests(plans) / segments.length).toFixed(1)} against ${(greedyRequests(segments, limits) / segments.length).toFixed(1)} from the top.`,
      });
    }
    return out;
  },
};

function mean(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

function contentRequests(plans: readonly Plan[]): number {
  return plans.reduce((n, plan) => n + plan.requests.filter((r) => r.kind === "podcast").length, 0);
}

function greedyRequests(segments: readonly CutTurn[][], limits: RequestLimits): number {
  return segments.reduce((n, s) => n + greedyCuts(s, limits).length, 0);
}
