// Printing figures as a table with their targets, and the JSON document `--json` writes for comparing commits.

import type { Figure, Target, Unit } from "./row.js";
import type { Summary } from "./stats.js";

/** Whether a figure meets its target (undefined: it has none). */
export function judge(figure: Figure): boolean | undefined {
  if (!figure.target) return figure.pass;
  const { op, value, of = "ratio" } = figure.target;
  const measured = of === "ratio" ? figure.ratio?.median : figure.value.median;
  if (measured === undefined || Number.isNaN(measured)) return false;
  const met = op === "<=" ? measured <= value : measured >= value;
  return figure.pass === false ? false : met;
}

function number(value: number, unit: Unit): string {
  if (!Number.isFinite(value)) return "—";
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  const text = value.toFixed(digits);
  return unit === "" ? text : unit === "×" ? `${text}×` : `${text} ${unit}`;
}

function withSpread(s: Summary, unit: Unit): string {
  if (s.n <= 1) return number(s.median, unit);
  return `${number(s.median, unit)} [${number(s.p25, "")}–${number(s.p75, "")}]`;
}

function target(t: Target | undefined, unit: Unit): string {
  if (!t) return "—";
  return `${t.op === "<=" ? "≤" : "≥"} ${(t.of ?? "ratio") === "ratio" ? `${t.value}×` : number(t.value, unit)}`;
}

export interface Previous {
  figures: Figure[];
  commit?: string;
}

/** The table: one line per figure, medians with their interquartile range in brackets, the target and the verdict. */
export function table(figures: Figure[], previous?: Previous): string {
  const before = new Map(previous?.figures.map((f) => [f.id, f]));
  const head = ["figure", "measured [p25–p75]", "baseline", "ratio [p25–p75]", "target", "", "n"];
  if (previous) head.push(`before (${previous.commit?.slice(0, 7) ?? "file"})`);
  const rows = figures.map((f) => {
    const verdict = judge(f);
    const cells = [
      f.label,
      withSpread(f.value, f.unit),
      f.baseline ? `${number(f.baseline.value.median, f.baseline.unit)} ${f.baseline.label}` : "",
      f.ratio ? `${withSpread(f.ratio, "×")} ${f.ratio.of}` : "",
      target(f.target, f.unit),
      verdict === undefined ? "info" : verdict ? "pass" : "FAIL",
      String(f.value.n),
    ];
    if (previous) {
      const old = before.get(f.id);
      cells.push(old ? (old.ratio ? number(old.ratio.median, "×") : number(old.value.median, old.unit)) : "");
    }
    return cells;
  });
  const widths = head.map((_, i) => Math.max(...[head, ...rows].map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  return [line(head), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}
