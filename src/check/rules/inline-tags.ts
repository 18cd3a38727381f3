import type { Spoken } from "../../ast/nodes.js";
import { diagnostic } from "../../diagnostics/report.js";
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
    const check = (part: Spoken) => {
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
        ctx.report(
          diagnostic(
            "POD0603",
            span,
            { tag: m[0] },
            {
              help: `if the voices act on it, list "${name}" in speech.inlineTags in podc.json; otherwise write it as a parenthetical, such as (${name})`,
            },
          ),
        );
      }
    };
    return {
      Speech(speech) {
        for (const part of speech.parts) if (part.type === "Spoken") check(part);
      },
    };
  },
};
