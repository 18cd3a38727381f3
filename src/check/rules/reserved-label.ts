import { diagnostic } from "../../diagnostics/report.js";
import type { Rule } from "../rule.js";

const RESERVED = new Set(["SONG", "END SONG"]);

/** No speaker is labelled SONG: that word opens and closes song blocks. */
export const reservedLabel: Rule = {
  name: "no speaker takes a reserved word",
  create: (ctx) => ({
    CastEntry(entry) {
      if (!RESERVED.has(entry.label.text)) return;
      ctx.report(
        diagnostic("POD0203", entry.label.span, `${entry.label.text} is reserved for song blocks and cannot be a speaker`, {
          help: "choose another label, such as SINGER",
        }),
      );
    },
  }),
};
