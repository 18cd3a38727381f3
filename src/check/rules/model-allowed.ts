import type { TextAtom } from "../../ast/nodes.js";
import { diagnostic } from "../../diagnostics/report.js";
import { nearest } from "../../diagnostics/suggest.js";
import type { Rule } from "../rule.js";

/** When the project lists allowed models, every model a script names is one of them. */
export const modelAllowed: Rule = {
  name: "models are allowed",
  codes: ["POD0306"],
  create: (ctx) => {
    const allowed = ctx.config.models;
    if (!allowed) return {};
    const check = (value: TextAtom) => {
      if (value.text === "" || allowed.includes(value.text)) return;
      const near = nearest(value.text, allowed);
      ctx.report(
        diagnostic(
          "POD0306",
          value.span,
          { model: value.text },
          {
            help: near ? `did you mean ${near}?` : `allowed: ${allowed.join(", ")}`,
            ...(near && { fixes: [{ title: `Change to ${near}`, span: value.span, replacement: near }] }),
          },
        ),
      );
    };
    return {
      TitleEntry(entry) {
        if (entry.name === "model") check(entry.value);
      },
      SongHeader(header) {
        if (header.name === "model") check(header.value);
      },
    };
  },
};
