/*
 * Plain-text tables with aligned columns, for a terminal or a file. Widths are measured in terminal columns (a
 * Cyrillic or Japanese title is as wide as it looks), numbers are right-aligned, text left-aligned, and trailing
 * spaces are never written.
 */

export interface Column {
  header: string;
  align: "left" | "right";
  /** The widest a cell may be; longer text is cut with "…". */
  max?: number;
}

/** How many terminal columns a text takes (string-width, or code points when it is not loaded). */
export type Measure = (text: string) => number;

/** The table as lines, each starting with `indent`; a row shorter than the columns leaves the rest empty. */
export function renderTable(columns: readonly Column[], rows: readonly (readonly string[])[], measure: Measure, indent = "  "): string[] {
  const cells = rows.map((row) => columns.map((column, i) => fit(row[i] ?? "", column.max, measure)));
  const widths = columns.map((column, i) => Math.max(measure(column.header), ...cells.map((row) => measure(row[i]!))));
  const line = (row: readonly string[]) =>
    (
      indent +
      row
        .map((cell, i) => {
          const pad = " ".repeat(widths[i]! - measure(cell));
          return columns[i]!.align === "right" ? pad + cell : cell + pad;
        })
        .join("  ")
    ).trimEnd();
  return [line(columns.map((c) => c.header)), ...cells.map(line)];
}

function fit(text: string, max: number | undefined, measure: Measure): string {
  if (max === undefined || measure(text) <= max) return text;
  let cut = "";
  for (const char of text) {
    if (measure(cut + char + "…") > max) break;
    cut += char;
  }
  return `${cut}…`;
}
