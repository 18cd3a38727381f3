import type { SongHeader } from "../../ast/nodes.js";
import { removeLines } from "../../diagnostics/line-fixes.js";
import { diagnostic } from "../../diagnostics/report.js";
import { nearest } from "../../diagnostics/suggest.js";
import { SONG_HEADERS } from "../../language/song-headers.js";
import type { Rule } from "../rule.js";

const HEADERS: readonly string[] = SONG_HEADERS;

/** Song headers are known keys, each given once. */
export const songHeaders: Rule = {
  name: "song headers are known and given once",
  codes: ["POD0304", "POD0307"],
  create: (ctx) => ({
    Song(song) {
      const seen = new Map<string, SongHeader>();
      for (const header of song.headers) {
        const earlier = seen.get(header.name);
        if (earlier) {
          ctx.report(
            diagnostic(
              "POD0307",
              header.key.span,
              { header: header.key.text },
              {
                help: "keep one line per header",
                // Removing the earlier line keeps what is sent: this one wins either way.
                fixes: [removeLines(ctx.source, earlier.span.start.line, earlier.span.end.line, `Remove the earlier ${earlier.key.text} line`)],
              },
            ),
          );
        }
        seen.set(header.name, header);
        if (HEADERS.some((h) => h.toLowerCase() === header.name)) continue;
        const near = nearest(header.key.text, HEADERS);
        ctx.report(
          diagnostic(
            "POD0304",
            header.key.span,
            { header: header.key.text },
            {
              help: near
                ? `did you mean ${near}?`
                : `song headers are ${HEADERS.slice(0, -1).join(", ")} and ${HEADERS.at(-1)}; if this line is a lyric, put a section marker such as [Verse] before it`,
              ...(near && { fixes: [{ title: `Change to ${near}`, span: header.key.span, replacement: near }] }),
            },
          ),
        );
      }
    },
  }),
};
