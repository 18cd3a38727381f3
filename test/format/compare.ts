// What formatting must keep: the request plan (bar the line each request starts on, which may move), the
// diagnostics by code, and every note and boneyard as written.

import { analyze } from "../../src/compile.js";
import type { Config } from "../../src/config/schema.js";
import { walk } from "../../src/ast/walk.js";
import { parse } from "../../src/parser/parse.js";

/** The plan's requests without `origin.line`, or undefined when the script has errors. */
export function requestsOf(text: string, config: Config): unknown {
  const plan = analyze(text, { file: "script.pod", config }).plan;
  return plan && { title: plan.title, requests: plan.requests.map((r) => ({ ...r, origin: { ...r.origin, line: 0 } })) };
}

/** The codes of every diagnostic, sorted (messages may name lines, which may move). */
export function codesOf(text: string, config: Config): string[] {
  // POD0118 asks for the blank line the formatter adds: the one diagnostic formatting may take away.
  return analyze(text, { file: "script.pod", config })
    .diagnostics.filter((d) => d.code !== "POD0118")
    .map((d) => `${d.severity} ${d.code}`)
    .sort();
}

/** Every note and boneyard exactly as written, in order. */
export function triviaOf(text: string): string[] {
  const { script, source } = parse(text);
  const slices: { at: number; text: string }[] = [];
  const add = (span: { start: { offset: number }; end: { offset: number } }) =>
    slices.push({ at: span.start.offset, text: source.text.slice(span.start.offset, span.end.offset) });
  walk(script, [{ Note: (note) => add(note.span), Boneyard: (boneyard) => add(boneyard.span) }]);
  return slices.sort((a, b) => a.at - b.at).map((s) => s.text);
}
