/*
 * Lines fitted to a terminal's width (src/cli/terminal-lines.ts): split at spaces, continuations indented, colours
 * kept and counted as nothing, a word longer than a line cut where it must be, and no word lost or added.
 */
import { describe, expect, it } from "vitest";
import { fitLines } from "../../src/cli/terminal-lines.js";

const ACCEPTED =
  'podc: [lighthouse-keepers 03] song "Keeper\'s Waltz" (examples/lighthouse-keepers.pod:34): accepted task 1796683506889412154 [trace 7e9dc4c55a00de72d4cbc55cfdf0ce1c]';
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, "");

describe("lines fitted to a terminal", () => {
  it("splits a long line at spaces into lines of at most the width, continuations indented, every word kept", () => {
    const fitted = fitLines(ACCEPTED, 79).split("\n");
    expect(fitted.length).toBeGreaterThan(1);
    for (const line of fitted) expect(line.length).toBeLessThanOrEqual(79);
    for (const line of fitted.slice(1)) expect(line).toMatch(/^ {4}\S/);
    expect(fitted.join("\n").replace(/\n {4}/g, " ")).toBe(ACCEPTED);
  });

  it("leaves a line that fits as it is, and a short one with its colours", () => {
    expect(fitLines("podc: 6 done (2.2 s)\n", 79)).toBe("podc: 6 done (2.2 s)\n");
    const red = `\u001b[31merror: ${"x ".repeat(20)}\u001b[39m`;
    expect(fitLines(red, 79)).toBe(red);
  });

  it("keeps the colours of a line it splits, and cuts a word longer than a line without putting a space in it", () => {
    const path = `/home/writer/${"a".repeat(120)}/journal.jsonl`;
    const fitted = fitLines(`\u001b[33mpodc: taken back from its copy ${path}: nothing is sent again\u001b[39m`, 79).split("\n");
    for (const line of fitted) expect(plain(line).length).toBeLessThanOrEqual(79);
    expect(fitted[0]).toMatch(/^\u001b\[33m/);
    expect(
      plain(fitted.join("\n"))
        .replace(/\n {4}/g, "\n")
        .split("\n")
        .join(""),
    ).toContain(path);
  });
});
