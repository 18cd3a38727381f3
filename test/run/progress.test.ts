/*
 * The three progress formats over one stream of events: a live view on a terminal (log-update), one
 * line per event without one, one JSON object per event with --json.
 */
import { PassThrough } from "node:stream";
import { stripVTControlCharacters } from "node:util";
import { describe, expect, it } from "vitest";
import type { JobRef, RunEvent } from "../../src/run/events.js";
import { JsonReporter } from "../../src/run/events.js";
import { LinesReporter } from "../../src/run/events.js";
import { fit, TtyReporter } from "../../src/run/tty-progress.js";

const ref: JobRef = { job: "k".repeat(64), kind: "song", label: 'song "Night Shift Anthem"', at: "ep.pod:21", episode: "ep", order: 2 };
const TRACE = "0123456789abcdef0123456789abcdef";
const EVENTS: RunEvent[] = [
  { type: "start", jobs: [ref], toSend: 1, alreadyDone: 0 },
  { type: "job", ref, phase: "sending" },
  { type: "job", ref, phase: "accepted", taskId: "1795316543714329155", traceId: TRACE, detail: "task 1795316543714329155" },
  { type: "job", ref, phase: "polling", taskId: "1795316543714329155", taskStatus: "running", traceId: TRACE },
  { type: "retry", ref, what: "queryTask", delayMs: 400, reason: "server-error: overloaded", traceId: TRACE },
  { type: "file", ref, path: "/repo/out/ep/02-night-shift-anthem-1.wav", bytes: 962_218, sha256: "ab", durationMs: 21_818, how: "downloaded", traceId: TRACE },
  { type: "job", ref, phase: "done", traceId: TRACE },
  { type: "end", exitCode: 0, counts: { done: 1 }, elapsedMs: 3200, manifests: ["/repo/out/ep/manifest.json"] },
];

function capture(tty: boolean): { stream: PassThrough & { isTTY?: boolean; columns?: number; rows?: number }; text: () => string } {
  const stream = Object.assign(new PassThrough(), tty ? { isTTY: true, columns: 160, rows: 40 } : {});
  let text = "";
  stream.on("data", (c: Buffer) => (text += c.toString("utf8")));
  return { stream, text: () => text };
}

describe("progress", () => {
  it("without a terminal: one line per event, each about a request showing its trace id", () => {
    const err = capture(false);
    const reporter = new LinesReporter(err.stream, "/repo");
    for (const event of EVENTS) reporter.event(event);
    reporter.close();
    const lines = err.text().trim().split("\n");
    expect(lines).toHaveLength(EVENTS.length);
    expect(lines[2]).toBe(`podc: [ep 02] song "Night Shift Anthem" (ep.pod:21): accepted task 1795316543714329155 [trace ${TRACE}]`);
    expect(lines[5]).toBe(
      `podc: [ep 02] song "Night Shift Anthem" (ep.pod:21): downloaded out/ep/02-night-shift-anthem-1.wav (962.2 kB, 21.8 s) [trace ${TRACE}]`,
    );
    expect(lines[1]).toContain("[no trace id yet]");
    for (const line of lines.filter((l) => l.includes("[ep 02]"))) expect(line).toMatch(/\[trace [0-9a-f]{32}\]|\[no trace id yet\]/);
    expect(lines.at(-1)).toBe("podc: 1 done (3.2 s)");
  });

  it("on a terminal: a live view redrawn in place by log-update, task ids kept above it", () => {
    const err = capture(true);
    const reporter = new TtyReporter(err.stream, "/repo", false);
    for (const event of EVENTS.slice(0, 4)) reporter.event(event);
    const live = err.text();
    expect(live).toContain("\u001b["); // cursor movement: the view is rewritten, not appended
    expect(live).toContain(`podc: [ep 02] song "Night Shift Anthem" (ep.pod:21): accepted task 1795316543714329155 [trace ${TRACE}]`);
    expect(live).toMatch(/› \[ep 02\] song "Night Shift Anthem" \(ep\.pod:21\) {2}polling: running +\d+\.\d s task 1795316543714329155 \[trace/);
    for (const event of EVENTS.slice(4)) reporter.event(event);
    reporter.close();
    expect(err.text()).toContain("podc: 1 done (3.2 s)");
    expect(err.text()).toMatch(/✔ \[ep 02\]/);
  });

  it("on an 80-column terminal: every line of the live view fits, its least useful columns cut first", () => {
    const err = capture(true);
    Object.assign(err.stream, { columns: 80, rows: 24 });
    const reporter = new TtyReporter(err.stream, "/repo", true);
    const long = { ...ref, label: 'song "A Title Long Enough To Push The Row Past Any Terminal"' };
    for (const event of EVENTS.slice(0, 4)) {
      if (event.type === "start") reporter.event({ ...event, jobs: [long] });
      else if (event.type === "job") reporter.event({ ...event, ref: long });
      else reporter.event(event);
    }
    reporter.close();
    // The table's lines (the header and one per job), as the terminal shows them once the escapes are taken out.
    const table = stripVTControlCharacters(err.text())
      .split("\n")
      .filter((line) => /^(podc run —| {2}[›✔✖·] )/.test(line));
    expect(table.length).toBeGreaterThan(2);
    for (const line of table) expect(line.length, line).toBeLessThan(80);
    // The state and the elapsed time stay; the name is cut, and the task and trace ids gave way.
    expect(table.at(-1)).toMatch(/^ {2}› \[ep 02\] song "A Title Long Enough To Push[^…]*… {2}polling: running +\d+\.\d s/);
    expect(table.at(-1)).not.toContain(TRACE);
  });

  it("cuts a line to its width by display columns, wide characters counted twice", () => {
    expect(fit([{ text: "abc" }, { text: "defghijk", paint: (t) => `<${t}>` }], 9)).toBe("abc<defgh…>");
    expect(fit([{ text: "夜勤の歌です" }, { text: "x" }], 10)).toBe("夜勤の歌…");
    // A part that would show fewer than four columns is left out whole.
    expect(fit([{ text: "abcdef" }, { text: "ghijkl" }], 9)).toBe("abcdef");
    expect(fit([{ text: "ab" }, { text: "" }, { text: "cd" }], 10)).toBe("abcd");
  });

  it("--json: one JSON object per event on stdout; task ids and problems also in words on stderr", () => {
    const out = capture(false);
    const err = capture(false);
    const reporter = new JsonReporter(out.stream, err.stream, "/repo");
    for (const event of EVENTS) reporter.event(event);
    reporter.event({ type: "problem", ref, problem: "ambiguous", message: "ep.pod:21: song: outcome unknown", traceId: TRACE });
    const parsed = out
      .text()
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as RunEvent & { time: string });
    expect(parsed.map((e) => e.type)).toEqual([...EVENTS.map((e) => e.type), "problem"]);
    expect(parsed.every((e) => typeof e.time === "string")).toBe(true);
    expect(err.text()).toContain("accepted task 1795316543714329155");
    expect(err.text()).toContain(`podc: error: ep.pod:21: song: outcome unknown [trace ${TRACE}]`);
  });
});
