import { diagnostic } from "../../diagnostics/report.js";
import type { Rule } from "../rule.js";

/** Notes that start with TODO are listed, so unfinished work shows up in `podc check`. */
export const todoNotes: Rule = {
  name: "TODO notes are listed",
  codes: ["POD0501"],
  create: (ctx) => ({
    Note(note) {
      if (!/^TODO\b/.test(note.text)) return;
      ctx.report(diagnostic("POD0501", note.span, { note: note.text }));
    },
  }),
};
