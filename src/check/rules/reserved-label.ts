import { diagnostic } from "../../diagnostics/report.js";
import { RESERVED_LABELS } from "../../language/song-block.js";
import type { Rule } from "../rule.js";

/** No speaker is labelled SONG: that word opens and closes song blocks. */
export const reservedLabel: Rule = {
  name: "no speaker takes a reserved word",
  codes: ["POD0203"],
  create: (ctx) => ({
    CastEntry(entry) {
      if (!RESERVED_LABELS.has(entry.label.text)) return;
      ctx.report(
        diagnostic(
          "POD0203",
          entry.label.span,
          { label: entry.label.text },
          {
            help: "choose another label, such as SINGER",
          },
        ),
      );
    },
  }),
};
