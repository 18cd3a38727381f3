import { diagnostic } from "../../diagnostics/report.js";
import type { Rule } from "../rule.js";

/** Every song has at least one lyric line. */
export const songHasLyrics: Rule = {
  name: "every song has lyrics",
  codes: ["POD0302"],
  create: (ctx) => ({
    Song(song) {
      if (song.items.some((item) => item.type === "Lyric")) return;
      ctx.report(
        diagnostic(
          "POD0302",
          song.title.text !== "" ? song.title.span : song.span,
          { title: song.title.text },
          {
            help: "write the lyrics between the headers and END SONG, with section markers such as [Verse]",
          },
        ),
      );
    },
  }),
};
