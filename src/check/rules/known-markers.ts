import { diagnostic } from "../../diagnostics/report.js";
import { nearest } from "../../diagnostics/suggest.js";
import { SECTION_NAMES } from "../../language/markers.js";
import type { Rule } from "../rule.js";

// Free-form tags (`[Guitar Solo]`, `[Fade Out]`, `[End]`, `[Spoken Word]`) are how AI-music writers direct a song:
// they are sent as written and get no word. Only a tag whose name is a near miss of a known section (`[Chrous]`,
// `[Vesre 2]`) is a warning, with the fix: the service would read it as words, not as the section meant.

/** The name a free-form tag opens with: up to a number, a colon, a dash or a parenthesis. */
function headOf(raw: string): string {
  return raw.split(/\s*(?:\d|:|\s-\s|\(|,)/)[0]!.trim();
}

/** Tag lines that nearly name a known section are flagged with the fix; other free-form tags are fine. */
export const knownMarkers: Rule = {
  name: "section tags are spelled right",
  codes: ["POD0305"],
  create: (ctx) => ({
    Marker(marker) {
      if (marker.canonical !== null) return;
      const head = headOf(marker.raw);
      // A one-word tag is compared whole; longer tags are descriptions (`[Soft, intimate]`), not misspelt names.
      if (head === "" || head.split(/\s+/).length > 2) return;
      const near = nearest(head, SECTION_NAMES);
      if (near === undefined) return;
      const rest = marker.raw.slice(marker.raw.indexOf(head) + head.length);
      const replacement = `[${near}${rest}]`;
      ctx.report(
        diagnostic(
          "POD0305",
          marker.span,
          { written: marker.raw, near },
          {
            help: `did you mean ${replacement}? A section name the service does not know may be sung as words`,
            fixes: [{ title: `Change to ${replacement}`, span: marker.span, replacement }],
          },
        ),
      );
    },
  }),
};
