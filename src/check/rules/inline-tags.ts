import type { Spoken } from "../../ast/nodes.js";
import type { Fix } from "../../diagnostics/diagnostic.js";
import { diagnostic } from "../../diagnostics/report.js";
import type { CheckContext } from "../context.js";
import type { Rule } from "../rule.js";

// `[laugh]` or `<break time="1s"/>` in a speech is sent as written: some voices act on such tags, others read them
// aloud, and podc cannot tell which. So a tag is a warning unless podc.json lists it in `speech.inlineTags`.
// (`[[ … ]]` is a note and never reaches this rule; `\[` keeps a bracket literal and is no tag.)

const TAG = /(?<!\\)\[([^\][\n]{1,40})\]|<\/?([A-Za-z][\w:-]*)(?:\s[^<>]*)?\/?>/g;

/** Inline tags in spoken text are allowed only when the configuration lists them. */
export const inlineTags: Rule = {
  name: "inline tags are ones the voices support",
  codes: ["POD0603"],
  create: (ctx) => {
    const allowed = new Set(ctx.config.speech.inlineTags.map((tag) => tag.toLowerCase()));
    let reported = 0;
    const eol = ctx.source.text.includes("\r\n") ? "\r\n" : ctx.source.text.includes("\r") ? "\r" : "\n";
    const check = (part: Spoken, opens: boolean) => {
      if (part.text.indexOf("[") === -1 && part.text.indexOf("<") === -1) return;
      // The part's text is its source slice unless a note was cut out of it; then the whole part is underlined.
      const exact = part.span.end.offset - part.span.start.offset === part.text.length;
      for (const m of part.text.matchAll(TAG)) {
        const name = (m[1] ?? m[2] ?? "").trim();
        if (allowed.has(name.toLowerCase())) continue;
        // Bounded output on hostile input: a line of ten thousand tags is a few warnings, not ten thousand.
        if (reported++ >= 100) return;
        const start = part.span.start.offset + m.index;
        const span = exact ? ctx.source.span(start, start + m[0].length) : part.span;
        const listIt = `if the voices act on it, list "${name}" in speech.inlineTags in podc.json`;
        // A parenthetical is a direction only right after the label's colon or on a line of its own: `(laugh)` in the
        // middle of a sentence would be spoken.
        const first = opens && m.index === 0;
        const help = first
          ? `${listIt}; otherwise write it as a parenthetical: (${name})`
          : `${listIt}; otherwise put it on a line of its own as a parenthetical, (${name}), which is not spoken`;
        ctx.report(
          diagnostic(
            "POD0603",
            span,
            { tag: m[0] },
            { help, ...(exact ? { fixes: [asParenthetical(part, m.index, m[0].length, name, first, eol, ctx)] } : {}) },
          ),
        );
      }
    };
    return {
      Speech(speech) {
        const head = speech.span.start.line;
        let firstPart = true;
        for (const part of speech.parts) {
          if (part.type === "Spoken") check(part, firstPart && speech.form === "inline" && part.span.start.line === head);
          if (part.type !== "Note") firstPart = false;
        }
      },
    };
  },
};

/**
 * The edit that makes a tag the parenthetical it means: in place where it opens the speech after the colon, else on a
 * line of its own between the words before and after it, which stay spoken by the same speaker.
 */
export function asParenthetical(part: Spoken, index: number, length: number, name: string, opens: boolean, eol: string, ctx: CheckContext): Fix {
  const at = part.span.start.offset + index;
  if (opens) return { title: `Write it as the parenthetical (${name})`, span: ctx.source.span(at, at + length), replacement: `(${name})` };
  const before = part.text.slice(0, index).trimEnd();
  const after = part.text.slice(index + length).trimStart();
  const from = part.span.start.offset + before.length;
  const to = part.span.start.offset + part.text.length - after.length;
  const replacement = (before === "" ? "" : eol) + `(${name})` + (after === "" ? "" : eol);
  return { title: `Put (${name}) on a line of its own`, span: ctx.source.span(from, to), replacement };
}
