import { diagnostic } from "../../diagnostics/report.js";
import { nearest } from "../../diagnostics/suggest.js";
import { SECTION_NAMES } from "../../language/markers.js";
import type { Rule } from "../rule.js";

/** Lyric section markers name a known section, so the service reads them as structure, not as words to sing. */
export const knownMarkers: Rule = {
  name: "section markers are known",
  create: (ctx) => ({
    Marker(marker) {
      if (marker.canonical !== null) return;
      const near = nearest(marker.raw.replace(/\s*\d+$/, ""), SECTION_NAMES);
      const replacement = near ? `[${near}${marker.number ? ` ${marker.number}` : ""}]` : undefined;
      ctx.report(
        diagnostic("POD0305", marker.span, `unknown section marker [${marker.raw}] is sent as written`, {
          help: replacement
            ? `did you mean ${replacement}?`
            : `known sections: ${SECTION_NAMES.join(", ")}`,
          ...(replacement && { fixes: [{ title: `Change to ${replacement}`, span: marker.span, replacement }] }),
        }),
      );
    },
  }),
};
